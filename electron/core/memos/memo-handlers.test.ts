import { describe, expect, it } from 'vitest';
import { contract } from '../../../shared/ipc/contract';
import { AppError } from '../../../shared/ipc/result';
import { openDatabase } from '../store/db';
import { createMemoHandlers } from './memo-handlers';
import { createMemoRepo } from './memo-repo';

function setup() {
  const repo = createMemoRepo(openDatabase(':memory:'));
  const handlers = createMemoHandlers(repo, () => Date.UTC(2026, 10, 21, 9, 30));
  // Through the contract's schemas, as dispatch does.
  const call = async <C extends keyof typeof handlers>(channel: C, input: unknown) => {
    const parsed: unknown = contract[channel].input.parse(input);
    const output = await (handlers[channel] as (i: unknown) => unknown)(parsed);
    return contract[channel].output.parse(output) as unknown;
  };
  repo.create(
    { skillId: 'memo', runId: 'r1', title: 'Tea', text: 'Oolong is 半发酵茶.' },
    Date.UTC(2026, 0, 2, 3, 4, 5),
  );
  repo.create({ skillId: 'translate', runId: null, text: 'Second memo' }, Date.UTC(2026, 0, 3));
  return { call, repo };
}

describe('memos:* handlers', () => {
  it('list with defaults, search, get', async () => {
    const { call } = setup();
    expect(await call('memos:list', undefined)).toMatchObject({ total: 2, items: [{ id: 2 }, { id: 1 }] });
    expect(await call('memos:search', { query: '半发酵' })).toMatchObject({
      hasMore: false,
      items: [
        {
          memo: { id: 1 },
          snippet: [
            { text: 'Oolong is ', match: false },
            { text: '半发酵', match: true },
            { text: '茶.', match: false },
          ],
        },
      ],
    });
    expect(await call('memos:get', { id: 2 })).toMatchObject({ text: 'Second memo', title: 'Second memo' });
  });

  it('get / delete / export of a missing memo is NOT_FOUND', async () => {
    const { call } = setup();
    for (const channel of ['memos:get', 'memos:delete', 'memos:export'] as const) {
      await expect(call(channel, { id: 99 })).rejects.toSatisfy(
        (e: unknown) => e instanceof AppError && e.code === 'NOT_FOUND',
      );
    }
  });

  it('delete removes it from list and search', async () => {
    const { call } = setup();
    expect(await call('memos:delete', { id: 1 })).toEqual({ id: 1 });
    expect(await call('memos:list', {})).toMatchObject({ total: 1 });
    expect(await call('memos:search', { query: 'oolong' })).toEqual({ items: [], hasMore: false });
  });

  it('exports one memo or all as Markdown', async () => {
    const { call } = setup();
    expect(await call('memos:export', { id: 1 })).toEqual({
      count: 1,
      markdown: '# Tea\n\n_skill: memo · saved: 2026-01-02T03:04:05Z · run: r1_\n\nOolong is 半发酵茶.\n',
    });
    const all = (await call('memos:export', undefined)) as { markdown: string; count: number };
    expect(all.count).toBe(2);
    expect(all.markdown).toMatch(
      /^# Memos\n\n_2 memos · exported 2026-11-21T09:30:00Z from Skilldeck_\n\n## Second memo\n\n_skill: translate · saved: 2026-01-03T00:00:00Z_\n\nSecond memo\n\n## Tea\n/,
    );
    expect(all.markdown).toContain(
      '_skill: memo · saved: 2026-01-02T03:04:05Z · run: r1_\n\nOolong is 半发酵茶.\n',
    );
    expect(await call('memos:export', { skillId: 'translate' })).toMatchObject({ count: 1 });
  });

  it('the contract refuses bad input', () => {
    expect(() => contract['memos:list'].input.parse({ limit: 0 })).toThrow();
    expect(() => contract['memos:search'].input.parse({ query: 'x', extra: 1 })).toThrow();
    expect(() => contract['memos:get'].input.parse({ id: -1 })).toThrow();
  });
});
