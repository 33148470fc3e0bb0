import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { AppError, type ErrorWords } from '../../../shared/ipc/result';
import type { RunEvent, RunStart, RunStep } from '../../../shared/types/run';
import type { ExecutionMode } from '../../../shared/types/finding';
import {
  ModelError,
  type ChatMessage,
  type ModelGateway,
  type ModelTool,
  type StreamTextResult,
} from '../providers/gateway';
import type { RunRepo } from '../runs/run-repo';
import type { SkillRegistry } from '../skills/registry';
import type { SkillDefinition, WorkflowStep } from '../skills/types';
import { RunEventLog } from './run-events';
import {
  chooseOutputTool,
  conditionSkipReason,
  contextKind,
  inputText,
  interpolate,
  isDirectSaveSkill,
  renderBody,
  userMessage,
  type ContextBehavior,
  type RunContext,
} from './skill-io';
import { scheduleDag, type StepOutcome } from './workflow';
import { runAgent, DEFAULT_MAX_ITERATIONS } from '../agent/agent-run';
import { DEFAULT_CONTEXT_TOKENS } from '../agent/context-budget';
import { newAgentState, type AgentState } from '../agent/loop';
import { activateForModel } from '../agent/activate-skill';
import { agentSystemPrompt } from '../agent/system-prompt';
import type { AgentTool } from '../agent/types';
import type { UserPrompts } from '../permissions/broker';
import type { AuditEntry } from '../permissions/permission-repo';
import type { PermissionMode, PermissionRules } from '../permissions/types';
import { runAutonomous, type AutonomousState } from './autonomous';
import {
  CUT_OFF,
  priorSteps,
  questionsToReopen,
  resumeRefusal,
  wasCutOff,
  type AskUserEvent,
} from './resume';
import { worthRetrying } from './retry-policy';

/** Hands a run's result to an output tool (insert_text, clipboard, save_memo, floating_card). */
export type OutputDelivery = (
  tool: string,
  text: string,
  info: { runId: string; skillId: string; title: string },
) => Promise<void>;

export interface FailureInfo {
  runId: string;
  skillId: string;
  title: string;
  behavior: ContextBehavior;
  original: string;
  tool: string;
  error: string;
}

export interface ExecutorDeps {
  skills: SkillRegistry;
  gateway: ModelGateway;
  repo: RunRepo;
  deliver: OutputDelivery;
  /**
   * A failed run's policy (output-routing's deliverFailure): in directOutput/rewrite the original text
   * is inserted again and the error notified; otherwise the error goes to the card. Returns the tool
   * that received the original text, or null.
   */
  deliverFailure: (info: FailureInfo) => Promise<{ tool: string } | null>;
  /** `runs:event` on the event hub. */
  onEvent: (runId: string, event: RunEvent) => void;
  readClipboard?: () => Promise<string>;
  /** Base of the exponential backoff between a step's attempts (jitter added). */
  retryBaseMs?: number;
  maxOutputTokens?: number;
  tokenIntervalMs?: number;
  onInternalError?: (error: unknown) => void;
  /** Agent mode: tools, permissions and the user prompts; without it agent skills cannot run. */
  agent?: AgentDeps;
}

export interface AgentDeps {
  dataDir: string;
  /** Every tool an agent may be offered: the core tools, the output tools, MCP tools. */
  tools: (ctx: {
    runId: string;
    skillId: string;
    title: string;
    /** An output tool delivered during the run: the final answer is not delivered again. */
    onDelivered: (tool: string) => void;
  }) => Promise<AgentTool[]>;
  rules: (skillId: string) => PermissionRules;
  addSkillRule: (skillId: string, rule: string) => void;
  audit: (entry: AuditEntry) => void;
  /** The global permission mode (settings). */
  mode: () => PermissionMode;
  prompts: UserPrompts;
  permissionTimeoutMs?: number;
  /** The model's context window in tokens (settings per provider/model; a default otherwise). */
  contextTokens?: (provider: string, model: string) => number | undefined;
  /** Model-invocable skills for the system prompt's skills section and the Skill tool. */
  skills: () => { id: string; name: string; description: string }[];
}

