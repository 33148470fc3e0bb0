import type { Handlers } from '../../../shared/ipc/contract';
import { AppError } from '../../../shared/ipc/result';
import type { MemoRepo } from './memo-repo';
import { memosToMarkdown } from './memo-markdown';

export type MemoHandlers = Pick<
  Handlers,
  'memos:list' | 'memos:search' | 'memos:get' | 'memos:delete' | 'memos:export'
>;

/** `now` stamps a collection export (a parameter so tests get a fixed time). */
export function createMemoHandlers(repo: MemoRepo, now: () => number = Date.now): MemoHandlers {
  const require = (id: number) => {
    const memo = repo.get(id);
    if (!memo) throw new AppError('NOT_FOUND', `memo ${id} does not exist (it may have been deleted)`);
    return memo;
  };
  return {
    'memos:list': (input) => repo.list(input),
    'memos:search': (input) => repo.search(input),
    'memos:get': ({ id }) => require(id),
    'memos:delete': ({ id }) => {
      require(id);
      repo.delete(id);
      return { id };
    },
    'memos:export': (input) => {
      const memos = input.id !== undefined ? [require(input.id)] : repo.all({ skillId: input.skillId });
      return { markdown: memosToMarkdown(memos, now()), count: memos.length };
    },
  };
}
