import { create } from 'zustand';
import type { Client } from '../../../../shared/ipc/client';
import type {
  WebSearchSettings,
  WebSearchTestResult,
  WebSearchUpdate,
} from '../../../../shared/types/web-search';
import { settingsSection } from '../../app/settings-section';
import { errorText } from '../../i18n/error-text';

export type SearchTest = { state: 'testing' } | ({ state: 'done' } & WebSearchTestResult);

export interface WebSearchState {
  /** null until the first `search:settings` answer. */
  settings: WebSearchSettings | null;
  /** Why loading or the last change failed, in the dashboard's words. */
  error: string | null;
  /** The last "Try a search" (dropped when the settings change: it no longer says what searches do). */
  test: SearchTest | null;
  load(): Promise<void>;
  /** Sends the change; true when the host kept it (else `error` says why). */
  update(patch: WebSearchUpdate): Promise<boolean>;
  tryIt(query?: string): Promise<void>;
}

/** Settings › Web search: the backend, the SearXNG address, whether a Brave key is stored. */
export function createWebSearchStore(client: Client) {
  return create<WebSearchState>()((set, get) => {
    const section = settingsSection<WebSearchSettings, WebSearchUpdate>({
      get,
      set,
      read: () => client.request('search:settings', undefined),
      write: (patch) => client.request('search:update', patch),
      // the chosen backend shows at once (a radio button follows the click), then what the host kept
      shown: (before, patch) =>
        patch.backend !== undefined ? { ...before, backend: patch.backend } : before,
      // the last try no longer says what searches do
      kept: () => ({ test: null }),
    });
    return {
      settings: null,
      error: null,
      test: null,
      load: section.load,
      update: section.update,
      async tryIt(query) {
        set({ test: { state: 'testing' } });
        const result = await client.request('search:test', query ? { query } : {});
        if (result.ok) set({ test: { state: 'done', ...result.value } });
        else set({ test: null, error: errorText(result.error) });
      },
    };
  });
}

export type WebSearchStore = ReturnType<typeof createWebSearchStore>;
