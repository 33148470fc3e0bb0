// The executor: `runs:start` and `runs:resume` turn a request into a run (checked, recorded, its first
// event sent) and launch it in the background; it keeps the runs in flight for cancel, settled and
// shutdown. A run's lifecycle is run-execution.ts, each mode's work modes/, one model call step-runner.ts.
import crypto from 'node:crypto';
import { AppError } from '../../../shared/ipc/result';
import { languageName } from '../../../shared/skills/context-values';
import type { RunStart } from '../../../shared/types/run';
import { argumentDefaults } from '../skills/arguments-field';
import { loadDraft } from '../skills/draft';
import type { Finding } from '../skills/types';
import type { ExecutorDeps } from './executor-deps';
import { FollowUp } from './follow-up';
import { followUpRefusal, retrySource } from './follow-up-rules';
import { modeRunner } from './modes';
import { priorSteps, questionsToReopen, resumeRefusal } from './resume';
import { RunEventLog } from './run-events';
import { messageOf, RunExecution, skillModel, type RunSetup, type SavedRun } from './run-execution';
import { inputText, isDirectOutputSkill, type RunContext } from './skill-io';
import { ModelError } from '../providers/gateway';

export type { AgentDeps, ExecutorDeps, FailureInfo, OutputDelivery } from './executor-deps';

