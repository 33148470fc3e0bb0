import { create } from 'zustand';
import type { Client } from '../../../shared/ipc/client';
import type { AppInfo } from '../../../shared/types/app';
import { errorText } from '../i18n/error-text';

type Language = AppInfo['language'];

export interface AppState {
  info: AppInfo | null;
  error: string | null;
  load(): Promise<void>;
  /**
   * Tells the host the dashboard's language, for the desktop app's own words (tray, floating card,
   * command bar, dialogs). The dashboard itself switches through i18n's setLanguage.
   */
  setLanguage(language: Language): Promise<void>;
}

export interface AppStoreOptions {
  /** The language the user picked in this dashboard (kept in localStorage), or null when never picked. */
  chosenLanguage?: () => Language | null;
}

export function createAppStore(client: Client, options: AppStoreOptions = {}) {
  return create<AppState>()((set, get) => ({
    info: null,
    error: null,
    async load() {
      const result = await client.request('app:info', undefined);
      if (!result.ok) {
        set({ error: errorText(result.error) });
        return;
      }
      set({ info: result.value, error: null });
      // a choice made here before the host kept one (or on another host): the host follows it
      const chosen = options.chosenLanguage?.() ?? null;
      if (chosen !== null && chosen !== result.value.language) await get().setLanguage(chosen);
    },
    async setLanguage(language) {
      const result = await client.request('app:setLanguage', { language });
      const info = get().info;
      if (result.ok && info) set({ info: { ...info, language: result.value.language } });
    },
  }));
}

export type AppStore = ReturnType<typeof createAppStore>;
