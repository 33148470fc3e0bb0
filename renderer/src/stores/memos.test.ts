import { describe, expect, it } from 'vitest';
import { createClient } from '../../../shared/ipc/client';
import { fail, ok } from '../../../shared/ipc/result';
import type { Memo } from '../../../shared/types/memo';
import { createFakeTransport, deferred, settle } from './fake-transport';
import { createMemosStore, MEMO_PAGE_SIZE } from './memos';

function memo(id: number, text = `memo ${id}`): Memo {
  return { id, skillId: 'memo', runId: null, title: text, text, createdAt: id * 1000, updatedAt: id * 1000 };
}

function setup(answers: Parameters<typeof createFakeTransport>[0] = {}) {
  const fake = createFakeTransport(answers);
  const useMemosStore = createMemosStore(createClient(fake.transport));
  return { fake, useMemosStore };
}

describe('memos store', () => {
  it('lists the first page, then appends the next one', async () => {
    const all = Array.from({ length: 60 }, (_, i) => memo(60 - i));
    const { fake, useMemosStore } = setup({
      'memos:list': (input) => {
        const { limit, offset } = input as { limit: number; offset: number };
        return ok({ items: all.slice(offset, offset + limit), total: all.length });
      },
    });
    await useMemosStore.getState().refresh();
    expect(useMemosStore.getState().items).toHaveLength(MEMO_PAGE_SIZE);
    expect(useMemosStore.getState().hasMore).toBe(true);
    await useMemosStore.getState().loadMore();
    const state = useMemosStore.getState();
    expect(state.items.map((m) => m.id)).toEqual(all.map((m) => m.id));
    expect(state.hasMore).toBe(false);
    expect(fake.callsOf('memos:list').map((c) => c.input)).toEqual([
      { limit: MEMO_PAGE_SIZE, offset: 0 },
      { limit: MEMO_PAGE_SIZE, offset: MEMO_PAGE_SIZE },
    ]);
  });

  it('searches with the trimmed query, and an empty query lists again', async () => {
    const { fake, useMemosStore } = setup({
      'memos:list': () => ok({ items: [memo(1)], total: 1 }),
      'memos:search': () =>
        ok({
          items: [{ memo: memo(2, 'Buy oat milk'), snippet: [{ text: 'oat', match: true }] }],
          hasMore: false,
        }),
    });
    await useMemosStore.getState().search('  燕麦 ');
    expect(fake.callsOf('memos:search')[0]!.input).toEqual({
      query: '燕麦',
      limit: MEMO_PAGE_SIZE,
      offset: 0,
    });
    expect(useMemosStore.getState().hits.map((h) => h.memo.id)).toEqual([2]);
    await useMemosStore.getState().search('');
    expect(useMemosStore.getState().items.map((m) => m.id)).toEqual([1]);
    expect(useMemosStore.getState().hits).toEqual([]);
  });

  it('ignores an older search answering after a newer one', async () => {
    const slow = deferred<ReturnType<typeof ok>>();
    const { useMemosStore } = setup({
      'memos:search': (input) =>
        (input as { query: string }).query === 'oa'
          ? slow.promise
          : ok({ items: [{ memo: memo(3), snippet: [] }], hasMore: false }),
    });
    const first = useMemosStore.getState().search('oa');
    await useMemosStore.getState().search('oat');
    slow.resolve(ok({ items: [{ memo: memo(9), snippet: [] }], hasMore: false }));
    await first;
    await settle();
    expect(useMemosStore.getState().hits.map((h) => h.memo.id)).toEqual([3]);
    expect(useMemosStore.getState().query).toBe('oat');
  });

  it('closes the open memo when a search leaves it out, and keeps it when the search finds it', async () => {
    const oat = memo(2, 'Buy oat milk');
    const friday = memo(3, 'Release on Friday');
    const { useMemosStore } = setup({
      'memos:list': () => ok({ items: [friday, oat], total: 2 }),
      'memos:get': (input) => ok((input as { id: number }).id === 2 ? oat : friday),
      'memos:search': (input) => {
        const found = [friday, oat].filter((m) => m.text.includes((input as { query: string }).query));
        return ok({
          items: found.map((m) => ({ memo: m, snippet: [{ text: m.text, match: false }] })),
          hasMore: false,
        });
      },
    });
    await useMemosStore.getState().refresh();
    await useMemosStore.getState().open(3);
    await useMemosStore.getState().search('Friday');
    expect(useMemosStore.getState().selected?.id).toBe(3);
    await useMemosStore.getState().search('oat');
    expect(useMemosStore.getState().selected).toBeNull();
    // clearing the search lists every memo again; nothing reopens by itself
    await useMemosStore.getState().search('');
    expect(useMemosStore.getState().selected).toBeNull();
    // the list without a query never closes it
    await useMemosStore.getState().open(2);
    await useMemosStore.getState().refresh();
    expect(useMemosStore.getState().selected?.id).toBe(2);
  });

  it('opens one, and deleting it removes it from the list, the hits and the view', async () => {
    const { useMemosStore } = setup({
      'memos:list': () => ok({ items: [memo(1), memo(2)], total: 2 }),
      'memos:get': (input) => ok(memo((input as { id: number }).id)),
      'memos:delete': (input) => ok({ id: (input as { id: number }).id }),
    });
    await useMemosStore.getState().refresh();
    await useMemosStore.getState().open(2);
    expect(useMemosStore.getState().selected?.id).toBe(2);
    const result = await useMemosStore.getState().remove(2);
    expect(result.ok).toBe(true);
    const state = useMemosStore.getState();
    expect(state.items.map((m) => m.id)).toEqual([1]);
    expect(state.total).toBe(1);
    expect(state.selected).toBeNull();
  });

  it('reports a failed list and keeps what it had; export asks for one memo or all', async () => {
    let listOk = true;
    const { fake, useMemosStore } = setup({
      'memos:list': () => (listOk ? ok({ items: [memo(1)], total: 1 }) : fail('INTERNAL', 'disk on fire')),
      'memos:export': () => ok({ markdown: '# memo 1', count: 1 }),
    });
    await useMemosStore.getState().refresh();
    listOk = false;
    await useMemosStore.getState().refresh();
    expect(useMemosStore.getState().error).toBe('disk on fire');
    expect(useMemosStore.getState().items).toHaveLength(1);
    await useMemosStore.getState().exportMarkdown(1);
    await useMemosStore.getState().exportMarkdown();
    expect(fake.callsOf('memos:export').map((c) => c.input)).toEqual([{ id: 1 }, {}]);
  });
});
