// The desktop shell around the core: the Electron ports (clipboard, secrets, selection, focus, paste,
// notifications), the floating card, the command bar, the tray and the application menu.
//
// Two steps, because the core needs the ports and the tray needs the core:
//   const shell = createDesktopShell({ paths, userDataDir: app.getPath('userData'), isDev: !app.isPackaged });
//   const core = createCore({ ..., ports: shell.ports });
//   shell.start({ core, openDashboard, pauseHotkeys, hotkeysPaused, runSkill });
//   ... on quit: shell.stop();

import path from 'node:path';
import { app, screen } from 'electron';
import type { Core } from '../core/core';
import type { PlatformPorts } from '../core/platform';
import type { DesktopText } from '../core/i18n/desktop-text';
import { FloatingCards } from './windows/card-window';
import { CommandBar, type InstructionRecorder } from './windows/command-bar-window';
import { startSelectionToolbar, type SelectionToolbar } from './windows/selection-toolbar';
import { ToolbarWindow } from './windows/toolbar-window';
import type { SelectionEventSource } from '../core/toolbar/selection-events';
import { chooseDesktopBackend, type DesktopBackend, type X11Ports } from './ports/desktop-backend';
import { createElectronPorts } from './ports/electron-ports';
import type { SelectionHookLike } from './ports/selection-hook';
import type { AppPaths } from './paths';
import { installAppMenu, SkilldeckTray } from './tray';

export interface DesktopShellDeps {
  paths: Pick<AppPaths, 'pagesDir' | 'cardPreloadFile' | 'commandBarPreloadFile' | 'toolbarPreloadFile'>;
  /** app.getPath('userData'): secrets.json and card-window.json go there. */
  userDataDir: string;
  /** !app.isPackaged: the View menu with reload. */
  isDev: boolean;
  /** Linux X11 selection, focus and paste (default: createX11Ports of electron/core/desktop/linux, loaded on first use). */
  loadX11Ports?: () => Promise<X11Ports>;
  /** Tests: replace selection-hook. */
  loadSelectionHook?: () => Promise<SelectionHookLike | null>;
  platform?: NodeJS.Platform;
  env?: NodeJS.ProcessEnv;
  /** The app's words in its language (the core's i18n, once it exists); default English. */
  text?: DesktopText;
}

export interface DesktopShellStart {
  core: Pick<Core, 'dispatch' | 'events' | 'i18n' | 'settings' | 'handlers' | 'ports' | 'appRules'>;
  openDashboard(): void;
  /** The tray's "Pause hotkeys" checkbox. */
  pauseHotkeys(paused: boolean): void | Promise<void>;
  hotkeysPaused(): boolean;
  /** A recent skill picked in the tray (e.g. dispatch 'trigger:run'). */
  runSkill(skillId: string): void;
  /** The tray's "Run a skill…": the launcher. */
  openLauncher?(): void;
  /** The recording indicator: the command bar's mic button records through it. */
  recorder?: InstructionRecorder;
}

export interface DesktopShell {
  backend: DesktopBackend;
  /** All eight ports, for createCore({ ports }). */
  ports: PlatformPorts;
  /** After the core exists: card and command bar IPC, the selection toolbar, tray, application menu. */
  start(start: DesktopShellStart): void;
  /** The launcher's key was pressed: true when the selection toolbar showed instead (its `hotkey` mode). */
  launcherKey(): Promise<boolean>;
  stop(): void;
}

/** Loaded on first use, and only under X11: the module spawns xdotool / xclip. */
async function loadX11Ports(): Promise<X11Ports> {
  const { createX11Ports } = await import('../core/desktop/linux/x11');
  return createX11Ports();
}

/** The distinct skills of the newest runs, newest first. */
export async function recentSkillIds(core: Pick<Core, 'dispatch'>, count = 5): Promise<string[]> {
  const result = await core.dispatch('runs:list', { limit: 50 });
  if (!result.ok) throw new Error(`runs:list: ${result.error.message}`);
  const ids: string[] = [];
  for (const run of (result.value as { runs: { skillId: string }[] }).runs) {
    if (!ids.includes(run.skillId)) ids.push(run.skillId);
    if (ids.length === count) break;
  }
  return ids;
}

