// The executor: `runs:start` and `runs:resume` turn a request into a run (checked, recorded, its first
// event sent) and launch it in the background; it keeps the runs in flight for cancel, settled and
// shutdown. A run's lifecycle is run-execution.ts, each mode's work modes/, one model call step-runner.ts.
import crypto from 'node:crypto';
import { AppError } from '../../../shared/ipc/result';
import type { RunStart } from '../../../shared/types/run';
import { argumentDefaults } from '../skills/arguments-field';
import { loadDraft } from '../skills/draft';
import type { Finding } from '../skills/types';
import type { ExecutorDeps } from './executor-deps';
import { modeRunner } from './modes';
import { priorSteps, questionsToReopen, resumeRefusal } from './resume';
import { RunEventLog } from './run-events';
import { RunExecution, type RunSetup, type SavedRun } from './run-execution';
import { inputText, type RunContext } from './skill-io';

export type { AgentDeps, ExecutorDeps, FailureInfo, OutputDelivery } from './executor-deps';

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
      argumentDefaults: argumentDefaults(definition.argumentSpecs),
    };
    deps.repo.create({
      id: runId,
      skillId: request.skillId,
      mode,
      input: inputText(ctx),
      startedAt: Date.now(),
      isTry: request.draft !== undefined,
    });
    const saved: SavedRun = {
      ctx,
      workdir: request.workdir,
      permissionMode: request.permissionMode,
      ...(request.draft !== undefined ? { draft: request.draft } : {}),
    };
    const log = new RunEventLog(runId, deps.repo, (e) => deps.onEvent(runId, e), deps.tokenIntervalMs);
    hooks.beforeStart?.(runId);
    log.emit({ type: 'run_start', runId, skill: request.skillId, mode });
    launch({ runId, skillId: request.skillId, mode, definition, body: skill.loaded.body, saved, log });
    return { runId };
  }

  /** Runs it in the background; its entry in `active` goes when it ends. */
  function launch(setup: Omit<RunSetup, 'signal'>) {
    const controller = new AbortController();
    const run = new RunExecution(deps, { ...setup, signal: controller.signal });
    const done = run
      .execute(modeRunner(setup.mode))
      .catch((error: unknown) => deps.onInternalError?.(error))
      .finally(() => active.delete(setup.runId));
    active.set(setup.runId, { controller, done });
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
