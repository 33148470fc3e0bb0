// The core's platform ports (electron/core/platform.ts) in the desktop app, except the card and the
// command bar (windows/card-window.ts, windows/command-bar-window.ts): one file per port, put together
// here. Which route each port takes is chosen once, by chooseDesktopBackend (desktop-backend.ts).

import path from 'node:path';
import type { DesktopText } from '../../core/i18n/desktop-text';
import type { PlatformPorts } from '../../core/platform';
import { createClipboardPort } from './clipboard';
import { keyCommand, type DesktopBackend, type ShellKey, type X11Ports } from './desktop-backend';
import { createFocusPort } from './focus';
import { createInserter } from './inserter';
import { createNotifier } from './notifier';
import { runCommand, type RunCommand } from './run-command';
import { createSecretStore } from './secrets';
import { createSelectionPort } from './selection';
import { loadSelectionHook, type SelectionHookLike } from './selection-hook';

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
  run?: RunCommand;
  /** Wait for the target application to take a paste or copy key (ms, default 250). */
  settleMs?: number;
}

export type ElectronPorts = Omit<PlatformPorts, 'card' | 'commandBar'> & { dispose(): void };

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
  const keys = async (key: ShellKey): Promise<void> => {
    const command = keyCommand(deps.backend, key);
    if (!command) throw new Error(`no way to send the ${key} key on ${deps.backend}`);
    await run(command.file, command.args, 5000);
  };

  const focus = createFocusPort(deps.backend, run, x11);
  return {
    clipboard: createClipboardPort(),
    secrets: createSecretStore(path.join(deps.userDataDir, 'secrets.json')),
    notifier: createNotifier(),
    focus,
    selection: createSelectionPort({
      backend: deps.backend,
      hook,
      x11,
      keys,
      run,
      settleMs,
      text: deps.text,
    }),
    inserter: createInserter({ backend: deps.backend, focus, x11, keys, settleMs, text: deps.text }),
    dispose() {
      void hook()
        .then((h) => h?.cleanup())
        .catch(() => undefined);
    },
  };
}
