// Sub-agents (DESIGN §6): the Task tool starts one — explore, plan or general-purpose — with its own
// conversation on a self-contained task, as a step of its own in the run, and hands back its final answer;
// run in the background, TaskOutput reads it later. The Skill tool starts one for a skill with
// `context: fork` (its `agent:`, agent-kinds.ts). A sub-agent shares the run's grants and permission gate
// but has no Task tools: sub-agents do not nest.
import { z } from 'zod';
import type { ChatMessage, ModelTool, StreamTextResult } from '../providers/gateway';
import { BUILTIN_AGENTS, type AgentKind } from './agent-kinds';
import { runAgentLoop, type AgentOutcome, type AgentState } from './loop';
import { isReadOnlyCommand } from './read-only-command';
import type { CallTool } from './tool-call';
import { modelTools, type ToolCeiling } from './tool-ceiling';
import { defineTool, type AgentTool, type AgentToolResult } from './types';

export type SubagentType = keyof typeof BUILTIN_AGENTS;

/** Where a sub-agent came from: the Task call (`callId`) of step `parentStepId`; `taskId` when in the background. */
export interface SubagentOrigin {
  parentStepId: string;
  callId: string;
  taskId?: string;
}

/** Runs a sub-agent of that kind to its end. */
export type RunSubagent = (
  kind: AgentKind,
  description: string,
  prompt: string,
  origin: SubagentOrigin,
) => Promise<AgentToolResult>;

const ok = (output: string, summary: string): AgentToolResult => ({ output, summary });
const fail = (output: string, summary = output): AgentToolResult => ({ output, summary, isError: true });

interface Background {
  description: string;
  status: 'running' | 'completed' | 'failed';
  done: Promise<AgentToolResult>;
  result?: AgentToolResult;
}

/** Task and TaskOutput: the tasks started in the background are this tool set's own. */
export function createTaskTools(run: RunSubagent): AgentTool[] {
  const tasks = new Map<string, Background>();
  let taskCount = 0;
  return [
    defineTool({
      name: 'Task',
      description:
        'Starts a sub-agent with its own history on a self-contained task and returns its final answer. subagent_type: explore (Read/Glob/Grep, 5 turns), plan (those + read-only Bash, 10), general-purpose (all tools but Task, 10). run_in_background returns a task id for TaskOutput.',
      effect: 'meta',
      input: z.object({
        description: z.string().min(1),
        prompt: z.string().min(1),
        subagent_type: z.enum(['explore', 'plan', 'general-purpose']).default('general-purpose'),
        run_in_background: z.boolean().optional(),
      }),
      async execute({ description, prompt, subagent_type, run_in_background }, ctx) {
        const kind = BUILTIN_AGENTS[subagent_type];
        const origin = { parentStepId: ctx.call?.stepId ?? '', callId: ctx.call?.id ?? '' };
        if (!run_in_background) return run(kind, description, prompt, origin);
        const id = `task_${++taskCount}`;
        const entry: Background = {
          description,
          status: 'running',
          done: run(kind, description, prompt, { ...origin, taskId: id }).then(
            (result) => {
              entry.status = result.isError ? 'failed' : 'completed';
              entry.result = result;
              return result;
            },
            (error: unknown) => {
              entry.status = 'failed';
              entry.result = fail(error instanceof Error ? error.message : String(error));
              return entry.result;
            },
          ),
        };
        tasks.set(id, entry);
        return ok(
          `started task ${id} in the background; read its result with TaskOutput`,
          `Started ${description} (${id})`,
        );
      },
    }),
    defineTool({
      name: 'TaskOutput',
      description: 'The status or result of a background task: block (default true) waits for it to end.',
      effect: 'meta',
      input: z.object({ task_id: z.string(), block: z.boolean().optional() }),
      async execute({ task_id, block }) {
        const task = tasks.get(task_id);
        if (!task) return fail(`no task ${task_id}`);
        if (block === false && task.status === 'running')
          return ok(`task ${task_id} is still running`, `${task_id}: running`);
        const result = await task.done;
        return {
          output: `task ${task_id} ${task.status}:\n${result.output}`,
          summary: `${task_id}: ${task.status}`,
          isError: result.isError,
        };
      },
    }),
  ];
}

