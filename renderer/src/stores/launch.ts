import { create } from 'zustand';
import type { Client } from '../../../shared/ipc/client';
import type { Result } from '../../../shared/ipc/result';
import type { RunStart, SkillUsage } from '../../../shared/types/run';
import type { SkillDetail } from '../../../shared/types/skill';

/** What the run sheet opens with: typed in the palette, or a run to show. */
export interface SheetPrefill {
  input?: string;
  /** A run already started (from the palette): the sheet shows it streaming. */
  runId?: string;
  /** Opened from the editor: a skill for models only (`user-invocable: false`) may be run to try it. */
  author?: boolean;
}

export interface SheetState {
  skillId: string;
  prefill: SheetPrefill;
  /** Bumped on every open, so the sheet starts afresh even for the same skill. */
  key: number;
}

export interface LaunchState {
  paletteOpen: boolean;
  sheet: SheetState | null;
  /** Per skill id: its runs in the history (the palette ranks by it). */
  usage: Record<string, SkillUsage>;
  /** The palette asked for the "New skill" dialog; the skills page opens it and clears this. */
  newSkillAsked: boolean;
  openPalette(): void;
  closePalette(): void;
  openSheet(skillId: string, prefill?: SheetPrefill): void;
  closeSheet(): void;
  loadUsage(): Promise<void>;
  /** The skill as read now (`skills:get`): its arguments, config and body for the sheet. */
  detail(skillId: string): Promise<Result<SkillDetail>>;
  /** Starts a run (through the runs store, so the Runs page follows it too). */
  run(request: RunStart): Promise<Result<{ runId: string }>>;
  askNewSkill(): void;
  newSkillOpened(): void;
}

/**
 * Running from anywhere: the command palette and the run sheet, one at a time. Focus goes back, when
 * both are closed, to what had it before the first of them opened.
 */
export function createLaunchStore(
  client: Client,
  start: (request: RunStart) => ReturnType<LaunchState['run']>,
) {
  let returnFocus: HTMLElement | null = null;
  let openCount = 0;

  const remember = () => {
    if (openCount === 0 && typeof document !== 'undefined') {
      const active = document.activeElement;
      returnFocus = active instanceof HTMLElement && active !== document.body ? active : null;
    }
  };
  const giveFocusBack = () => {
    const target = returnFocus;
    returnFocus = null;
    // after the dialog left the top layer (it is removed on this render)
    if (target) setTimeout(() => target.isConnected && target.focus(), 0);
  };

  const useLaunchStore = create<LaunchState>()((set, get) => ({
    paletteOpen: false,
    sheet: null,
    usage: {},
    newSkillAsked: false,

    openPalette() {
      if (get().paletteOpen) return;
      remember();
      openCount = 1;
      set({ paletteOpen: true, sheet: null });
      void get().loadUsage();
    },
    closePalette() {
      if (!get().paletteOpen) return;
      set({ paletteOpen: false });
      if (!get().sheet) {
        openCount = 0;
        giveFocusBack();
      }
    },
    openSheet(skillId, prefill = {}) {
      remember();
      openCount = 1;
      set((state) => ({ paletteOpen: false, sheet: { skillId, prefill, key: (state.sheet?.key ?? 0) + 1 } }));
    },
    closeSheet() {
      if (!get().sheet) return;
      set({ sheet: null });
      openCount = 0;
      giveFocusBack();
    },

    async loadUsage() {
      const result = await client.request('runs:usage', undefined);
      if (result.ok) set({ usage: Object.fromEntries(result.value.map((u) => [u.skillId, u])) });
    },
    detail: (skillId) => client.request('skills:get', { skillId }),
    async run(request) {
      const result = await start(request);
      if (result.ok) {
        // counted at once: the palette's "recent" order follows without waiting for the history
        set((state) => {
          const before = state.usage[request.skillId];
          const usage = { skillId: request.skillId, runs: (before?.runs ?? 0) + 1, lastRunAt: Date.now() };
          return { usage: { ...state.usage, [request.skillId]: usage } };
        });
      }
      return result;
    },
    askNewSkill: () => set({ newSkillAsked: true }),
    newSkillOpened: () => set({ newSkillAsked: false }),
  }));

  return useLaunchStore;
}

export type LaunchStore = ReturnType<typeof createLaunchStore>;
