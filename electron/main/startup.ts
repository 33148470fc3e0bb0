import { app, screen, session } from 'electron';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { createCore, type Core } from '../core/core';
import { autostartProgram } from '../core/desktop/linux/autostart';
import { detectDesktopSession } from '../core/desktop/session';
import { englishText, type DesktopText } from '../core/i18n/desktop-text';
import { bindContract } from './ipc/bind-contract';
import { checkNativeBinding, explainStartupError } from './native';
import { resolveAppPaths } from './paths';
import { serveRenderer } from './protocol/app-scheme';
import { denyAllPermissions } from './security';
import type { HotkeyService } from './triggers/hotkeys';
import { createDesktopShell } from './shell';
import { DashboardWindows } from './windows/dashboard-window';
import { createPackSaver } from './windows/pack-save-dialog';
import { RecorderWindow } from './windows/recorder-window';
import { joinWindows } from './ipc/join-windows';
import { createFolderPicker } from './windows/folder-dialog';

export interface Running {
  core: Core;
  dashboard: DashboardWindows;
  /** The selection toolbar's part of the launcher's key. */
  toolbar: { launcherKey(): Promise<boolean> };
  /** The recording indicator (the dictate and voice keys, the command bar's and card's mic). */
  recorder: RecorderWindow;
  stop(): void;
}

export class StartupError extends Error {
  constructor(
    readonly title: string,
    message: string,
  ) {
    super(message);
    this.name = 'StartupError';
  }
}

export interface StartOptions {
  /** The global hotkeys, for the core's `hotkeys:*` handlers (electron/main/triggers/hotkeys.ts). */
  hotkeys?: HotkeyService;
  /** Started at login (`--hidden`, the XDG autostart entry): stay in the tray, no dashboard window. */
  hidden?: boolean;
}

/** The tray's pause checkbox, over the hotkey manager. */
const pauseVia = (hotkeys: HotkeyService | undefined) => ({
  pauseHotkeys: (paused: boolean) => void hotkeys?.pause(paused),
  hotkeysPaused: () => hotkeys?.overview().paused ?? false,
});

/** After `ready`: core, protocol, IPC, first window. Throws StartupError with a user-facing message. */
export function startApp(options: StartOptions = {}): Running {
  const paths = resolveAppPaths({
    isPackaged: app.isPackaged,
    appPath: app.getAppPath(),
    resourcesPath: process.resourcesPath,
    mainDir: path.dirname(fileURLToPath(import.meta.url)),
  });
  denyAllPermissions(session.defaultSession);

  const native = checkNativeBinding(paths.nativeBindingFile, app.isPackaged);
  if (!native.ok) throw new StartupError(native.title, native.message);

  // card and command bar windows, tray, the OS's clipboard, selection, focus, paste and keychain
  // The windows exist before the core that keeps the language: their words ask it when shown.
  let core: Core | undefined;
  const text: DesktopText = (key, values) => (core?.i18n.t ?? englishText)(key, values);
  const shell = createDesktopShell({
    paths,
    userDataDir: app.getPath('userData'),
    isDev: !app.isPackaged,
    text,
  });
  const dashboard = new DashboardWindows(paths.preloadFile, text);
  try {
    core = createCore({
      dataDir: app.getPath('userData'),
      skillDirs: [{ dir: paths.builtinSkillsDir, source: 'builtin' }],
      runtime: 'electron',
      version: app.getVersion(),
      nativeBinding: native.file,
      onInternalError: (error) => console.error('[skilldeck] internal error:', error),
      onWarning: (message) => console.warn('[skilldeck] warning:', message),
      ports: shell.ports,
      pickFolder: createFolderPicker(() => dashboard.current(), text),
      saveFile: createPackSaver(() => dashboard.current(), text),
      locale: app.getLocale(),
      session: detectDesktopSession(process.platform, process.env),
      ...(app.isPackaged ? { desktopApp: autostartProgram(process.execPath, process.env) } : {}),
      ...(options.hotkeys ? { hotkeys: options.hotkeys } : {}),
    });
  } catch (error) {
    shell.stop();
    throw new StartupError('Skilldeck could not start', explainStartupError(error, app.isPackaged));
  }

  serveRenderer(paths.rendererDir, paths.pagesDir);
  const recorder = new RecorderWindow({
    preloadFile: paths.preloadFile,
    workArea: () => screen.getDisplayNearestPoint(screen.getCursorScreenPoint()).workArea,
  });
  // the indicator's page calls the contract as the dashboard does (its sender checked the same way)
  const unbind = bindContract(core, joinWindows(dashboard, recorder));
  if (!options.hidden) dashboard.show();
  const running = core;
  shell.start({
    core,
    openDashboard: () => dashboard.show(),
    ...pauseVia(options.hotkeys),
    runSkill: (skillId) => void running.dispatch('trigger:run', { skillId, source: 'dashboard' }),
    openLauncher: () => void running.dispatch('trigger:launcher', { source: 'tray' }),
    recorder,
  });
  return {
    core,
    dashboard,
    toolbar: { launcherKey: () => shell.launcherKey() },
    recorder,
    stop() {
      recorder.close();
      unbind();
      shell.stop();
      core.close();
    },
  };
}
