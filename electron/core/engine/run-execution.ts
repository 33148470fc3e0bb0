// One run from its first event to its last: the lifecycle around a mode (a direct save, the clipboard,
// the state an interrupted run resumes from, the model resolved, a cancel that ends the run at once),
// the steps in flight, the tokens used, and `finish` — the `complete` event and the run's row, once.
// The modes (modes/) and the step runner do their work through it.
import type { ErrorWords } from '../../../shared/ipc/result';
import type { ExecutionMode } from '../../../shared/types/finding';
import { INHERIT_MODEL, type Effort } from '../../../shared/types/skill-definition';
import { DEFAULT_PROVIDER_CONCURRENCY } from '../../../shared/types/provider';
import type { RunStep, StepQualityScore } from '../../../shared/types/run';
import type { AgentState } from '../agent/loop';
import type { PermissionMode } from '../permissions/types';
import { ModelError, type StreamTextResult } from '../providers/gateway';
import type { StepEnd } from '../runs/run-repo';
import type { SkillDefinition } from '../skills/types';
import type { AutonomousState } from './autonomous';
import type { ExecutorDeps } from './executor-deps';
import { cutOffEvent, type AskUserEvent } from './resume';
import { RunProviderLimits } from './provider-limit';
import type { RunEventLog } from './run-events';
import { RunOutput } from './run-output';
import {
  contextKind,
  inputText,
  isDirectOutputSkill,
  type ContextBehavior,
  type RunContext,
} from './skill-io';

/** What a run saves to resume after a restart (its steps' outputs are in run_steps). */
export interface SavedRun {
  ctx: RunContext;
  workdir?: string;
  permissionMode?: PermissionMode;
  agent?: AgentState;
  autonomous?: AutonomousState;
  /** Autonomous: the last action's answer (the output when `results.output` is not text). */
  autonomousLastText?: string | null;
  /** Try it: the unsaved SKILL.md text that ran (a resumed try runs it again, not the file). */
  draft?: string;
  /** The run's provider and model when `runs:start` chose them (a retry with another model). */
  target?: ModelTarget;
  /** Prompt mode: what the model was sent (a follow-up continues from exactly that). */
  sent?: { system: string; user: string };
  /** Agent mode: how much of the conversation has been answered (a failed follow-up is not kept). */
  agentCommitted?: number;
}

/** Where a run's model calls go: a configured provider's name and a model (absent: the defaults). */
export interface ModelTarget {
  provider?: string;
  model?: string;
  /** The skill's `effort` (a thinking budget or reasoning effort where the provider has one). */
  effort?: Effort;
}

/** The model a skill names; `model: inherit` names none: the run's (or the calling run's) model is used. */
export const skillModel = (definition: Pick<SkillDefinition, 'model'>): string | undefined =>
  definition.model === INHERIT_MODEL ? undefined : definition.model;

/** What a mode's run ends with: the output to deliver, or the error (and any partial output). */
export type Outcome = { ok: true; output: string } | { ok: false; output: string | null; error: string };

export interface RunSetup {
  runId: string;
  skillId: string;
  mode: ExecutionMode;
  definition: SkillDefinition;
  body: string;
  saved: SavedRun;
  log: RunEventLog;
  signal: AbortSignal;
  /** A resumed run: the questions it was waiting on, and its steps as stored. */
  resumed?: { reopen: AskUserEvent[]; prior: ReadonlyMap<string, RunStep> };
}

export const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
export const isCancel = (error: unknown, signal: AbortSignal) =>
  signal.aborted || (error instanceof ModelError && error.code === 'cancelled');

