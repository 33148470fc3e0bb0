import type { Handlers } from '../../../shared/ipc/contract';
import { AppError } from '../../../shared/ipc/result';
import type { Executor } from '../engine/executor';
import type { RunRepo } from './run-repo';

export type RunHandlers = Pick<
  Handlers,
  'runs:start' | 'runs:cancel' | 'runs:list' | 'runs:get' | 'runs:delete' | 'runs:resume' | 'runs:usage'
>;

export function createRunHandlers(executor: Executor, repo: RunRepo): RunHandlers {
  const notFound = (runId: string) => new AppError('NOT_FOUND', `no run ${runId} in the history`);
  return {
    'runs:start': (input) => executor.start(input),
    'runs:resume': ({ runId }) => executor.resume(runId),
    'runs:cancel': ({ runId }) => ({ cancelled: executor.cancel(runId) }),
    'runs:list': (query) => repo.list(query),
    'runs:usage': () => repo.usage(),
    'runs:get': ({ runId }) => {
      const run = repo.get(runId);
      if (!run) throw notFound(runId);
      return run;
    },
    'runs:delete': ({ runId }) => {
      if (executor.cancel(runId))
        throw new AppError('CONFLICT', `run ${runId} is still running: cancel it first`);
      if (!repo.delete(runId)) throw notFound(runId);
      return { runId };
    },
  };
}
