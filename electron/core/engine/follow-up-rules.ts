// Which runs can be continued (`runs:continue`) and what a retry (`runs:start` with `retryOf`) takes from
// the run it tries again.
import { AppError } from '../../../shared/ipc/result';
import type { RunStart } from '../../../shared/types/run';
import type { PermissionMode } from '../permissions/types';
import type { RunRepo, StoredRun } from '../runs/run-repo';
import type { SavedRun } from './run-execution';
import type { RunContext } from './skill-io';

/** Why a follow-up cannot be sent now (null when it can). `busy`: the run or a follow-up is in flight. */
export function followUpRefusal(run: StoredRun, busy: boolean): AppError | null {
  if (busy || run.status === 'running' || run.status === 'waiting') {
    const answering = run.status !== 'running' && run.status !== 'waiting';
    return answering
      ? new AppError('CONFLICT', 'a follow-up of this run is still being answered: wait for it', {
          words: { key: 'runs.continue.busy' },
        })
      : new AppError('CONFLICT', 'this run has not finished: wait for its answer, then continue it', {
          words: { key: 'runs.continue.running' },
        });
  }
  if (run.status !== 'succeeded') {
    return new AppError(
      'CONFLICT',
      `this run ${run.status === 'failed' ? 'failed' : `was ${run.status}`}: only a run that answered can be continued — retry it instead`,
      { words: { key: `runs.continue.${run.status}` } },
    );
  }
  if (run.output === null) {
    return new AppError('CONFLICT', 'this run has no answer to continue from — retry it instead', {
      words: { key: 'runs.continue.noAnswer' },
    });
  }
  return null;
}

/** What a retry runs on when its request gives no input of its own. */
export interface RetrySource {
  /** The first attempt (the run retried, or the one it retried). */
  first: string;
  ctx?: Omit<RunContext, 'skillDir' | 'declaredArguments'>;
  workdir?: string;
  permissionMode?: PermissionMode;
  /** The run retried ran as an agent. */
  agent: boolean;
}

export function retrySource(repo: RunRepo, request: RunStart): RetrySource {
  const retried = repo.get(request.retryOf!);
  if (!retried) throw new AppError('NOT_FOUND', `no run ${request.retryOf} in the history to retry`);
  if (retried.skillId !== request.skillId) {
    throw new AppError(
      'BAD_REQUEST',
      `run ${retried.id} is a run of ${retried.skillId}, not of ${request.skillId}: retry it with its own skill`,
    );
  }
  const givesInput = [
    request.input,
    request.selection,
    request.instruction,
    request.arguments,
    request.config,
  ].some((v) => v !== undefined);
  const saved = repo.loadState(retried.id) as SavedRun | undefined;
  const source: RetrySource = {
    first: retried.retryOf ?? retried.id,
    workdir: saved?.workdir,
    permissionMode: saved?.permissionMode,
    agent: retried.mode === 'agent',
  };
  if (givesInput) return source;
  const ctx = saved?.ctx;
  return {
    ...source,
    // the same input: what the run was given (the clipboard it read too), else the input the history shows
    ctx: ctx
      ? {
          selection: ctx.selection,
          instruction: ctx.instruction,
          config: ctx.config,
          argumentsText: ctx.argumentsText,
          clipboard: ctx.clipboard,
          // the window it was triggered from, the language it was asked in
          context: ctx.context,
        }
      : { instruction: retried.input || undefined, config: {} },
  };
}