export interface Executor {
  /**
   * Starts a run in the background and answers its id at once. `beforeStart` sees the id before the
   * first event (the trigger flow records the window to insert into and follows the run in the card).
   */
  start(request: RunStart, hooks?: { beforeStart?: (runId: string) => void }): Promise<{ runId: string }>;
  /**
   * A follow-up of a finished run: answers it in the background as turn N of the run (its events follow
   * on the run's stream). Refused while the run or an earlier follow-up is still being answered.
   */
  continue(runId: string, message: string): Promise<{ runId: string; turn: number }>;
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

/** Why a draft cannot be tried: its first error (the editor shows the draft's findings in its own words). */
function draftRefusal(skillId: string, first: Finding | undefined): AppError {
  const problem = `${first?.line === undefined ? '' : `line ${first.line}: `}${first?.message ?? 'it has errors'}`;
  return new AppError('BAD_REQUEST', `this draft of ${skillId} cannot run: ${problem}`, {
    words: { key: 'runs.draftCannotRun', values: { id: skillId, problem } },
  });
}

export function createExecutor(deps: ExecutorDeps): Executor {
  const active = new Map<string, ActiveRun>();

  /** The skill's file as it is now, or (Try it) an unsaved draft of it read as loading the file would. */
  async function skillToRun(skillId: string, draft: string | undefined) {
    if (draft === undefined) return deps.skills.activate(skillId);
    const entry = await deps.skills.require(skillId);
    return { entry, loaded: await loadDraft(entry, draft) };
  }

  async function start(
    request: RunStart,
    hooks: { beforeStart?: (runId: string) => void } = {},
  ): Promise<{ runId: string }> {
    const retried = request.retryOf === undefined ? undefined : retrySource(deps.repo, request);
    const skill = await skillToRun(request.skillId, request.draft);
    const definition = skill.loaded.definition;
    if (!definition || !skill.loaded.runnable) {
      const first = skill.loaded.findings.find((f) => f.severity === 'error');
      if (request.draft !== undefined) throw draftRefusal(request.skillId, first);
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
    const asAgent = request.agent || (retried?.agent && definition.executionMode === 'prompt');
    const mode = asAgent ? 'agent' : definition.executionMode;
    if (mode === 'agent' && !deps.agent) {
      throw new AppError('BAD_REQUEST', `${request.skillId}: agent mode is not available in this host`);
    }
    // a provider chosen for this run is checked now: an unknown name is the request's mistake
    const target = request.provider
      ? { provider: request.provider, model: request.model }
      : { provider: definition.provider, model: request.model ?? skillModel(definition) };
    if (request.provider) await checkProvider(target.provider, target.model);
    const spoken = request.speech ? takeRecording(request.speech.recordingId) : undefined;
    // a voice run: what was said (as the user left it, if they edited it) is the input and the arguments
    const said = spoken ? (request.instruction ?? request.input ?? spoken.transcript) : undefined;
    const runId = newRunId();
    const given = retried?.ctx ?? {
      selection: request.selection,
      instruction: said ?? request.instruction ?? request.input,
      ...(said !== undefined ? { transcript: said } : {}),
      config: request.config ?? {},
      argumentsText: request.arguments ?? said,
      context: request.context,
    };
    const here = deps.locale?.();
    const ctx: RunContext = {
      ...given,
      // the dashboard language and date format now; what the run was given (a retry: its first run's) over them
      context: { ...(here ? { language: languageName(here.language) } : {}), ...given.context },
      locale: given.locale ?? here?.format,
      config: { ...definition.config, ...given.config },
      skillDir: skill.entry.realDir,
      declaredArguments: definition.arguments,
      argumentDefaults: argumentDefaults(definition.argumentSpecs),
    };
    deps.repo.create({
      id: runId,
      skillId: request.skillId,
      mode,
      input: inputText(ctx),
      startedAt: Date.now(),
      isTry: request.draft !== undefined,
      retryOf: retried?.first ?? null,
    });
    if (spoken) await deps.speech?.record(runId, spoken);
    const saved: SavedRun = {
      ctx,
      workdir: request.workdir ?? retried?.workdir,
      permissionMode: request.permissionMode ?? retried?.permissionMode,
      ...(request.provider || request.model ? { target } : {}),
      ...(request.draft !== undefined ? { draft: request.draft } : {}),
    };
    const log = new RunEventLog(runId, deps.repo, (e) => deps.onEvent(runId, e), deps.tokenIntervalMs);
    hooks.beforeStart?.(runId);
    log.emit({ type: 'run_start', runId, skill: request.skillId, mode });
    launch({ runId, skillId: request.skillId, mode, definition, body: skill.loaded.body, saved, log });
    return { runId };
  }

  function takeRecording(recordingId: string) {
    if (!deps.speech) throw new AppError('BAD_REQUEST', 'voice input is not available in this host');
    return deps.speech.take(recordingId);
  }

  async function checkProvider(provider: string | undefined, model: string | undefined) {
    try {
      await deps.gateway.resolve(provider, model);
    } catch (error) {
      const words = error instanceof ModelError ? error.details.words : undefined;
      throw new AppError('BAD_REQUEST', messageOf(error), words ? { words } : {});
    }
  }

  /** Runs it in the background; its entry in `active` goes when it ends. */
  function launch(setup: Omit<RunSetup, 'signal'>) {
    track(setup.runId, (signal) =>
      new RunExecution(deps, { ...setup, signal }).execute(modeRunner(setup.mode)),
    );
  }

  function track(runId: string, work: (signal: AbortSignal) => Promise<void>) {
    const controller = new AbortController();
    const done = work(controller.signal)
      .catch((error: unknown) => deps.onInternalError?.(error))
      .finally(() => active.delete(runId));
    active.set(runId, { controller, done });
  }

  async function continueRun(runId: string, message: string): Promise<{ runId: string; turn: number }> {
    const run = deps.repo.get(runId);
    if (!run) throw new AppError('NOT_FOUND', `no run ${runId} in the history`);
    const refusal = followUpRefusal(run, active.has(runId));
    if (refusal) throw refusal;
    const skill = await deps.skills.activate(run.skillId);
    const definition = skill.loaded.definition;
    if (!definition || !skill.loaded.runnable) {
      throw new AppError('BAD_REQUEST', `${run.skillId} cannot run any more: fix its SKILL.md first`);
    }
    if (isDirectOutputSkill(definition, skill.loaded.body)) {
      throw new AppError(
        'BAD_REQUEST',
        `${run.skillId} saves what it is given without asking a model: there is no conversation to continue`,
        { words: { key: 'runs.continue.noModel', values: { skill: run.skillId } } },
      );
    }
    const saved = (deps.repo.loadState(runId) as SavedRun | undefined) ?? {
      ctx: {
        instruction: run.input,
        config: definition.config,
        skillDir: skill.entry.realDir,
        declaredArguments: definition.arguments,
      },
    };
    const turn = (run.turns.at(-1)?.turn ?? 0) + 1;
    deps.repo.startTurn(runId, {
      turn,
      message,
      provider: run.provider,
      model: run.model,
      startedAt: Date.now(),
    });
    const log = new RunEventLog(runId, deps.repo, (e) => deps.onEvent(runId, e), deps.tokenIntervalMs, {
      seq: deps.repo.lastEventSeq(runId),
      elapsedMs: Date.now() - run.startedAt,
    });
    log.emit({ type: 'turn_start', turn, message });
    const setup = { run, saved, definition, body: skill.loaded.body, turn, message, log };
    track(runId, (signal) => new FollowUp(deps, { ...setup, signal }).execute());
    return { runId, turn };
  }

  async function resume(runId: string): Promise<{ runId: string }> {
    if (active.has(runId)) return { runId };
    const detail = deps.repo.get(runId);
    if (!detail) throw new AppError('NOT_FOUND', `no run ${runId} in the history`);
    const refusal = resumeRefusal(detail);
    if (refusal !== null) throw new AppError('CONFLICT', refusal);
    const saved = deps.repo.loadState(runId) as SavedRun | undefined;
    if (!saved) throw new AppError('CONFLICT', `run ${runId} has no saved state to resume from`);
    // a try resumes the draft it was started with, not the file
    const skill = await skillToRun(detail.skillId, saved.draft);
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
    launch({
      runId,
      skillId: detail.skillId,
      mode: detail.mode,
      definition,
      body: skill.loaded.body,
      saved,
      log,
      resumed: { reopen, prior: priorSteps(detail) },
    });
    return { runId };
  }

  return {
    start,
    resume,
    continue: continueRun,
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
