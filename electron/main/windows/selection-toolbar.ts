// The selection toolbar put together: selection-hook's events (electron/core/toolbar/selection-events.ts)
// drive the controller, which shows the toolbar window beside the selection with the pinned skills. A
// button runs through the core's own trigger path on the selection the toolbar was shown for.
import type { Core } from '../../core/core';
import type { DesktopText } from '../../core/i18n/desktop-text';
import { excludedFromToolbar } from '../../core/toolbar/exclusion';
import { followSelectionEvents, type SelectionEventSource } from '../../core/toolbar/selection-events';
import { createToolbarController } from '../../core/toolbar/toolbar-controller';
import type { Point, Rect, SelectionSeen } from '../../core/toolbar/toolbar-rules';
import type { ToolbarMode } from '../../../shared/types/toolbar';
import type { ToolbarView } from '../../../shared/ipc/shell';
import type { ToolbarWindow } from './toolbar-window';
import { toolbarSize, toolbarView } from './toolbar-words';

export interface SelectionToolbarDeps {
  core: Pick<Core, 'dispatch' | 'events' | 'settings' | 'handlers' | 'i18n' | 'appRules'> & {
    ports: Pick<Core['ports'], 'focus' | 'selection' | 'clipboard'>;
  };
  window: Pick<ToolbarWindow, 'show' | 'hide' | 'bind'>;
  /** selection-hook, started (null where it cannot load here). */
  hook: () => Promise<SelectionEventSource | null>;
  screen: { workAreaAt(point: Point): Rect; cursor(): Point; toLogical(point: Point): Point };
  text: DesktopText;
  log?: (message: string, error?: unknown) => void;
}

export interface SelectionToolbar {
  /** The launcher's key was pressed: true when the toolbar showed instead (the `hotkey` mode). */
  launcherKey(): Promise<boolean>;
  stop(): void;
}

export function startSelectionToolbar(deps: SelectionToolbarDeps): SelectionToolbar {
  const { core } = deps;
  const log = deps.log ?? ((message, error) => console.warn(`[skilldeck] ${message}`, error ?? ''));
  let view: ToolbarView = toolbarView([], [], deps.text);

  const controller = createToolbarController({
    state: () => ({
      mode: core.settings.get('toolbar.mode'),
      modifier: core.settings.get('toolbar.modifier'),
    }),
    excluded: excludedFromToolbar(core.appRules),
    size: () => toolbarSize(view),
    workAreaAt: deps.screen.workAreaAt,
    cursor: deps.screen.cursor,
    show: (shown) => void deps.window.show(view, shown.bounds).catch((e: unknown) => log('toolbar', e)),
    hide: () => deps.window.hide(),
  });

  async function refreshView(): Promise<void> {
    const skills = await core.handlers['skills:list'](undefined);
    view = toolbarView(skills, core.settings.get('toolbar.pinned'), deps.text);
  }
  const refresh = () => void refreshView().catch((error: unknown) => log('the toolbar skills', error));

  /** The selection the toolbar is shown for, and hides it (a button was used). */
  function take(): SelectionSeen | null {
    const shown = controller.shown();
    controller.dismiss();
    return shown && shown.selection.method !== 'none' ? shown.selection : null;
  }
  const selectionOf = (seen: SelectionSeen) => ({
    text: seen.text,
    method: seen.method as 'accessibility' | 'primary' | 'copy',
  });
  const report = (what: string) => (result: { ok: boolean; error?: { message: string } }) => {
    if (!result.ok) log(`${what}: ${result.error?.message ?? 'failed'}`);
  };

  const unbind = deps.window.bind({
    run(skillId) {
      // only a skill the toolbar shows: the page cannot start anything else
      if (!view.skills.some((s) => s.id === skillId)) return;
      const seen = take();
      if (!seen) return;
      void core
        .dispatch('trigger:run', { skillId, source: 'toolbar', selection: selectionOf(seen) })
        .then(report(`toolbar ${skillId}`));
    },
    more() {
      const seen = take();
      if (!seen) return;
      void core
        .dispatch('trigger:launcher', { source: 'toolbar', selection: selectionOf(seen) })
        .then(report('toolbar launcher'));
    },
    fitted: (bounds) => controller.resized(bounds),
    copy() {
      const seen = take();
      if (seen) void core.ports.clipboard.writeText(seen.text).catch((e: unknown) => log('copy', e));
    },
  });

  // selection-hook's events only while a mode needs them
  let following: { mode: ToolbarMode; undo: () => void } | null = null;
  let generation = 0;
  async function follow(mode: ToolbarMode): Promise<void> {
    const wanted = mode === 'off' ? null : mode;
    if ((following?.mode ?? null) === wanted) return;
    const mine = ++generation;
    following?.undo();
    following = null;
    if (wanted === null) return;
    const hook = await deps.hook();
    if (mine !== generation) return;
    if (!hook) {
      log('the selection toolbar needs selection-hook, which cannot load here');
      return;
    }
    const undo = followSelectionEvents(hook, controller, {
      selections: wanted !== 'hotkey',
      toLogical: deps.screen.toLogical,
    });
    following = { mode: wanted, undo };
  }
  const followNow = () =>
    void follow(core.settings.get('toolbar.mode')).catch((e: unknown) => log('selection events', e));

  const offEvents = core.events.subscribe((name) => {
    if (name === 'toolbar:changed') followNow();
    if (name === 'toolbar:changed' || name === 'skills:changed' || name === 'meta:changed') refresh();
  });
  const offLanguage = core.i18n.subscribe(refresh);
  refresh();
  followNow();

  return {
    async launcherKey() {
      if (core.settings.get('toolbar.mode') !== 'hotkey') return false;
      // without selection-hook's clicks and keys nothing would hide it: the launcher opens instead
      if (following?.mode !== 'hotkey') return false;
      const focus = await core.ports.focus.current().catch(() => null);
      const captured = await core.ports.selection
        .capture({ focus, copyFallback: false })
        .catch(() => ({ text: '', method: 'none' as const }));
      if (captured.method === 'none') return false;
      await refreshView().catch(() => undefined);
      return controller.launcherKey({ ...captured, app: focus?.app ?? '', anchor: null });
    },
    stop() {
      generation++;
      offEvents();
      offLanguage();
      following?.undo();
      following = null;
      unbind();
    },
  };
}