export function createDesktopShell(deps: DesktopShellDeps): DesktopShell {
  const platform = deps.platform ?? process.platform;
  const backend = chooseDesktopBackend(platform, deps.env ?? process.env);
  const electronPorts = createElectronPorts({
    backend,
    userDataDir: deps.userDataDir,
    loadX11Ports: deps.loadX11Ports ?? loadX11Ports,
    ...(deps.text ? { text: deps.text } : {}),
    ...(deps.loadSelectionHook ? { loadSelectionHook: deps.loadSelectionHook } : {}),
  });
  const cards = new FloatingCards({
    preloadFile: deps.paths.cardPreloadFile,
    sizeFile: path.join(deps.userDataDir, 'card-window.json'),
    clipboard: electronPorts.clipboard,
    inserter: electronPorts.inserter,
    ...(deps.text ? { text: deps.text } : {}),
    platform,
    // No app.hide() on macOS (it hid every pinned card too): the card is a panel that does not activate
    // Skilldeck when clicked, and the inserter gives the keyboard back to the run's window if needed.
  });
  const commandBar = new CommandBar({
    preloadFile: deps.paths.commandBarPreloadFile,
    ...(deps.text ? { text: deps.text } : {}),
    platform,
    ...(platform === 'darwin'
      ? { focusApp: () => app.focus({ steal: true }), returnFocus: electronPorts.returnFocus }
      : {}),
  });
  const {
    dispose,
    warmUp,
    returnFocus: _returnFocus,
    selectionHook: _hook,
    ...portsWithoutDispose
  } = electronPorts;
  const ports: PlatformPorts = { ...portsWithoutDispose, card: cards, commandBar };

  const undo: (() => void)[] = [];
  let tray: SkilldeckTray | null = null;
  let toolbar: SelectionToolbar | null = null;
  const toolbarWindow = new ToolbarWindow({ preloadFile: deps.paths.toolbarPreloadFile, platform });

  return {
    backend,
    ports,
    start(start) {
      warmUp();
      if (start.recorder) {
        commandBar.useRecorder(start.recorder);
        cards.useRecorder(start.recorder);
      }
      undo.push(cards.bind(), commandBar.bind());
      cards.attach({
        dispatch: (channel, input) => start.core.dispatch(channel, input),
        events: start.core.events,
      });
      toolbar = startSelectionToolbar({
        core: start.core,
        window: toolbarWindow,
        hook: async () => {
          const hook = (await electronPorts.selectionHook()) as Partial<SelectionEventSource> | null;
          return hook && typeof hook.on === 'function' && typeof hook.setSelectionPassiveMode === 'function'
            ? (hook as SelectionEventSource)
            : null;
        },
        screen: {
          workAreaAt: (point) => screen.getDisplayNearestPoint(point).workArea,
          cursor: () => screen.getCursorScreenPoint(),
          // selection-hook reports the OS's pixels; macOS's are already logical
          toLogical: (point) => (platform === 'darwin' ? point : screen.screenToDipPoint(point)),
        },
        text: deps.text ?? ((key, values) => start.core.i18n.t(key, values)),
      });
      installAppMenu({ isDev: deps.isDev, platform });
      tray = new SkilldeckTray({
        iconFile: path.join(deps.paths.pagesDir, 'icon.png'),
        openDashboard: start.openDashboard,
        recentSkillIds: () => recentSkillIds(start.core),
        runSkill: start.runSkill,
        ...(start.openLauncher ? { openLauncher: start.openLauncher } : {}),
        hotkeysPaused: start.hotkeysPaused,
        pauseHotkeys: async (paused) => {
          await start.pauseHotkeys(paused);
          await tray?.refresh();
        },
        platform,
        ...(deps.text ? { text: deps.text } : {}),
      });
      let timer: NodeJS.Timeout | null = null;
      undo.push(
        start.core.events.subscribe((name) => {
          if (name !== 'runs:event' && name !== 'hotkeys:changed') return;
          timer ??= setTimeout(() => {
            timer = null;
            void tray?.refresh();
          }, 1000);
        }),
        () => {
          if (timer) clearTimeout(timer);
        },
        // the language picked in the dashboard: the tray menu and the open cards follow at once
        start.core.i18n.subscribe(() => {
          void tray?.refresh();
          cards.relabel();
        }),
      );
    },
    launcherKey: () => toolbar?.launcherKey() ?? Promise.resolve(false),
    stop() {
      toolbar?.stop();
      toolbar = null;
      for (const step of undo.splice(0).reverse()) step();
      tray?.destroy();
      tray = null;
      cards.closeAll();
      dispose();
    },
  };
}
