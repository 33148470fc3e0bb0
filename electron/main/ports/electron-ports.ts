// The core's platform ports (electron/core/platform.ts) in the desktop app, except the card and the
// command bar (windows/card-window.ts, windows/command-bar-window.ts): one file per port, put together
// here. Which route each port takes is chosen once, by chooseDesktopBackend (desktop-backend.ts).

import path from 'node:path';
import { app } from 'electron';
import { compositorFamily } from '../../core/desktop/session';
import { createWaylandPorts, type WaylandPorts } from '../../core/desktop/wayland/wayland-ports';
import { createWaylandRunner } from '../../core/desktop/wayland/wl-tools';
import { onPath } from '../../core/fs/on-path';
import type { DesktopText } from '../../core/i18n/desktop-text';
import type { PlatformPorts } from '../../core/platform';
import { createClipboardPort } from './clipboard';
import {
  keyCommand,
  MAC_LAYOUT_QUERY,
  WINDOWS_CHORD,
  type DesktopBackend,
  type ShellKey,
  type X11Ports,
} from './desktop-backend';
import { createFocusPort } from './focus';
import { createFocusReturn, macActivateScript, macPidOf, type ReturnFocus } from './focus-return';
import { createInserter } from './inserter';
import { createNotifier } from './notifier';
import { runCommand, type RunCommand } from './run-command';
import { createSecretStore } from './secrets';
import { createSelectionPort } from './selection';
import { loadSelectionHook, type SelectionHookLike } from './selection-hook';
import { HelperUnavailable, WindowsHelperClient } from './windows/helper-client';

export interface ElectronPortsDeps {
  backend: DesktopBackend;
  /** The app's words in its language (the macOS Accessibility explanation); default English. */
  text?: DesktopText;
  /** app.getPath('userData'): secrets.json lives there. */
  userDataDir: string;
  /** Loads selection-hook (null when it cannot load here, e.g. its prebuilt binary needs a newer glibc). */
  loadSelectionHook?: () => Promise<SelectionHookLike | null>;
  /** Linux X11: createX11Ports of electron/core/desktop/linux (shell.ts passes it). */
  loadX11Ports?: () => Promise<X11Ports>;
  /**
   * Wayland: wl-clipboard for the clipboard and PRIMARY, wtype / ydotool for keys (default: the core's
   * Wayland ports for this session's compositor).
   */
  loadWaylandPorts?: () => WaylandPorts;
  run?: RunCommand;
  /** Wait for the target application to take a copy key (ms, default 250) and, when set, a paste key. */
  settleMs?: number;
  /** macOS: hides Skilldeck when there is no window to give the focus back to (default app.hide()). */
  hideApp?: () => void;
  /** macOS: this process's id, how the focus port names Skilldeck itself (default process.pid). */
  ownPid?: number;
  /** macOS: how long to wait for the target to be frontmost again, and how often to look (ms). */
  focusReturn?: { timeoutMs?: number; intervalMs?: number };
  /** Windows: the long-lived helper that reads the focus and sends keys (default: PowerShell, started on first use). */
  windowsHelper?: Pick<WindowsHelperClient, 'request' | 'dispose'>;
}

export type ElectronPorts = Omit<PlatformPorts, 'card' | 'commandBar'> & {
  /** macOS: gives the keyboard back to the target (or whoever had it) and waits until it has it. */
  returnFocus?: ReturnFocus;
  /** Starts what the first trigger would otherwise wait for (Windows: the helper's compile, 1–3 s). */
  warmUp(): void;
  /** selection-hook, loaded and started on first use (null where it cannot load): the selection toolbar's events. */
  selectionHook: () => Promise<SelectionHookLike | null>;
  dispose(): void;
};

/** Loads once, on first use. */
const lazy = <T>(load: () => Promise<T>): (() => Promise<T>) => {
  let loaded: Promise<T> | null = null;
  return () => (loaded ??= load());
};

export function createElectronPorts(deps: ElectronPortsDeps): ElectronPorts {
  const run = deps.run ?? runCommand;
  const settleMs = deps.settleMs ?? 250;
  const hook = lazy(() => (deps.loadSelectionHook ?? loadSelectionHook)());
  const x11 = lazy(async (): Promise<X11Ports | null> => {
    if (deps.backend !== 'x11' || !deps.loadX11Ports) return null;
    try {
      return await deps.loadX11Ports();
    } catch (error) {
      console.warn('[skilldeck] the X11 desktop ports could not start:', error);
      return null;
    }
  });
  const windowsHelper =
    deps.backend === 'windows' ? (deps.windowsHelper ?? new WindowsHelperClient()) : undefined;
  const keys = async (key: ShellKey): Promise<void> => {
    if (windowsHelper) {
      try {
        await windowsHelper.request('keys', WINDOWS_CHORD[key]);
        return;
      } catch (error) {
        // a refusal (an administrator window) is the answer; only a helper that cannot run falls back
        if (!(error instanceof HelperUnavailable)) throw error;
        console.warn('[skilldeck] the Windows helper is unavailable, asking PowerShell once:', error.message);
      }
    }
    // macOS: ⌘V by key code or by character depends on the keyboard layout in use now
    const layout =
      deps.backend === 'macos' && key !== 'collapse'
        ? await run('defaults', MAC_LAYOUT_QUERY, 2000).then(
            (id) => id.trim(),
            () => '',
          )
        : '';
    const command = keyCommand(deps.backend, key, undefined, layout);
    if (!command) throw new Error(`no way to send the ${key} key on ${deps.backend}`);
    await run(command.file, command.args, 5000);
  };

  const wayland =
    deps.backend === 'wayland'
      ? (
          deps.loadWaylandPorts ??
          (() =>
            createWaylandPorts({
              compositor: compositorFamily(process.env),
              run: createWaylandRunner(),
              has: onPath,
            }))
        )()
      : null;

  const focus = createFocusPort(deps.backend, run, x11, windowsHelper);
  const ownId = `pid:${deps.ownPid ?? process.pid}`;
  const returnFocus =
    deps.backend === 'macos'
      ? createFocusReturn({
          focus,
          isOurs: (window) => window.id === ownId,
          activate: async (target) => {
            const pid = macPidOf(target);
            if (pid === null) return false;
            await run('osascript', ['-e', macActivateScript(pid)], 3000);
            return true;
          },
          hideApp: deps.hideApp ?? (() => app.hide()),
          ...deps.focusReturn,
        })
      : undefined;
  return {
    // Wayland: Chromium's readText answers from its cache while a compositor drops an unfocused
    // client's writes — wl-copy / wl-paste ask the compositor itself (issue 15 §7.11)
    clipboard: wayland?.clipboard ?? createClipboardPort(),
    secrets: createSecretStore(path.join(deps.userDataDir, 'secrets.json')),
    notifier: createNotifier(),
    focus,
    selection: createSelectionPort({
      backend: deps.backend,
      hook,
      x11,
      wayland,
      keys,
      run,
      settleMs,
      text: deps.text,
    }),
    inserter: createInserter({
      ...{ backend: deps.backend, focus, x11, wayland, keys, run, text: deps.text, returnFocus },
      ...(deps.settleMs !== undefined ? { restoreDelayMs: deps.settleMs } : {}),
    }),
    ...(returnFocus ? { returnFocus } : {}),
    warmUp() {
      windowsHelper?.request('ping').catch((error: unknown) => {
        console.warn('[skilldeck] the Windows helper did not start:', error);
      });
    },
    selectionHook: hook,
    dispose() {
      windowsHelper?.dispose();
      void hook()
        .then((h) => h?.cleanup())
        .catch(() => undefined);
    },
  };
}