export class RunExecution {
  readonly runId: string;
  readonly skillId: string;
  readonly mode: ExecutionMode;
  readonly definition: SkillDefinition;
  readonly body: string;
  readonly ctx: RunContext;
  readonly log: RunEventLog;
  readonly signal: AbortSignal;
  readonly kind: ContextBehavior;
  readonly title: string;
  readonly saved: SavedRun;
  readonly resumed: boolean;
  /** Try it: an unsaved draft runs; its result stays in the run (see RunOutput). */
  readonly isTry: boolean;
  /** A resumed agent run: the questions it was waiting on (asked again under their ids). */
  readonly reopenQuestions: AskUserEvent[];
  /** A resumed run: its steps as stored (a succeeded one is not run again). */
  readonly prior: ReadonlyMap<string, RunStep>;
  readonly output: RunOutput;
  /** The provider and model the run's calls ask for: the run's choice, else the skill's. */
  readonly target: ModelTarget;
  /** The provider and model the run's calls go to, resolved when it starts. */
  resolved = { provider: '', model: '' };
  /** Requests at once to each provider for this run: the setting, halved by each burst of 429s. */
  readonly limits: RunProviderLimits;
  /** Why a model call stopped before its answer was done (`length`, `content-filter`), if one did. */
  cutShort: string | undefined;

  private usage = { inputTokens: null as number | null, outputTokens: null as number | null };
  private done = false;
  /** The words of the errors this run reported, by message (the run ends with one of them). */
  private readonly wordsOf = new Map<string, ErrorWords>();
  /** Steps started and not ended: a run that ends marks them cancelled. */
  private readonly runningSteps = new Set<string>();

  constructor(
    readonly deps: ExecutorDeps,
    setup: RunSetup,
  ) {
    this.runId = setup.runId;
    this.skillId = setup.skillId;
    this.mode = setup.mode;
    this.definition = setup.definition;
    this.body = setup.body;
    this.saved = setup.saved;
    this.ctx = setup.saved.ctx;
    this.log = setup.log;
    this.signal = setup.signal;
    this.kind = contextKind(this.ctx);
    this.title = setup.definition.name;
    this.resumed = setup.resumed !== undefined;
    this.isTry = setup.saved.draft !== undefined;
    this.reopenQuestions = setup.resumed?.reopen ?? [];
    this.prior = setup.resumed?.prior ?? new Map();
    this.output = new RunOutput(deps, this);
    this.limits = new RunProviderLimits(
      (provider) => deps.providerConcurrency?.(provider) ?? DEFAULT_PROVIDER_CONCURRENCY,
    );
    const { definition } = setup;
    this.target = {
      ...(setup.saved.target ?? { provider: definition.provider, model: skillModel(definition) }),
      ...(definition.effort ? { effort: definition.effort } : {}),
    };
  }

  /** True once the run has finished: late events of its calls are dropped. */
  get ended(): boolean {
    return this.done;
  }

  /** Runs the mode's work (`work`) inside the run's lifecycle; never throws for the work's errors. */
  async execute(work: (run: RunExecution) => Promise<Outcome>): Promise<void> {
    const cancelled = new Promise<'cancelled'>((resolve) => {
      if (this.signal.aborted) resolve('cancelled');
      this.signal.addEventListener('abort', () => resolve('cancelled'), { once: true });
    });
    try {
      if (isDirectOutputSkill(this.definition, this.body)) {
        const text = inputText(this.ctx);
        await this.output.deliver(text);
        return this.finish('succeeded', text, null);
      }
      // a resumed run keeps the clipboard it read when it started
      if (
        this.deps.readClipboard &&
        this.ctx.clipboard === undefined &&
        /\{\{\s*clipboard\s*\}\}/.test(this.body)
      ) {
        this.ctx.clipboard = await this.deps.readClipboard().catch(() => '');
      }
      // what the run was started with: an interrupted run resumes from it
      if (!this.resumed) this.saveState();
      const resolved = await this.deps.gateway.resolve(this.target.provider, this.target.model);
      this.resolved = { provider: resolved.provider, model: resolved.model };
      this.deps.repo.setModel(this.runId, resolved.provider, resolved.model);
      // A cancel ends the run now, whatever the model calls are still doing.
      const outcome = await Promise.race([work(this), cancelled]);
      if (outcome === 'cancelled') return this.finish('cancelled', null, 'cancelled');
      if (outcome.ok) {
        // an agent that delivered with an output tool itself is not delivered again
        if (!(this.mode === 'agent' && this.output.tool !== '')) await this.output.deliver(outcome.output);
        return this.finish('succeeded', outcome.output, null);
      }
      await this.output.deliverFailure(outcome.error);
      return this.finish('failed', outcome.output, outcome.error);
    } catch (error) {
      if (isCancel(error, this.signal)) return this.finish('cancelled', null, 'cancelled');
      const message = messageOf(error);
      if (error instanceof ModelError && error.details.words) this.wordsOf.set(message, error.details.words);
      await this.output.deliverFailure(message).catch(() => undefined);
      return this.finish('failed', null, message);
    }
  }

