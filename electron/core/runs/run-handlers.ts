import type { Handlers } from '../../../shared/ipc/contract';
import { AppError } from '../../../shared/ipc/result';
import type { Executor } from '../engine/executor';
import type { TriggerSession } from '../trigger/trigger-session';
import { createDeliverAgain, type DeliverAgainDeps } from './deliver-again';
import type { RunRepo } from './run-repo';

export type RunHandlers = Pick<
  Handlers,
  | 'runs:start'
  | 'runs:cancel'
  | 'runs:list'
  | 'runs:get'
  | 'runs:delete'
  | 'runs:resume'
  | 'runs:continue'
  | 'runs:deliver'
  | 'runs:usage'
>;

export interface RunHandlerDeps {
  executor: Executor;
  repo: RunRepo;
  /** The windows triggered runs were started from: a retry inserts where its first attempt would. */
  session: Pick<TriggerSession, 'targetOf' | 'inherit'>;
  /** What `runs:deliver` acts through. */
  ports: DeliverAgainDeps['ports'];
  tools: DeliverAgainDeps['tools'];
}

export function createRunHandlers(deps: RunHandlerDeps): RunHandlers {
  const { executor, repo, session } = deps;
  const deliver = createDeliverAgain({ ...deps, targetOf: (runId) => session.targetOf(runId) });
  const notFound = (runId: string) => new AppError('NOT_FOUND', `no run ${runId} in the history`);
  return {
    'runs:start': (input) =>
      executor.start(input, {
        beforeStart: (runId) => {
          if (input.retryOf) session.inherit(runId, input.retryOf);
        },
      }),
    'runs:resume': ({ runId }) => executor.resume(runId),
    'runs:continue': ({ runId, message }) => executor.continue(runId, message),
    'runs:deliver': (input) => deliver(input),
    'runs:cancel': ({ runId }) => ({ cancelled: executor.cancel(runId) }),
    'runs:list': (query) => repo.list(query),
    'runs:usage': () => repo.usage(),
    'runs:get': ({ runId }) => {
      const run = repo.get(runId);
      if (!run) throw notFound(runId);
      const target = session.targetOf(runId);
      return {
        ...run,
        insertInto: target ? { app: target.app, title: target.title } : null,
        speech: null,
      };
    },
    'runs:delete': ({ runId }) => {
      if (executor.cancel(runId))
        throw new AppError('CONFLICT', `run ${runId} is still running: cancel it first`);
      if (!repo.delete(runId)) throw notFound(runId);
      return { runId };
    },
  };
}
