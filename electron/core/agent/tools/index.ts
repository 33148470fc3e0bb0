// The built-in agent tools, named as Claude Code names them so its skills work unchanged.
import type { AgentTool } from '../types';
import type { SandboxProbeOptions } from '../sandbox';
import { unconfiguredWebSearch, type WebSearch } from '../../search/web-search';
import { bashTool, createBashTool } from './bash';
import { editTool } from './edit';
import { globTool } from './glob';
import { grepTool } from './grep';
import { readTool } from './read';
import { webFetchTool } from './web-fetch';
import { createWebSearchTool } from './web-search';
import { writeTool } from './write';

/** The tools that act on files (their paths confined to the working directory). */
export const fileTools: readonly AgentTool[] = [readTool, writeTool, editTool, globTool, grepTool];

/**
 * All eight core tools: the file tools, Bash, WebFetch and WebSearch. A new array each call. `sandbox`:
 * where Bash finds its sandbox (default: bwrap on PATH / the system's sandbox-exec); `webSearch`: the
 * search in force (default: DuckDuckGo, nothing configured).
 */
export function agentToolsCore(
  options: { sandbox?: SandboxProbeOptions; webSearch?: WebSearch } = {},
): AgentTool[] {
  const bash = options.sandbox ? createBashTool({ sandbox: options.sandbox }) : bashTool;
  return [
    ...fileTools,
    bash,
    webFetchTool,
    createWebSearchTool(options.webSearch ?? unconfiguredWebSearch()),
  ];
}

export { bashTool, editTool, globTool, grepTool, readTool, webFetchTool, writeTool };
export { resolveToolPath, ToolInputError } from './paths';
