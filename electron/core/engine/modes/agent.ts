// `execution-mode: agent` (and an autonomous action that lists tools): the agent loop of ../../agent with
// the run's tools, permissions, working directory and system prompt, in one step of the run. Its model
// turns stream as that step's tokens; a sub-agent (Task) gets a step of its own.
import fs from 'node:fs/promises';
import path from 'node:path';
import { AppError, type ErrorWords } from '../../../../shared/ipc/result';
import os from 'node:os';
import { activateForModel } from '../../agent/activate-skill';
import { pluginOfSkill, resolveAgent, type AgentKind } from '../../agent/agent-kinds';
import { DEFAULT_MAX_ITERATIONS, runAgent } from '../../agent/agent-run';
import { DEFAULT_CONTEXT_TOKENS } from '../../agent/context-budget';
import { newAgentState, type AgentState } from '../../agent/loop';
import { agentSystemPrompt } from '../../agent/system-prompt';
import type { ChatMessage, ModelTool, StreamTextResult } from '../../providers/gateway';
import type { AskUserEvent } from '../resume';
import type { Outcome, RunExecution } from '../run-execution';
import { renderBody, userMessage } from '../skill-io';
import type { StepResult } from '../step-runner';

/** The run is one agent step; a resumed run continues its saved conversation. */
export async function runAgentMode(run: RunExecution): Promise<Outcome> {
  const state = (run.saved.agent ??= newAgentState(userMessage(run.ctx)));
  return agentLoop(run, {
    stepId: 'agent',
    name: run.title,
    index: 0,
    total: 1,
    body: renderBody(run.body, run.ctx),
    state,
    allowedTools: run.definition.allowedTools,
    save: () => run.saveState(),
    announce: !run.resumed,
    reopenQuestions: run.reopenQuestions,
    fork: true,
  });
}

/** An autonomous action that lists tools: an agent loop with those tools (and the skill's ceiling). */
export async function runActionAgent(
  run: RunExecution,
  info: { id: string; name: string; index: number; total: number },
  system: string,
  user: string,
  tools: string[],
): Promise<StepResult> {
  const ceiling = run.definition.allowedTools;
  const allowed = ceiling === null ? tools : tools.filter((t) => ceiling.includes(t));
  const outcome = await agentLoop(run, {
    stepId: info.id,
    name: info.name,
    index: info.index,
    total: info.total,
    body: system,
    state: newAgentState(user),
    allowedTools: allowed,
    save: () => undefined,
    announce: true,
  });
  if (outcome.ok) return { ok: true, output: outcome.output };
  return { ok: false, error: outcome.error, cancelled: outcome.error === 'cancelled' };
}

/**
 * What an agent loop runs inside: a run (RunExecution), or a follow-up of a finished agent run, which
 * continues the run's conversation under step `turn:N` (engine/follow-up.ts).
 */
export type AgentHost = Pick<
  RunExecution,
  | 'deps'
  | 'definition'
  | 'runId'
  | 'skillId'
  | 'ctx'
  | 'log'
  | 'signal'
  | 'saved'
  | 'title'
  | 'resolved'
  | 'target'
  | 'ended'
  | 'token'
  | 'addUsage'
  | 'startStep'
  | 'endStep'
  | 'saveState'
  | 'sayCutOff'
> & {
  output: { tool: string };
  /** The words of an error the loop ends with (the dashboard says it in its language). */
  rememberWords?(message: string, words: ErrorWords): void;
  /** A run notes a turn stopped early (replace_selection then waits in the card); a follow-up need not. */
  noteFinish?(reason: string): void;
};

export interface AgentLoopOptions {
  stepId: string;
  name: string;
  index: number;
  total: number;
  body: string;
  state: AgentState;
  allowedTools: readonly string[] | null;
  save: () => void;
  /** Emit step_start (not when a resumed run continues its step). */
  announce: boolean;
  reopenQuestions?: AskUserEvent[];
  /** The skill's own loop (not an autonomous action): with `context: fork` it runs as its `agent:`. */
  fork?: boolean;
}

/** The agent a forked skill runs as (agent-kinds.ts), looked for beside the skill's plugin and in ~/.claude. */
async function forkKind(run: AgentHost): Promise<AgentKind | { problem: string; words: ErrorWords }> {
  const entry = run.deps.skills.get(run.skillId);
  return resolveAgent(run.definition.agent, {
    ...(entry ? { plugin: pluginOfSkill(entry) } : {}),
    homeDir: run.deps.agent?.homeDir ?? os.homedir(),
  });
}

