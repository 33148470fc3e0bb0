import { create } from 'zustand';
import type { Client } from '../../../../shared/ipc/client';
import type { Result } from '../../../../shared/ipc/result';
import type { AppRule, AppRuleInput, AppRulesOverview } from '../../../../shared/types/app-rules';
import { errorText } from '../../i18n/error-text';

export interface AppsState {
  /** null until the first `apps:list` answer. */
  overview: AppRulesOverview | null;
  error: string | null;
  load(): Promise<void>;
  /** The envelope comes back so the form can show the host's message next to it. */
  save(input: AppRuleInput): Promise<Result<AppRule>>;
  remove(app: string): Promise<Result<AppRulesOverview>>;
  /** Keeps the selection toolbar away from an app, or lets it show there again. */
  setToolbar(app: string, excluded: boolean): Promise<Result<AppRulesOverview>>;
}

/** Settings › Apps: the per-app rules and the apps seen lately. */
export function createAppsStore(client: Client) {
  let latest = 0;
  return create<AppsState>()((set, get) => ({
    overview: null,
    error: null,

    async load() {
      const request = ++latest;
      const result = await client.request('apps:list', undefined);
      if (request !== latest) return;
      if (result.ok) set({ overview: result.value, error: null });
      else set({ error: errorText(result.error) });
    },

    async save(input) {
      const result = await client.request('apps:save', input);
      if (result.ok) await get().load();
      return result;
    },

    async setToolbar(app, excluded) {
      const result = await client.request('apps:toolbar', { app, excluded });
      if (result.ok) {
        latest++;
        set({ overview: result.value, error: null });
      }
      return result;
    },

    async remove(app) {
      const result = await client.request('apps:delete', { app });
      if (result.ok) {
        latest++;
        set({ overview: result.value, error: null });
      }
      return result;
    },
  }));
}

export type AppsStore = ReturnType<typeof createAppsStore>;
