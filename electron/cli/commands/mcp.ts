import type { Readable, Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createSkillsMcpServer, quietPorts } from '../../core/mcp/server';
import type { ProviderKind } from '../../core/providers/gateway';
import type { WebSearchOptions } from '../../core/search/web-search';
import type { SkillDir } from '../../core/skills/sources';
import { openCliCore } from '../cli-core';
import type { Io } from '../io';
import { packageVersion } from '../paths';

export interface McpOptions {
  skillDirs: SkillDir[];
  /** `--plugin-dir` folders. */
  pluginDirs?: string[];
  dataDirFlag: string | undefined;
  provider?: ProviderKind;
  baseUrl?: string;
  model?: string;
  /** `--search-backend`, `--search-url`, `--search-key-env`: WebSearch's backend over the settings. */
  webSearch?: WebSearchOptions;
  apiKeyEnv?: string[];
  /** The transport's streams (process stdin/stdout in the CLI). */
  stdin?: Readable;
  stdout?: Writable;
  /** Stops the server (SIGINT/SIGTERM in the CLI). */
  stop?: AbortSignal;
}

/**
 * `skilldeck mcp`: the skills as an MCP server on stdio, until stdin ends or `stop` fires. stdout carries
 * only the protocol: results come back in tool answers, and everything else goes to stderr (`io.err`).
 */
export async function mcpCommand(options: McpOptions, io: Io): Promise<number> {
  const stdin = options.stdin ?? process.stdin;
  const stdout = options.stdout ?? process.stdout;
  const core = openCliCore(
    { ...options, ports: quietPorts((line) => io.err(`skilldeck: ${line}`)) },
    io,
    { warmShellParser: true }, // a server: its first permission check should not wait for the parser
  );
  if (!core) return 1;
  // A stray console.log from a dependency would corrupt the protocol stream.
  const consoleLog = console.log;
  if (stdout === process.stdout) console.log = console.error;
  const server = createSkillsMcpServer(core, { version: packageVersion() });
  const transport = new StdioServerTransport(stdin, stdout);
  try {
    const ended = new Promise<void>((resolve) => {
      transport.onclose = resolve;
      stdin.once('end', resolve);
      stdin.once('close', resolve);
      options.stop?.addEventListener('abort', () => resolve(), { once: true });
    });
    await server.connect(transport);
    await core.skills.ready();
    io.err(`skilldeck: serving ${core.skills.list().length} skills over MCP on stdio`);
    await ended;
    return 0;
  } finally {
    await server.close().catch(() => undefined);
    await core.executor.shutdown();
    core.close();
    await core.skills.close();
    console.log = consoleLog;
  }
}
