// Sub-agents (DESIGN §6): the Task tool starts one — explore, plan or general-purpose — with its own
// conversation on a self-contained task, as a step of its own in the run, and hands back its final answer;
// run in the background, TaskOutput reads it later. A sub-agent shares the run's grants and permission gate
// but has no Task tools: sub-agents do not nest.
import { z } from 'zod';
import type { ChatMessage, ModelTool, StreamTextResult } from '../providers/gateway';
import { runAgentLoop, type AgentOutcome, type AgentState } from './loop';
import { isReadOnlyCommand } from './read-only-command';
import type { CallTool } from './tool-call';
import { modelTools, type ToolCeiling } from './tool-ceiling';
import { defineTool, type AgentTool, type AgentToolResult } from './types';

export type SubagentType = 'explore' | 'plan' | 'general-purpose';

/** Where a sub-agent came from: the Task call (`callId`) of step `parentStepId`; `taskId` when in the background. */
export interface SubagentOrigin {
  parentStepId: string;
  callId: string;
  taskId?: string;
}

/** Runs a sub-agent to its end. */
export type RunSubagent = (
  type: SubagentType,
  description: string,
  prompt: string,
  origin: SubagentOrigin,
) => Promise<AgentToolResult>;

export const SUBAGENTS: Record<
  SubagentType,
  { tools: string[] | 'all'; maxIterations: number; readOnlyBash?: boolean }
> = {
  explore: { tools: ['Read', 'Glob', 'Grep'], maxIterations: 5 },
  plan: { tools: ['Read', 'Glob', 'Grep', 'Bash'], maxIterations: 10, readOnlyBash: true },
  'general-purpose': { tools: 'all', maxIterations: 10 },
};

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
        const origin = { parentStepId: ctx.call?.stepId ?? '', callId: ctx.call?.id ?? '' };
        if (!run_in_background) return run(subagent_type, description, prompt, origin);
        const id = `task_${++taskCount}`;
        const entry: Background = {
          description,
          status: 'running',
          done: run(subagent_type, description, prompt, { ...origin, taskId: id }).then(
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
  agent: SubagentType;
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
  return async (type, description, prompt, origin) => {
    const spec = SUBAGENTS[type];
    const stepId = `task-${++subagents}`;
    const sub = d.subStep(stepId, `${type}: ${description}`, { ...origin, agent: type, description, prompt });
    let tools = d.ceiling.offered(d.tools(), spec.tools);
    if (spec.readOnlyBash && tools.has('Bash')) {
      tools = new Map(tools);
      tools.set('Bash', readOnlyBash(tools.get('Bash')!));
    }
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
        system: `${d.system([...tools.keys()])}\n\n# Sub-agent\nYou are a ${type} sub-agent working on: ${description}. Answer with your findings when done.`,
        state,
        tools: modelTools(tools),
        maxIterations: spec.maxIterations,
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
      ? { output: outcome.output, summary: `${type} sub-agent finished: ${description}` }
      : {
          output: `the sub-agent stopped: ${outcome.error}${outcome.output ? `\n${outcome.output}` : ''}`,
          summary: `${type} sub-agent failed: ${description}`,
          isError: true,
        };
  };
}