/** What a run saves to resume after a restart (its steps' outputs are in run_steps). */
interface SavedRun {
  ctx: RunContext;
  workdir?: string;
  permissionMode?: PermissionMode;
  agent?: AgentState;
  autonomous?: AutonomousState;
  /** Autonomous: the last action's answer (the output when `results.output` is not text). */
  autonomousLastText?: string | null;
}

export interface Executor {
  /**
   * Starts a run in the background and answers its id at once. `beforeStart` sees the id before the
   * first event (the trigger flow records the window to insert into and follows the run in the card).
   */
  start(request: RunStart, hooks?: { beforeStart?: (runId: string) => void }): Promise<{ runId: string }>;
  /** Aborts the run's model calls and steps; false when it is not running. */
  cancel(runId: string): boolean;
  /**
   * Continues a `waiting` run (its open question is asked again) or an `interrupted` one (the steps that
   * finished are kept, the one cut off runs again) from its saved state, after a restart.
   */
  resume(runId: string): Promise<{ runId: string }>;
  /** Resolves when the run has ended (immediately if it is not running). */
  settled(runId: string): Promise<void>;
  /** Cancels every running run and waits for them to end. */
  shutdown(): Promise<void>;
}

interface ActiveRun {
  controller: AbortController;
  done: Promise<void>;
}

const newRunId = () => `run_${Date.now().toString(36)}${crypto.randomBytes(6).toString('base64url')}`;
const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
const isCancel = (error: unknown, signal: AbortSignal) =>
  signal.aborted || (error instanceof ModelError && error.code === 'cancelled');

class Cancelled extends Error {}

