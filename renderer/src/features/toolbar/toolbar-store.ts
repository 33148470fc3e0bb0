import { create } from 'zustand';
import type { Client } from '../../../../shared/ipc/client';
import type { ToolbarSettings, ToolbarUpdate } from '../../../../shared/types/toolbar';
import { errorText } from '../../i18n/error-text';

export interface ToolbarState {
  /** null until the first `toolbar:settings` answer. */
  settings: ToolbarSettings | null;
  error: string | null;
  load(): Promise<void>;
  /** Shown at once, then what the host kept (or back, with the host's refusal in `error`). */
  update(patch: ToolbarUpdate): Promise<boolean>;
}

/** The selection toolbar's settings (Settings › Selection toolbar). */
export function createToolbarStore(client: Client) {
  let latest = 0;
  const useToolbarStore = create<ToolbarState>()((set, get) => ({
    settings: null,
    error: null,
    async load() {
      const request = ++latest;
      const result = await client.request('toolbar:settings', undefined);
      if (request !== latest) return;
      if (result.ok) set({ settings: result.value, error: null });
      else set({ error: errorText(result.error) });
    },
    async update(patch) {
      const before = get().settings;
      const request = ++latest;
      if (before) set({ settings: { ...before, ...patch } });
      const result = await client.request('toolbar:update', patch);
      if (request !== latest) return result.ok;
      if (result.ok) set({ settings: result.value, error: null });
      else set({ settings: before, error: errorText(result.error) });
      return result.ok;
    },
  }));
  // another dashboard (or the desktop app's own) changed them
  client.on('toolbar:changed', (settings) => {
    latest++;
    useToolbarStore.setState({ settings, error: null });
  });
  return useToolbarStore;
}

export type ToolbarStore = ReturnType<typeof createToolbarStore>;

/** `list` with the item at `from` moved to `to` (both clamped into the list). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  if (from < 0 || from >= next.length) return next;
  const [item] = next.splice(from, 1);
  next.splice(Math.max(0, Math.min(to, next.length)), 0, item as T);
  return next;
}