/** Bash as a plan sub-agent has it: a command that is not read-only is refused before any permission check. */
export function readOnlyBash(bash: AgentTool): AgentTool {
  return {
    ...bash,
    async target(input, ctx) {
      const command = String((input as { command?: unknown }).command ?? '');
      if (!isReadOnlyCommand(command))
        return {
          paths: [],
          command,
          error: `a plan sub-agent only runs read-only commands; "${command}" is not one`,
        };
      return bash.target ? bash.target(input, ctx) : { paths: [], command };
    },
  };
}

/**
 * The tools an agent of this kind is offered: the skill's ceiling, then the kind's own list and what it
 * takes away; a plan agent's Bash runs only read-only commands.
 */
export function agentTools(
  kind: AgentKind,
  all: readonly AgentTool[],
  ceiling: ToolCeiling,
): Map<string, AgentTool> {
  const tools = ceiling.offered(all, kind.tools);
  for (const name of kind.disallowedTools ?? []) tools.delete(name);
  if (kind.readOnlyBash && tools.has('Bash')) tools.set('Bash', readOnlyBash(tools.get('Bash')!));
  return tools;
}

/** What the system prompt says to an agent of this kind (a custom agent's own instructions after it). */
export function agentSection(kind: AgentKind, task: string): string {
  const said = `# Sub-agent\nYou are a ${kind.name} sub-agent working on: ${task}. Answer with your findings when done.`;
  return kind.instructions ? `${said}\n\n${kind.instructions}` : said;
}

export interface SubagentDeps {
  /** The system prompt for the tools offered (the sub-agent's section is added to it). */
  system: (tools: readonly string[]) => string;
  /** The tools a sub-agent may be offered, before the ceiling and its kind narrow them (no Task tools). */
  tools: () => AgentTool[];
  ceiling: ToolCeiling;
  /** The run's state: a sub-agent shares its grants. */
  state: AgentState;
  contextTokens: number;
  turn: (
    stepId: string,
    request: { system: string; messages: ChatMessage[]; tools: ModelTool[] },
  ) => Promise<StreamTextResult>;
  callTool: CallTool;
  /** Starts and ends a sub-agent's step (step_start, subagent_start … subagent_end in the run). */
  subStep: SubStep;
  signal: AbortSignal;
}

/** What a sub-agent's step is told when it starts (for its card in the run view). */
export interface SubagentStart extends SubagentOrigin {
  agent: string;
  description: string;
  prompt: string;
}

export interface SubagentEnd {
  status: 'succeeded' | 'failed' | 'cancelled';
  output: string | null;
  error: string | null;
}

export type SubStep = (
  stepId: string,
  name: string,
  start: SubagentStart,
) => { end: (end: SubagentEnd) => void };

/** Each sub-agent is step `task-N` of the run; its conversation is not saved (a restart does not resume it). */
export function createSubagentRunner(d: SubagentDeps): RunSubagent {
  let subagents = 0;
  return async (kind, description, prompt, origin) => {
    const stepId = `task-${++subagents}`;
    const sub = d.subStep(stepId, `${kind.name}: ${description}`, {
      ...origin,
      agent: kind.name,
      description,
      prompt,
    });
    const tools = agentTools(kind, d.tools(), d.ceiling);
    const state: AgentState = {
      messages: [{ role: 'user', content: prompt }],
      iteration: 0,
      pending: null,
      todos: [],
      runGrants: d.state.runGrants,
      lastText: '',
    };
    let outcome: AgentOutcome;
    try {
      outcome = await runAgentLoop({
        system: `${d.system([...tools.keys()])}\n\n${agentSection(kind, description)}`,
        state,
        tools: modelTools(tools),
        maxIterations: kind.maxIterations,
        contextTokens: d.contextTokens,
        model: (request) => d.turn(stepId, request),
        callTool: (call) => d.callTool(stepId, call, tools),
        save: () => undefined,
        signal: d.signal,
      });
    } catch (error) {
      // a model call that failed (after its retries) ends the sub-agent, not the agent that started it
      outcome = { ok: false, output: null, error: error instanceof Error ? error.message : String(error) };
    }
    sub.end(
      outcome.ok
        ? { status: 'succeeded', output: outcome.output, error: null }
        : {
            status: d.signal.aborted ? 'cancelled' : 'failed',
            output: outcome.output || null,
            error: outcome.error,
          },
    );
    return outcome.ok
      ? { output: outcome.output, summary: `${kind.name} sub-agent finished: ${description}` }
      : {
          output: `the sub-agent stopped: ${outcome.error}${outcome.output ? `\n${outcome.output}` : ''}`,
          summary: `${kind.name} sub-agent failed: ${description}`,
          isError: true,
        };
  };
}