  saveState(): void {
    this.deps.repo.saveState(this.runId, this.saved);
  }

  // ---- steps -------------------------------------------------------------------------------------

  /** A step's row begins; it counts as running (cancelled if the run ends) until `endStep`. */
  startStep(stepId: string, name: string, index: number): void {
    this.runningSteps.add(stepId);
    this.deps.repo.startStep(this.runId, { stepId, name, index, startedAt: Date.now() });
  }

  /** The step is no longer running; with `end`, its row is written now. */
  endStep(stepId: string, end?: Omit<StepEnd, 'endedAt'>): void {
    this.runningSteps.delete(stepId);
    if (end) this.recordStep(stepId, end);
  }

  /** Writes a step's end to its row (a skipped step gets one). */
  recordStep(stepId: string, end: Omit<StepEnd, 'endedAt'>): void {
    this.deps.repo.finishStep(this.runId, stepId, { ...end, endedAt: Date.now() });
  }

  /** A step's quality verdicts so far, stored with it (a step run again from its start starts a new list). */
  recordQuality(stepId: string, scores: readonly StepQualityScore[]): void {
    this.deps.repo.setStepQuality(this.runId, stepId, scores);
  }

  /** A resumed run: the step it was cut off in starts again — its partial text is not the answer. */
  sayCutOff(stepId: string): void {
    const event = cutOffEvent(this.prior, stepId);
    if (event) this.log.emit(event);
  }

  /** A model call's token, streamed as the step's (dropped once the run has ended). */
  token(stepId: string, text: string): void {
    if (!this.done) this.log.token(stepId, text);
  }

  /** A model call ended: one stopped by the length limit or a filter leaves the answer cut short. */
  noteFinish(reason: string): void {
    if (reason === 'length' || reason === 'content-filter') this.cutShort ??= reason;
  }

  addUsage(usage: StreamTextResult['usage']): void {
    const add = (a: number | null, b: number | null) => (b === null ? a : (a ?? 0) + b);
    this.usage = {
      inputTokens: add(this.usage.inputTokens, usage.inputTokens),
      outputTokens: add(this.usage.outputTokens, usage.outputTokens),
    };
  }

  /** A step's error came with words: the run says them if it ends with that error. */
  rememberWords(message: string, words: ErrorWords): void {
    this.wordsOf.set(message, words);
  }

  // ---- the end -----------------------------------------------------------------------------------

  private finish(status: 'succeeded' | 'failed' | 'cancelled', output: string | null, error: string | null) {
    if (this.done) return;
    this.done = true;
    // the steps cut short, the last event and the run's row: one commit
    this.deps.repo.together(() => this.writeEnd(status, output, error));
  }

  private writeEnd(
    status: 'succeeded' | 'failed' | 'cancelled',
    output: string | null,
    error: string | null,
  ): void {
    const endedAt = Date.now();
    for (const stepId of this.runningSteps) {
      this.deps.repo.finishStep(this.runId, stepId, {
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
    this.deps.repo.finish(this.runId, {
      status,
      output,
      outputTool: this.output.tool || null,
      error,
      usage: this.usage,
      endedAt,
    });
  }
}
