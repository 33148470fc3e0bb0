import { create } from 'zustand';
import type { Client } from '../../../shared/ipc/client';
import type { Result } from '../../../shared/ipc/result';
import type { Memo, MemoExport, MemoSearchHit } from '../../../shared/types/memo';
import { errorText } from '../i18n/error-text';

export const MEMO_PAGE_SIZE = 50;

export interface MemosState {
  /** What the search box holds; '' lists every memo, newest first. */
  query: string;
  /** The list (no query): memos, newest first, and how many there are in all. */
  items: Memo[];
  total: number;
  /** The search (a query): hits with their snippets, and whether more follow. */
  hits: MemoSearchHit[];
  hasMore: boolean;
  loading: boolean;
  /** Why the last list or search failed, or null. */
  error: string | null;
  /** The memo opened to read, fresh from `memos:get`. */
  selected: Memo | null;
  /** Lists (query '') or searches, from the first page. */
  search(query: string): Promise<void>;
  /** The same list or search again, from the first page (after a reconnect, or on opening the page). */
  refresh(): Promise<void>;
  /** The next page of the list or search, appended. */
  loadMore(): Promise<void>;
  open(id: number): Promise<Result<Memo>>;
  close(): void;
  remove(id: number): Promise<Result<{ id: number }>>;
  /** One memo (`id`) or every memo as Markdown. */
  exportMarkdown(id?: number): Promise<Result<MemoExport>>;
}

export function createMemosStore(client: Client) {
  // Only the newest list/search may write: an older answer arriving late (a slow search for "oa"
  // after the one for "oat") would show results for a query the box no longer holds.
  let latest = 0;

  const useMemosStore = create<MemosState>()((set, get) => {
    async function fetchPage(query: string, offset: number) {
      const request = ++latest;
      set({ loading: true });
      const trimmed = query.trim();
      if (trimmed === '') {
        const result = await client.request('memos:list', { limit: MEMO_PAGE_SIZE, offset });
        if (request !== latest) return;
        if (!result.ok) return set({ loading: false, error: errorText(result.error) });
        set((state) => ({
          items: offset === 0 ? result.value.items : [...state.items, ...result.value.items],
          total: result.value.total,
          hits: [],
          hasMore: offset + result.value.items.length < result.value.total,
          loading: false,
          error: null,
        }));
      } else {
        const result = await client.request('memos:search', {
          query: trimmed,
          limit: MEMO_PAGE_SIZE,
          offset,
        });
        if (request !== latest) return;
        if (!result.ok) return set({ loading: false, error: errorText(result.error) });
        set((state) => {
          const hits = offset === 0 ? result.value.items : [...state.hits, ...result.value.items];
          // the open memo goes with the list: one the search left out is closed, not shown beside
          // results it is not among
          const kept = state.selected && hits.some((h) => h.memo.id === state.selected!.id);
          return {
            hits,
            hasMore: result.value.hasMore,
            loading: false,
            error: null,
            selected: kept ? state.selected : null,
          };
        });
      }
    }

    return {
      query: '',
      items: [],
      total: 0,
      hits: [],
      hasMore: false,
      loading: false,
      error: null,
      selected: null,

      async search(query) {
        set({ query });
        await fetchPage(query, 0);
      },

      async refresh() {
        await fetchPage(get().query, 0);
      },

      async loadMore() {
        const { query, items, hits } = get();
        await fetchPage(query, query.trim() === '' ? items.length : hits.length);
      },

      async open(id) {
        const result = await client.request('memos:get', { id });
        if (result.ok) set({ selected: result.value });
        return result;
      },

      close() {
        set({ selected: null });
      },

      async remove(id) {
        const result = await client.request('memos:delete', { id });
        if (result.ok) {
          set((state) => ({
            items: state.items.filter((m) => m.id !== id),
            total: state.items.some((m) => m.id === id) ? Math.max(0, state.total - 1) : state.total,
            hits: state.hits.filter((h) => h.memo.id !== id),
            selected: state.selected?.id === id ? null : state.selected,
          }));
        }
        return result;
      },

      exportMarkdown(id) {
        return client.request('memos:export', id === undefined ? {} : { id });
      },
    };
  });

  return useMemosStore;
}

export type MemosStore = ReturnType<typeof createMemosStore>;
