import { create } from 'zustand';
import type { Client } from '../../../../shared/ipc/client';
import type { ToolbarSettings, ToolbarUpdate } from '../../../../shared/types/toolbar';
import { settingsSection } from '../../app/settings-section';

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
  const useToolbarStore = create<ToolbarState>()((set, get) => {
    const section = settingsSection<ToolbarSettings, ToolbarUpdate>({
      get,
      set,
      read: () => client.request('toolbar:settings', undefined),
      write: (patch) => client.request('toolbar:update', patch),
      shown: (before, patch) => ({ ...before, ...patch }),
    });
    // another dashboard (or the desktop app's own) changed them
    client.on('toolbar:changed', section.pushed);
    return { settings: null, error: null, load: section.load, update: section.update };
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