export async function agentLoop(run: AgentHost, o: AgentLoopOptions): Promise<Outcome> {
  const { deps, definition, runId, skillId, ctx, log, signal } = run;
  const a = deps.agent;
  if (!a) return { ok: false, output: null, error: 'agent mode is not available in this host' };
  const { provider, model } = run.resolved;
  const workdir = await resolveWorkdir(a.dataDir, skillId, run.saved.workdir);
  run.saved.workdir = workdir;
  const mode = run.saved.permissionMode ?? definition.permissionMode ?? a.mode();
  const memory = await fs.readFile(path.join(ctx.skillDir, 'MEMORY.md'), 'utf8').catch(() => undefined);
  const tools = await a.tools({
    runId,
    skillId,
    title: run.title,
    onDelivered: (tool) => {
      run.output.tool = tool;
    },
  });
  const fork = o.fork && definition.context === 'fork' ? await forkKind(run) : undefined;
  if (fork && 'problem' in fork) {
    run.rememberWords?.(fork.problem, fork.words);
    return { ok: false, output: null, error: fork.problem };
  }
  // a forked skill takes its agent's turns unless it says how many itself
  const maxIterations = definition.maxIterations ?? fork?.maxIterations ?? DEFAULT_MAX_ITERATIONS;
  // the skills it may activate are every skill listed (a one-shot `skilldeck run` read only its own so far)
  await deps.skills.ready();
  const skills = a.skills().filter((s) => s.id !== skillId);
  const system = (offered: readonly string[]) =>
    agentSystemPrompt({
      body: o.body,
      workdir,
      tools: offered,
      model: `${model} (${provider})`,
      maxIterations,
      skills,
      memory,
    });
  const { state, stepId } = o;
  const stepName = fork ? `${o.name} · ${fork.name}` : o.name;
  o.save();
  run.startStep(stepId, stepName, o.index);
  if (o.announce) {
    run.sayCutOff(stepId);
    log.emit({ type: 'step_start', stepId, name: stepName, index: o.index, total: o.total });
  }
  const outcome = await runAgent({
    runId,
    skillId,
    system,
    stepId,
    skillDir: ctx.skillDir,
    state,
    tools,
    allowedTools: o.allowedTools,
    disallowedTools: definition.disallowedTools,
    maxIterations,
    contextTokens: a.contextTokens?.(provider, model) ?? DEFAULT_CONTEXT_TOKENS,
    workdir,
    dataDir: a.dataDir,
    mode,
    rules: () => a.rules(skillId),
    addSkillRule: (rule) => a.addSkillRule(skillId, rule),
    audit: a.audit,
    prompts: a.prompts,
    permissionTimeoutMs: a.permissionTimeoutMs,
    turn: (turnStep, request) => turn(run, turnStep, request),
    emit: (event) => {
      if (!run.ended) log.emit(event);
    },
    replay: (event) => {
      if (!run.ended) log.replay(event);
    },
    reopenQuestions: o.reopenQuestions,
    save: o.save,
    activateSkill: (name, args) =>
      activateForModel({
        name,
        args,
        runningSkillId: skillId,
        offered: a.skills(),
        registry: deps.skills,
        run: ctx,
        homeDir: a.homeDir ?? os.homedir(),
      }),
    subStep: (subId, name, start) => {
      run.startStep(subId, name, 0);
      log.emit({ type: 'step_start', stepId: subId, name, index: 0, total: 1 });
      log.emit({
        type: 'subagent_start',
        stepId: subId,
        parentStepId: start.parentStepId,
        callId: start.callId,
        agent: start.agent,
        description: start.description,
        prompt: start.prompt,
        ...(start.taskId !== undefined ? { taskId: start.taskId } : {}),
      });
      return {
        end: (end) => {
          if (run.ended) return; // the run's end marked its running steps
          const ok = end.status === 'succeeded';
          run.endStep(subId, {
            status: end.status,
            output: ok ? end.output : null,
            error: end.error,
            attempts: 1,
          });
          if (ok) log.emit({ type: 'step_complete', stepId: subId, output: end.output ?? '' });
          log.emit({ type: 'subagent_end', stepId: subId, ...end });
        },
      };
    },
    ...(fork ? { fork: { kind: fork, task: `the skill "${definition.name}"` } } : {}),
    signal,
  });
  if (run.ended || signal.aborted) {
    run.endStep(stepId);
    return { ok: false, output: null, error: 'cancelled' };
  }
  run.endStep(stepId, {
    status: outcome.ok ? 'succeeded' : 'failed',
    output: outcome.output,
    error: outcome.ok ? null : outcome.error,
    attempts: 1,
  });
  if (outcome.ok) log.emit({ type: 'step_complete', stepId, output: outcome.output });
  return outcome;
}

/** One model turn with tools, its tokens streamed as the step's. */
async function turn(
  run: AgentHost,
  stepId: string,
  request: { system: string; messages: ChatMessage[]; tools: ModelTool[] },
): Promise<StreamTextResult> {
  const result = await run.deps.gateway.streamText({
    providerName: run.target.provider,
    model: run.target.model,
    effort: run.target.effort,
    system: request.system,
    messages: request.messages,
    tools: request.tools,
    maxOutputTokens: run.deps.maxOutputTokens,
    signal: run.signal,
    onToken: (text) => run.token(stepId, text),
  });
  run.addUsage(result.usage);
  run.noteFinish?.(result.finishReason);
  return result;
}

/** The run's working directory: the one asked for (it must exist), else a per-skill workspace. */
async function resolveWorkdir(dataDir: string, skillId: string, asked: string | undefined): Promise<string> {
  if (asked !== undefined) {
    const real = await fs.realpath(asked).catch(() => undefined);
    const stat = real ? await fs.stat(real).catch(() => undefined) : undefined;
    if (!real || !stat?.isDirectory()) {
      throw new AppError('BAD_REQUEST', `working directory ${asked} does not exist or is not a folder`);
    }
    return real;
  }
  const dir = path.join(dataDir, 'workspaces', skillId.replace(/[^A-Za-z0-9._-]/g, '_'));
  await fs.mkdir(dir, { recursive: true });
  return fs.realpath(dir);
}
