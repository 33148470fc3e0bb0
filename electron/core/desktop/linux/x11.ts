// The desktop ports of electron/core/platform.ts on Linux/X11, for Node: the headless host, the CLI and
// Electron's main process on Linux. They drive the X command-line tools (x11-tools.ts): xdotool (focus,
// keys), xclip (selections; xsel when xclip is missing) and xprop (WM_CLASS).
//   apt-get install -y xdotool xclip x11-utils        (x11-utils gives xprop; xsel is the fallback)
// Nothing here works on Wayland without XWayland, and only X11 windows are seen there.
//
// One file per port, put together here:
//   focus.current()      x11-focus.ts     the focused window, its WM_CLASS and title; terminals known
//   selection.capture()  x11-capture.ts   PRIMARY, else Ctrl+C with the clipboard put back
//   clipboard            x11-clipboard.ts CLIPBOARD as UTF-8
//   inserter.insert()    x11-paste.ts     a paste transaction that waits for the window to read the text
// over x11-selections.ts (read / write / snapshot / restore the selections), x11-targets-owner.ts (owning
// one with several targets from our own X connection, x11-connection.ts; the paste's text carries the
// `x-kde-passwordManagerHint` = `secret` target) and x11-owner.ts (the same with an xclip that reports each
// read, when that connection cannot open). Every clipboard transaction takes the process's lock
// (../clipboard-lock.ts).

import type { ClipboardPort, FocusPort, SelectionPort, TextInserterPort } from '../../platform';
import { clipboardLock, type ClipboardLock } from '../clipboard-lock';
import { createX11Capture } from './x11-capture';
import { createX11Clipboard } from './x11-clipboard';
import { createX11Focus, DEFAULT_TERMINAL_APPS } from './x11-focus';
import { createX11Inserter, DEFAULT_PASTE_KEYS, type PasteKey } from './x11-paste';
import { x11Connection } from './x11-connection';
import { watchPrimary, type PrimaryWatch } from './x11-primary';
import { createSelections, type ClipboardSnapshot } from './x11-selections';
import { createX11Runner, toolEnv, type SpawnFn } from './x11-tools';

export { X11ToolError } from './x11-tools';
export { DEFAULT_TERMINAL_APPS, parseWmClass } from './x11-focus';
export { DEFAULT_PASTE_KEYS, type PasteKey } from './x11-paste';
export type { ClipboardSnapshot } from './x11-selections';

export interface X11PortsOptions {
  /** The X display (`:99`); default the process's DISPLAY. */
  display?: string;
  spawn?: SpawnFn;
  /** Wait this long after the paste key when the window's read of the text cannot be watched (ms, 150). */
  pasteDelayMs?: number;
  /** The longest wait for the window to read the pasted text (ms, default 2000). */
  pasteTimeoutMs?: number;
  /** The copy-key fallback polls the clipboard this long (ms, default 300). */
  copyTimeoutMs?: number;
  /** Lowercased WM_CLASS names of terminals (default DEFAULT_TERMINAL_APPS). */
  terminalApps?: readonly string[];
  /** Paste keys per app, merged over DEFAULT_PASTE_KEYS. */
  pasteKeys?: Readonly<Record<string, PasteKey>>;
  /** Give up on one command after this long (ms, default 3000). */
  timeoutMs?: number;
  /** One clipboard transaction at a time (default the process's lock). */
  lock?: ClipboardLock;
  /**
   * PRIMARY owned by another app than the focused one counts as the selection only this long after it
   * changed (ms, default 20 000): older, it is text selected a while ago elsewhere.
   */
  primaryFreshMs?: number;
}

export interface X11Ports {
  focus: FocusPort;
  selection: SelectionPort;
  clipboard: ClipboardPort;
  inserter: TextInserterPort;
}

export function createX11Ports(options: X11PortsOptions = {}): X11Ports {
  const run = createX11Runner(options);
  const sel = createSelections(run, options);
  const display = toolEnv(options.display).DISPLAY;
  const hasDisplay = Boolean(display);
  // watching PRIMARY from now on (our own X connection; none when the tools are faked)
  const primaryWatch: Promise<PrimaryWatch | null> =
    hasDisplay && !options.spawn
      ? x11Connection(display)
          .then((conn) => watchPrimary(conn, { freshMs: options.primaryFreshMs ?? 20_000 }))
          .catch(() => null)
      : Promise.resolve(null);
  const focus = createX11Focus(run, {
    hasDisplay,
    terminalApps: options.terminalApps ?? DEFAULT_TERMINAL_APPS,
  });
  return {
    focus: focus.port,
    selection: createX11Capture(run, sel, focus.port, {
      hasDisplay,
      copyTimeoutMs: options.copyTimeoutMs ?? 300,
      lock: options.lock ?? clipboardLock,
      primaryWatch,
    }),
    clipboard: createX11Clipboard(sel, { hasDisplay }),
    inserter: createX11Inserter(run, sel, focus, {
      pasteKeys: { ...DEFAULT_PASTE_KEYS, ...options.pasteKeys },
      pasteDelayMs: options.pasteDelayMs ?? 150,
      pasteTimeoutMs: options.pasteTimeoutMs ?? 2000,
      lock: options.lock ?? clipboardLock,
    }),
  };
}

/** Every format on the clipboard (see x11-selections.ts for what is saved). */
export function snapshotClipboard(options: X11PortsOptions = {}): Promise<ClipboardSnapshot> {
  return createSelections(createX11Runner(options), options).snapshot();
}

/** Owns the clipboard again with every format of the snapshot (or clears it when it had no owner). */
export function restoreClipboard(snapshot: ClipboardSnapshot, options: X11PortsOptions = {}): Promise<void> {
  return createSelections(createX11Runner(options), options).restore(snapshot);
}
