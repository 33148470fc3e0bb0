import { create } from 'zustand';
import type { Client } from '../../../shared/ipc/client';
import type { AppInfo } from '../../../shared/types/app';

export interface AppState {
  info: AppInfo | null;
  error: string | null;
  load(): Promise<void>;
}

export function createAppStore(client: Client) {
  return create<AppState>()((set) => ({
    info: null,
    error: null,
    async load() {
      const result = await client.request('app:info', undefined);
      if (result.ok) set({ info: result.value, error: null });
      else set({ error: result.error.message });
    },
  }));
}

export type AppStore = ReturnType<typeof createAppStore>;
