// One tool call of an agent loop: announced as a `tool_call` event, refused when the tool is not offered or
// its input is bad, its target worked out, the permission gate passed, run, and its result capped and
// announced as a `tool_result` event. A failing tool never throws: the model gets why, as an error result.
import type { RunEventInput } from '../engine/run-events';
import { isInside } from '../fs/inside';
import { outsidePathAllowed, privateNetworkAllowed } from '../permissions/decide';
import { isReadTool } from '../permissions/rules';
import { sandboxGrants } from '../permissions/sandbox-grants';
import { webSearchScope } from '../permissions/web-search-scope';
import type { ToolCallPart, ToolResultPart } from '../providers/gateway';
import type { PermissionGate } from './permission-gate';
import type { ToolCeiling } from './tool-ceiling';
import { capOutput } from './tools/output';
import { ToolInputError } from './tools/paths';
import {
  MAX_TOOL_OUTPUT,
  type AgentTool,
  type AgentToolContext,
  type AgentToolResult,
  type ToolTarget,
} from './types';

/** The note of a tool that cut its own output (tools/output.ts capOutput, Bash). */
const TRUNCATED = /\n\[output truncated: \d+ characters, first \d+ shown\]/;

export interface ToolCallDeps {
  runId: string;
  skillId: string;
  workdir: string;
  dataDir: string;
  /** The skill's own folder: read-only tools may read it (references/, scripts/) wherever the workdir is. */
  skillDir?: string;
  /** Every tool this process has: a call of one of them that is not offered is "not allowed", not "unknown". */
  tools: AgentTool[];
  emit: (event: RunEventInput) => void;
  signal: AbortSignal;
}

/** Runs a call with the tools `tools` offers; `resumed`: the call a resumed run waited in. */
export type CallTool = (
  stepId: string,
  call: ToolCallPart,
  tools: Map<string, AgentTool>,
  resumed?: boolean,
) => Promise<ToolResultPart>;

export function createToolCaller(d: ToolCallDeps, gate: PermissionGate, ceiling: ToolCeiling): CallTool {
  const toolCtx = (call?: { id: string; stepId: string }): AgentToolContext => ({
    ...(call ? { call } : {}),
    runId: d.runId,
    skillId: d.skillId,
    workdir: d.workdir,
    dataDir: d.dataDir,
    signal: d.signal,
    outsideAllowed: (tool, abs) =>
      (d.skillDir !== undefined && isReadTool(tool) && isInside(d.skillDir, abs)) ||
      outsidePathAllowed(tool, abs, gate.env()),
    privateNetworkAllowed: (url) => privateNetworkAllowed(url, gate.env()),
    sandboxGrants: () => sandboxGrants(gate.env(), ceiling.sandboxNames()),
    ...(d.skillDir !== undefined ? { skillDir: d.skillDir } : {}),
  });

  async function callTool(
    stepId: string,
    call: ToolCallPart,
    tools: Map<string, AgentTool>,
    resumed = false,
  ): Promise<ToolResultPart> {
    // the call a resumed run waited in is in the history already
    if (!resumed) d.emit({ type: 'tool_call', stepId, callId: call.id, tool: call.name, input: call.input });
    const result = await runCall(stepId, call, tools);
    // a tool that cut its own output (Bash keeps only the first 30,000 characters) already says so
    const output =
      result.output.length <= MAX_TOOL_OUTPUT + 1000 && TRUNCATED.test(result.output)
        ? result.output
        : capOutput(result.output);
    d.emit({
      type: 'tool_result',
      stepId,
      callId: call.id,
      tool: call.name,
      summary: result.summary,
      output,
      isError: result.isError === true,
    });
    return { id: call.id, name: call.name, output, ...(result.isError ? { isError: true } : {}) };
  }

  async function runCall(
    stepId: string,
    call: ToolCallPart,
    tools: Map<string, AgentTool>,
  ): Promise<AgentToolResult> {
    const refuse = (output: string): AgentToolResult => ({ output, summary: output, isError: true });
    const tool = tools.get(call.name);
    if (!tool) {
      const known =
        d.tools.some((t) => t.name === call.name) || call.name === 'Task' || call.name === 'TaskOutput';
      const nested = stepId.startsWith('task-') && (call.name === 'Task' || call.name === 'TaskOutput');
      const message = nested
        ? `tool ${call.name} is not allowed here: a sub-agent cannot start sub-agents`
        : known
          ? `tool ${call.name} is not allowed for skill ${d.skillId}`
          : `unknown tool ${call.name}; the tools here are ${[...tools.keys()].join(', ')}`;
      gate.refuseUnoffered(call, message);
      return refuse(message);
    }
    const parsed = tool.input.safeParse(call.input);
    if (!parsed.success) {
      const problems = parsed.error.issues
        .map((i) => `${i.path.length > 0 ? i.path.join('.') : 'input'}: ${i.message}`)
        .join('; ');
      return refuse(`bad input for ${tool.name}: ${problems}`);
    }
    const input = parsed.data as Record<string, unknown>;
    const ctx = toolCtx({ id: call.id, stepId });
    try {
      const target: ToolTarget = tool.target ? await tool.target(input, ctx) : { paths: [] };
      if (target.error !== undefined) return refuse(target.error);
      const permission = await gate.permit(stepId, call, tool, input, target);
      if (!permission.allowed) {
        if (permission.reason === 'cancelled') return refuse('cancelled');
        return {
          output: permission.reason,
          summary: `${tool.name} not run: ${permission.reason}`,
          isError: true,
        };
      }
      const permittedBy = permission.rule;
      return await tool.execute(input, {
        ...ctx,
        searchScope: () => webSearchScope(gate.env(), permittedBy),
      });
    } catch (error) {
      if (error instanceof ToolInputError) return refuse(error.message);
      if (d.signal.aborted) return refuse('cancelled');
      const message = error instanceof Error ? error.message : String(error);
      return refuse(`${tool.name} failed: ${message}`);
    }
  }

  return callTool;
}
