// One agent run (DESIGN §6): the tools a skill may use (tool-ceiling.ts: allowed-tools is the ceiling), the
// permission check before each call (permission-gate.ts), sub-agents (subagents.ts), AskUser (ask-user.ts),
// and the loop (loop.ts). This file wires them for one run.
import type { RunEvent } from '../../../shared/types/run';
import type { RunEventInput } from '../engine/run-events';
import type { ChatMessage, ModelTool, StreamTextResult } from '../providers/gateway';
import type { AuditEntry } from '../permissions/permission-repo';
import type { UserPrompts } from '../permissions/broker';
import type { PermissionMode, PermissionRules } from '../permissions/types';
import { loadShellParser } from '../permissions/shell-command';
import type { SkillActivation } from './activate-skill';
import { createAskUser } from './ask-user';
import { runAgentLoop, type AgentOutcome, type AgentState } from './loop';
import { createMetaTools } from './meta-tools';
import { createPermissionGate } from './permission-gate';
import type { AgentKind } from './agent-kinds';
import { agentSection, agentTools, createSubagentRunner, type RunSubagent, type SubStep } from './subagents';
import { createToolCaller } from './tool-call';
import { modelTools, toolCeiling } from './tool-ceiling';
import type { AgentTool } from './types';

export const DEFAULT_MAX_ITERATIONS = 20;

export interface AgentRunDeps {
  runId: string;
  skillId: string;
  /** The system prompt for the tools offered: the body plus the environment, skills and memory sections. */
  system: (tools: readonly string[]) => string;
  /** The loop's step (default `agent`). */
  stepId?: string;
  /** The skill's own folder: read-only tools may read it (references/, scripts/) wherever the workdir is. */
  skillDir?: string;
  state: AgentState;
  /** Every tool this process has (core, meta tools are added here, output, MCP). */
  tools: AgentTool[];
  allowedTools: readonly string[] | null;
  disallowedTools: readonly string[];
  maxIterations: number;
  contextTokens: number;
  workdir: string;
  dataDir: string;
  mode: PermissionMode;
  rules: () => PermissionRules;
  addSkillRule: (rule: string) => void;
  audit: (entry: AuditEntry) => void;
  prompts: UserPrompts;
  permissionTimeoutMs?: number;
  /** One model turn of step `stepId` (tokens streamed as events). */
  turn: (
    stepId: string,
    request: { system: string; messages: ChatMessage[]; tools: ModelTool[] },
  ) => Promise<StreamTextResult>;
  emit: (event: RunEventInput) => void;
  /** Sends an event already in the run's history to whoever follows the run, without logging it again. */
  replay: (event: RunEvent) => void;
  /** A resumed run: the AskUser questions it was waiting on, asked again under the same request ids. */
  reopenQuestions?: Extract<RunEvent, { type: 'ask_user' }>[];
  save: (state: AgentState) => void;
  /** The Skill tool: another skill's instructions, rendered with its own config and these arguments. */
  activateSkill: (name: string, args: string) => Promise<SkillActivation>;
  /** Starts and ends a sub-agent's step (step_start, subagent_start … subagent_end in the run). */
  subStep: SubStep;
  /**
   * `context: fork`: the run itself is a sub-agent of this kind — its tools and turns, no Task tools
   * (sub-agents do not nest); `task` names what it works on in its system prompt.
   */
  fork?: { kind: AgentKind; task: string };
  signal: AbortSignal;
}

export async function runAgent(d: AgentRunDeps): Promise<AgentOutcome> {
  await loadShellParser(); // the permission rules read Bash commands with it
  const ceiling = toolCeiling(d.allowedTools, d.disallowedTools);
  const gate = createPermissionGate(d, ceiling.grants, ceiling.denies);
  const callTool = createToolCaller(d, gate, ceiling);
  const ask = createAskUser(d);
  const metaTools = (runSubagent: RunSubagent | null) =>
    createMetaTools({
      skillId: d.skillId,
      dataDir: d.dataDir,
      todos: () => d.state.todos,
      setTodos: (todos) => {
        d.state.todos = todos;
        d.save(d.state);
      },
      ask,
      activateSkill: d.activateSkill,
      runSubagent,
    });
  const runSubagent = createSubagentRunner({
    ...d,
    // no nesting: a sub-agent has no Task tools
    tools: () => [...d.tools, ...metaTools(null)],
    ceiling,
    callTool,
  });
  const tools = d.fork
    ? agentTools(d.fork.kind, [...d.tools, ...metaTools(null)], ceiling)
    : ceiling.offered([...d.tools, ...metaTools(runSubagent)], 'all');
  const stepId = d.stepId ?? 'agent';
  const system = d.system([...tools.keys()]);
  return runAgentLoop({
    system: d.fork ? `${system}\n\n${agentSection(d.fork.kind, d.fork.task)}` : system,
    state: d.state,
    tools: modelTools(tools),
    maxIterations: d.maxIterations,
    contextTokens: d.contextTokens,
    model: (request) => d.turn(stepId, request),
    callTool: (call, resumed) => callTool(stepId, call, tools, resumed),
    save: d.save,
    signal: d.signal,
  });
}

export type { RunEvent };