export function createExecutor(deps: ExecutorDeps): Executor {
  const active = new Map<string, ActiveRun>();
  const retryBaseMs = deps.retryBaseMs ?? 500;

  async function start(
    request: RunStart,
    hooks: { beforeStart?: (runId: string) => void } = {},
  ): Promise<{ runId: string }> {
    const skill = await deps.skills.activate(request.skillId);
    const definition = skill.loaded.definition;
    if (!definition || !skill.loaded.runnable) {
      const first = skill.loaded.findings.find((f) => f.severity === 'error');
      throw new AppError(
        'BAD_REQUEST',
        `${request.skillId} cannot run: ${first?.message ?? 'it has errors'}`,
      );
    }
    if (request.agent && definition.executionMode !== 'prompt' && definition.executionMode !== 'agent') {
      throw new AppError(
        'BAD_REQUEST',
        `${request.skillId} is a ${definition.executionMode} skill: only a prompt skill can run as an agent`,
      );
    }
    const mode = request.agent ? 'agent' : definition.executionMode;
    if (mode === 'agent' && !deps.agent) {
      throw new AppError('BAD_REQUEST', `${request.skillId}: agent mode is not available in this host`);
    }
    const runId = newRunId();
    const ctx: RunContext = {
      selection: request.selection,
      instruction: request.instruction ?? request.input,
      config: { ...definition.config, ...request.config },
      argumentsText: request.arguments,
      skillDir: skill.entry.realDir,
      declaredArguments: definition.arguments,
    };
    deps.repo.create({
      id: runId,
      skillId: request.skillId,
      mode,
      input: inputText(ctx),
      startedAt: Date.now(),
    });
    const saved: SavedRun = { ctx, workdir: request.workdir, permissionMode: request.permissionMode };
    const log = new RunEventLog(runId, deps.repo, (e) => deps.onEvent(runId, e), deps.tokenIntervalMs);
    hooks.beforeStart?.(runId);
    log.emit({ type: 'run_start', runId, skill: request.skillId, mode });
    launch(runId, request.skillId, mode, definition, skill.loaded.body, saved, log);
    return { runId };
  }

  function launch(
    runId: string,
    skillId: string,
    mode: ExecutionMode,
    definition: SkillDefinition,
    body: string,
    saved: SavedRun,
    log: RunEventLog,
    resumed?: { reopen: AskUserEvent[]; prior: ReadonlyMap<string, RunStep> },
  ) {
    const controller = new AbortController();
    const run = new RunExecution(runId, skillId, mode, definition, body, saved.ctx, log, controller.signal);
    run.saved = saved;
    run.resumed = resumed !== undefined;
    run.reopenQuestions = resumed?.reopen ?? [];
    run.prior = resumed?.prior ?? new Map();
    const done = run
      .execute()
      .catch((error: unknown) => deps.onInternalError?.(error))
      .finally(() => active.delete(runId));
    active.set(runId, { controller, done });
  }

  async function resume(runId: string): Promise<{ runId: string }> {
    if (active.has(runId)) return { runId };
    const detail = deps.repo.get(runId);
    if (!detail) throw new AppError('NOT_FOUND', `no run ${runId} in the history`);
    const refusal = resumeRefusal(detail);
    if (refusal !== null) throw new AppError('CONFLICT', refusal);
    const saved = deps.repo.loadState(runId) as SavedRun | undefined;
    if (!saved) throw new AppError('CONFLICT', `run ${runId} has no saved state to resume from`);
    const skill = await deps.skills.activate(detail.skillId);
    const definition = skill.loaded.definition;
    if (!definition || !skill.loaded.runnable) {
      throw new AppError('BAD_REQUEST', `${detail.skillId} cannot run any more: fix its SKILL.md first`);
    }
    const reopen = questionsToReopen(detail.events, deps.repo.waitingOn(runId));
    if (detail.status === 'interrupted') deps.repo.reopen(runId);
    else deps.repo.setWaiting(runId, null);
    const last = detail.events.at(-1);
    const log = new RunEventLog(runId, deps.repo, (e) => deps.onEvent(runId, e), deps.tokenIntervalMs, {
      seq: detail.events.length,
      elapsedMs: last?.t ?? 0,
    });
    launch(runId, detail.skillId, detail.mode, definition, skill.loaded.body, saved, log, {
      reopen,
      prior: priorSteps(detail),
    });
    return { runId };
  }

  class RunExecution {
    private usage = { inputTokens: null as number | null, outputTokens: null as number | null };
    private ended = false;
    /** The words of the errors this run reported, by message (the run ends with one of them). */
    private readonly wordsOf = new Map<string, ErrorWords>();
    private readonly kind: ContextBehavior;
    private readonly title: string;
    private readonly runningSteps = new Set<string>();
    saved: SavedRun = { ctx: {} as RunContext };
    resumed = false;
    /** A resumed agent run: the questions it was waiting on (asked again under their ids). */
    reopenQuestions: AskUserEvent[] = [];
    /** A resumed run: its steps as stored (a succeeded one is not run again). */
    prior: ReadonlyMap<string, RunStep> = new Map();

    constructor(
      readonly runId: string,
      readonly skillId: string,
      readonly mode: ExecutionMode,
      readonly definition: SkillDefinition,
      readonly body: string,
      readonly ctx: RunContext,
      readonly log: RunEventLog,
      readonly signal: AbortSignal,
    ) {
      this.kind = contextKind(ctx);
      this.title = definition.name;
    }

    async execute(): Promise<void> {
      const cancelled = new Promise<'cancelled'>((resolve) => {
        if (this.signal.aborted) resolve('cancelled');
        this.signal.addEventListener('abort', () => resolve('cancelled'), { once: true });
      });
      try {
        if (isDirectSaveSkill(this.definition, this.body)) {
          const text = inputText(this.ctx);
          await this.deliver(text);
          return this.finish('succeeded', text, null);
        }
        // a resumed run keeps the clipboard it read when it started
        if (
          deps.readClipboard &&
          this.ctx.clipboard === undefined &&
          /\{\{\s*clipboard\s*\}\}/.test(this.body)
        ) {
          this.ctx.clipboard = await deps.readClipboard().catch(() => '');
        }
        // what the run was started with: an interrupted run resumes from it
        if (!this.resumed) this.saveState();
        const resolved = await deps.gateway.resolve(this.definition.provider, this.definition.model);
        this.resolved = { provider: resolved.provider, model: resolved.model };
        deps.repo.setModel(this.runId, resolved.provider, resolved.model);
        const work =
          this.mode === 'workflow'
            ? this.workflow()
            : this.mode === 'phases'
              ? this.phases()
              : this.mode === 'agent'
                ? this.agent()
                : this.mode === 'autonomous'
                  ? this.autonomous()
                  : this.prompt();
        // A cancel ends the run now, whatever the model calls are still doing.
        const outcome = await Promise.race([work, cancelled]);
        if (outcome === 'cancelled') return this.finish('cancelled', null, 'cancelled');
        if (outcome.ok) {
          // an agent that delivered with an output tool itself is not delivered again
          if (!(this.mode === 'agent' && this.outputTool !== '')) await this.deliver(outcome.output);
          return this.finish('succeeded', outcome.output, null);
        }
        await this.deliverFailure(outcome.error);
        return this.finish('failed', outcome.output, outcome.error);
      } catch (error) {
        if (isCancel(error, this.signal)) return this.finish('cancelled', null, 'cancelled');
        const message = messageOf(error);
        if (error instanceof ModelError && error.details.words)
          this.wordsOf.set(message, error.details.words);
        await this.deliverFailure(message).catch(() => undefined);
        return this.finish('failed', null, message);
      }
    }

    // ---- modes --------------------------------------------------------------------------------

    private async prompt(): Promise<Outcome> {
      const system = renderBody(this.body, this.ctx);
      const step = await this.step(
        { id: 'main', name: this.title, index: 0, total: 1, retries: 0 },
        system,
        userMessage(this.ctx),
      );
      return step.ok ? { ok: true, output: step.output } : { ok: false, output: null, error: step.error };
    }

    private async phases(): Promise<Outcome> {
      const skillDir = this.ctx.skillDir;
      const layoutFiles = (await fs.readdir(path.join(skillDir, 'phases'))).filter((f) =>
        /^\d+(\.\d+)?-.+\.md$/i.test(f),
      );
      const { sortPhases } = await import('../skills/layout');
      const phases = sortPhases(layoutFiles);
      let input = userMessage(this.ctx);
      for (const [index, phase] of phases.entries()) {
        const instructions = renderBody(
          await fs.readFile(path.join(skillDir, 'phases', phase.file), 'utf8'),
          this.ctx,
        );
        const system =
          this.body.trim() === '' ? instructions : `${renderBody(this.body, this.ctx)}\n\n${instructions}`;
        const id = phase.file.replace(/\.md$/i, '');
        const step = await this.step(
          { id, name: phase.name, index, total: phases.length, retries: 0 },
          system,
          input,
        );
        if (!step.ok) return { ok: false, output: null, error: `${phase.file}: ${step.error}` };
        input = step.output;
      }
      return { ok: true, output: input };
    }

    private async workflow(): Promise<Outcome> {
      const spec = this.definition.workflow!;
      const vars: Record<string, unknown> = {
        user_input: userMessage(this.ctx),
        input: inputText(this.ctx),
        config: this.ctx.config,
      };
      const outputs = new Map<string, string>();
      const errors = new Map<string, string>();
      const index = new Map(spec.steps.map((s, i) => [s.id, i]));
      const steps = new AbortController();
      this.signal.addEventListener('abort', () => steps.abort(), { once: true });
      const inner = new RunExecutionView(this, steps.signal);

      const result = await scheduleDag<WorkflowStep>({
        steps: spec.steps,
        concurrency: spec.concurrency ?? 4,
        continueOnFailure: spec.continueOnFailure,
        signal: this.signal,
        skipReason: (step) => {
          if (step.condition === undefined) return null;
          return conditionSkipReason(step.condition, vars);
        },
        onSkip: (step, reason) => {
          if (this.prior.get(step.id)?.status === 'skipped') return; // a resumed run: logged before
          this.log.emit({ type: 'step_skipped', stepId: step.id, reason });
          deps.repo.finishStep(this.runId, step.id, {
            status: 'skipped',
            output: null,
            error: reason,
            attempts: 0,
            endedAt: Date.now(),
          });
        },
        run: async (step): Promise<StepOutcome> => {
          const system = interpolate(renderBody(step.prompt, this.ctx), vars);
          const defaultInput =
            step.dependencies.length === 0
              ? '${user_input}'
              : step.dependencies.map((d) => `\${${d}.output}`).join('\n\n');
          const user = interpolate(renderBody(step.input ?? defaultInput, this.ctx), vars);
          const res = await inner.step(
            {
              id: step.id,
              name: step.name,
              index: index.get(step.id)!,
              total: spec.steps.length,
              retries: step.retries ?? spec.maxRetries,
            },
            system,
            user,
          );
          if (!res.ok) {
            errors.set(step.id, res.error);
            // a failure stops the run: the steps still running are stopped too
            if (!spec.continueOnFailure && !this.signal.aborted) steps.abort();
            return steps.signal.aborted && res.cancelled ? 'cancelled' : 'failed';
          }
          outputs.set(step.id, res.output);
          // `${id}`, `${id.output}`, `${name}` and (JSON outputs) `${id.key}` all read the output text
          vars[step.id] = res.output;
          if (step.output !== undefined) vars[step.output] = res.output;
          return 'succeeded';
        },
      });
      if (result.status === 'cancelled' && this.signal.aborted)
        return { ok: false, output: null, error: 'cancelled' };
      const chosen = spec.output ?? result.completed.at(-1);
      const output = chosen !== undefined ? (outputs.get(chosen) ?? null) : null;
      const firstFailed = result.failed.find((id) => errors.has(id));
      if (result.status === 'failed' || (spec.output !== undefined && output === null)) {
        const error = firstFailed
          ? `step ${firstFailed}: ${errors.get(firstFailed)}`
          : `step ${spec.output} did not complete`;
        return { ok: false, output, error };
      }
      if (output === null) return { ok: false, output: null, error: 'no step completed' };
      return { ok: true, output };
    }

    private saveState() {
      deps.repo.saveState(this.runId, this.saved);
    }

    private resolved = { provider: '', model: '' };

    private async agent(): Promise<Outcome> {
      const state = (this.saved.agent ??= newAgentState(userMessage(this.ctx)));
      return this.agentLoop({
        stepId: 'agent',
        name: this.title,
        index: 0,
        total: 1,
        body: renderBody(this.body, this.ctx),
        state,
        allowedTools: this.definition.allowedTools,
        save: () => this.saveState(),
        announce: !this.resumed,
        reopenQuestions: this.reopenQuestions,
      });
    }

    /** An autonomous action that lists tools: an agent loop with those tools (and the skill's ceiling). */
    private async actionAgent(
      info: { id: string; name: string; index: number; total: number },
      system: string,
      user: string,
      tools: string[],
    ): Promise<StepResult> {
      const ceiling = this.definition.allowedTools;
      const allowed = ceiling === null ? tools : tools.filter((t) => ceiling.includes(t));
      const outcome = await this.agentLoop({
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

    private async agentLoop(o: {
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
    }): Promise<Outcome> {
      const a = deps.agent;
      if (!a) return { ok: false, output: null, error: 'agent mode is not available in this host' };
      const { provider, model } = this.resolved;
      const workdir = await resolveWorkdir(a.dataDir, this.skillId, this.saved.workdir);
      this.saved.workdir = workdir;
      const mode = this.saved.permissionMode ?? this.definition.permissionMode ?? a.mode();
      const memory = await fs
        .readFile(path.join(this.ctx.skillDir, 'MEMORY.md'), 'utf8')
        .catch(() => undefined);
      const tools = await a.tools({
        runId: this.runId,
        skillId: this.skillId,
        title: this.title,
        onDelivered: (tool) => {
          this.outputTool = tool;
        },
      });
      const maxIterations = this.definition.maxIterations ?? DEFAULT_MAX_ITERATIONS;
      const skills = a.skills().filter((s) => s.id !== this.skillId);
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
      o.save();
      this.runningSteps.add(stepId);
      deps.repo.startStep(this.runId, { stepId, name: o.name, index: o.index, startedAt: Date.now() });
      if (o.announce) {
        this.sayCutOff(stepId);
        this.log.emit({ type: 'step_start', stepId, name: o.name, index: o.index, total: o.total });
      }
      const outcome = await runAgent({
        runId: this.runId,
        skillId: this.skillId,
        system,
        stepId,
        skillDir: this.ctx.skillDir,
        state,
        tools,
        allowedTools: o.allowedTools,
        disallowedTools: this.definition.disallowedTools,
        maxIterations,
        contextTokens: a.contextTokens?.(provider, model) ?? DEFAULT_CONTEXT_TOKENS,
        workdir,
        dataDir: a.dataDir,
        mode,
        rules: () => a.rules(this.skillId),
        addSkillRule: (rule) => a.addSkillRule(this.skillId, rule),
        audit: a.audit,
        prompts: a.prompts,
        permissionTimeoutMs: a.permissionTimeoutMs,
        turn: (turnStep, request) => this.turn(turnStep, request),
        emit: (event) => {
          if (!this.ended) this.log.emit(event);
        },
        replay: (event) => {
          if (!this.ended) this.log.replay(event);
        },
        reopenQuestions: o.reopenQuestions,
        save: o.save,
        activateSkill: (name, args) =>
          activateForModel({
            name,
            args,
            runningSkillId: this.skillId,
            offered: a.skills(),
            registry: deps.skills,
            run: this.ctx,
          }),
        subStep: (subId, name) => {
          this.runningSteps.add(subId);
          deps.repo.startStep(this.runId, { stepId: subId, name, index: 0, startedAt: Date.now() });
          this.log.emit({ type: 'step_start', stepId: subId, name, index: 0, total: 1 });
          return {
            end: (ok, output) => {
              this.runningSteps.delete(subId);
              deps.repo.finishStep(this.runId, subId, {
                status: ok ? 'succeeded' : 'failed',
                output: ok ? output : null,
                error: ok ? null : output,
                attempts: 1,
                endedAt: Date.now(),
              });
              if (ok) this.log.emit({ type: 'step_complete', stepId: subId, output });
            },
          };
        },
        signal: this.signal,
      });
      this.runningSteps.delete(stepId);
      if (this.ended || this.signal.aborted) return { ok: false, output: null, error: 'cancelled' };
      deps.repo.finishStep(this.runId, stepId, {
        status: outcome.ok ? 'succeeded' : 'failed',
        output: outcome.ok ? outcome.output : outcome.output,
        error: outcome.ok ? null : outcome.error,
        attempts: 1,
        endedAt: Date.now(),
      });
      if (outcome.ok) this.log.emit({ type: 'step_complete', stepId, output: outcome.output });
      return outcome;
    }

    /** One model turn with tools, its tokens streamed as the step's. */
    private async turn(
      stepId: string,
      request: { system: string; messages: ChatMessage[]; tools: ModelTool[] },
    ): Promise<StreamTextResult> {
      const result = await deps.gateway.streamText({
        providerName: this.definition.provider,
        model: this.definition.model,
        system: request.system,
        messages: request.messages,
        tools: request.tools,
        maxOutputTokens: deps.maxOutputTokens,
        signal: this.signal,
        onToken: (text) => {
          if (!this.ended) this.log.token(stepId, text);
        },
      });
      this.addUsage(result.usage);
      return result;
    }

    private async autonomous(): Promise<Outcome> {
      const result = await runAutonomous({
        skillDir: this.ctx.skillDir,
        body: this.body.trim() === '' ? '' : renderBody(this.body, this.ctx),
        input: userMessage(this.ctx),
        render: (text) => renderBody(text, this.ctx),
        maxIterations: this.definition.maxIterations ?? DEFAULT_MAX_ITERATIONS,
        maxRetries: 3,
        signal: this.signal,
        initialState: this.saved.autonomous,
        initialLastActionText: this.saved.autonomousLastText ?? null,
        step: (info, system, user) => this.step({ ...info, retries: 0 }, system, user),
        agentStep: (info, system, user, tools) =>
          this.replayed(info.id) ?? this.actionAgent(info, system, user, tools),
        saveState: (state, lastActionText) => {
          this.saved.autonomous = state;
          this.saved.autonomousLastText = lastActionText;
          this.saveState();
        },
      });
      if (result.ok) return { ok: true, output: result.output };
      return { ok: false, output: result.output, error: result.error };
    }

    // ---- one model call, with retries ------------------------------------------------------------

    async step(
      info: StepInfo,
      system: string,
      user: string,
      signal: AbortSignal = this.signal,
    ): Promise<StepResult> {
      const { id: stepId } = info;
      const done = this.replayed(stepId);
      if (done) return done;
      this.runningSteps.add(stepId);
      this.sayCutOff(stepId);
      deps.repo.startStep(this.runId, { stepId, name: info.name, index: info.index, startedAt: Date.now() });
      this.log.emit({ type: 'step_start', stepId, name: info.name, index: info.index, total: info.total });
      let attempt = 0;
      for (;;) {
        attempt++;
        try {
          if (signal.aborted) throw new Cancelled();
          const result: StreamTextResult = await deps.gateway.streamText({
            providerName: this.definition.provider,
            model: this.definition.model,
            system,
            messages: [{ role: 'user', content: user }],
            maxOutputTokens: deps.maxOutputTokens,
            signal,
            onToken: (text) => {
              if (!this.ended) this.log.token(stepId, text);
            },
          });
          this.addUsage(result.usage);
          this.runningSteps.delete(stepId);
          if (this.ended) return { ok: false, error: 'cancelled', cancelled: true };
          deps.repo.finishStep(this.runId, stepId, {
            status: 'succeeded',
            output: result.text,
            error: null,
            attempts: attempt,
            endedAt: Date.now(),
          });
          this.log.emit({ type: 'step_complete', stepId, output: result.text });
          return { ok: true, output: result.text };
        } catch (error) {
          const cancelled = error instanceof Cancelled || isCancel(error, signal);
          const message = cancelled ? 'cancelled' : messageOf(error);
          const final = !cancelled && !worthRetrying(error);
          const willRetry = !cancelled && !final && attempt <= info.retries;
          if (this.ended) return { ok: false, error: message, cancelled: true };
          const words = !cancelled && error instanceof ModelError ? error.details.words : undefined;
          if (words) this.wordsOf.set(message, words);
          this.log.emit({
            type: 'step_error',
            stepId,
            attempt,
            willRetry,
            error: message,
            ...(words ? { words } : {}),
          });
          if (willRetry) {
            await sleep(backoff(retryBaseMs, attempt), signal);
            continue;
          }
          this.runningSteps.delete(stepId);
          deps.repo.finishStep(this.runId, stepId, {
            status: cancelled ? 'cancelled' : 'failed',
            output: null,
            error: message,
            attempts: attempt,
            endedAt: Date.now(),
          });
          return { ok: false, error: message, cancelled, final };
        }
      }
    }

    /** A resumed run: the output of a step that succeeded before (it is not asked again). */
    private replayed(stepId: string): Promise<StepResult> | undefined {
      const before = this.prior.get(stepId);
      if (before?.status !== 'succeeded' || before.output === null) return undefined;
      return Promise.resolve({ ok: true, output: before.output });
    }

    /** A resumed run: the step it was cut off in starts again — its partial text is not the answer. */
    private sayCutOff(stepId: string) {
      const before = this.prior.get(stepId);
      if (!wasCutOff(before)) return;
      this.log.emit({
        type: 'step_error',
        stepId,
        attempt: Math.max(1, before!.attempts),
        willRetry: true,
        error: CUT_OFF.message,
        words: CUT_OFF.words,
      });
    }

    private addUsage(usage: StreamTextResult['usage']) {
      const add = (a: number | null, b: number | null) => (b === null ? a : (a ?? 0) + b);
      this.usage = {
        inputTokens: add(this.usage.inputTokens, usage.inputTokens),
        outputTokens: add(this.usage.outputTokens, usage.outputTokens),
      };
    }

    // ---- output ------------------------------------------------------------------------------------

    outputTool = '';

    /**
     * The skill's output tool. A resumed run does not paste: the window that had the cursor when it
     * started is not known any more (it may be gone), so its result goes to the card.
     */
    private chosenOutput(): string {
      const tool = chooseOutputTool(this.definition, this.kind);
      return this.resumed && tool === 'insert_text' ? 'floating_card' : tool;
    }

    private async deliver(text: string) {
      const tool = this.chosenOutput();
      this.outputTool = tool;
      this.log.emit({ type: 'output', tool, text });
      await deps.deliver(tool, text, { runId: this.runId, skillId: this.skillId, title: this.title });
    }

    /** directOutput / rewrite: the original text goes back in place; otherwise the card shows the error. */
    private async deliverFailure(error: string) {
      if (this.signal.aborted) return;
      const original = this.ctx.selection ?? '';
      const tool = this.chosenOutput();
      const delivered = await deps.deliverFailure({
        runId: this.runId,
        skillId: this.skillId,
        title: this.title,
        behavior: this.kind,
        original,
        tool,
        error,
      });
      if (delivered) {
        this.outputTool = delivered.tool;
        this.log.emit({ type: 'output', tool: delivered.tool, text: original });
      }
    }

    private finish(
      status: 'succeeded' | 'failed' | 'cancelled',
      output: string | null,
      error: string | null,
    ) {
      if (this.ended) return;
      this.ended = true;
      const endedAt = Date.now();
      for (const stepId of this.runningSteps) {
        deps.repo.finishStep(this.runId, stepId, {
          status: 'cancelled',
          output: null,
          error: 'cancelled',
          attempts: 1,
          endedAt,
        });
      }
      // a run that failed with a step's error says it with that error's words
      const words = error === null ? undefined : this.wordsOf.get(error);
      this.log.emit({
        type: 'complete',
        runId: this.runId,
        status,
        output,
        error,
        ...(words ? { words } : {}),
      });
      this.log.close();
      deps.repo.finish(this.runId, {
        status,
        output,
        outputTool: this.outputTool || null,
        error,
        usage: this.usage,
        endedAt,
      });
    }
  }

  /** The same run with the workflow's own signal (aborted when a failure stops the run). */
  class RunExecutionView {
    constructor(
      private readonly run: RunExecution,
      private readonly signal: AbortSignal,
    ) {}
    step(info: StepInfo, system: string, user: string) {
      return this.run.step(info, system, user, this.signal);
    }
  }

  return {
    start,
    resume,
    cancel(runId) {
      const run = active.get(runId);
      if (!run) return false;
      run.controller.abort();
      return true;
    },
    async settled(runId) {
      await active.get(runId)?.done;
    },
    async shutdown() {
      const runs = [...active.values()];
      for (const r of runs) r.controller.abort();
      await Promise.all(runs.map((r) => r.done));
    },
  };
}

interface StepInfo {
  id: string;
  name: string;
  index: number;
  total: number;
  /** Attempts after the first. */
  retries: number;
}

/** `final`: the error is one no attempt can fix (a 400): whoever counts errors stops at once. */
type StepResult =
  { ok: true; output: string } | { ok: false; error: string; cancelled: boolean; final?: boolean };
type Outcome = { ok: true; output: string } | { ok: false; output: string | null; error: string };

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

/** Exponential backoff with full jitter on the upper half: base·2^(n-1) · [0.5, 1), capped at 10 s. */
function backoff(baseMs: number, attempt: number): number {
  const ceiling = Math.min(10_000, baseMs * 2 ** (attempt - 1));
  return ceiling / 2 + Math.random() * (ceiling / 2);
}
