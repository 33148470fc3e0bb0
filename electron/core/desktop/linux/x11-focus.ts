// FocusPort on X11: `xdotool getwindowfocus` (not getactivewindow: it needs a window manager, which Xvfb
// has not) → the window id; `xprop WM_CLASS` → app (the class, lowercased) and `xdotool getwindowname` →
// title. isTerminal: class or instance in the terminal list. null when no window has the focus or there is
// no display.

import type { FocusPort } from '../../platform';
import { X11ToolError, type X11Runner } from './x11-tools';

/** WM_CLASS class or instance names (lowercased) of terminal emulators. */
export const DEFAULT_TERMINAL_APPS: readonly string[] = [
  'xterm',
  'uxterm',
  'gnome-terminal',
  'gnome-terminal-server',
  'kgx',
  'org.gnome.console',
  'ptyxis',
  'org.gnome.ptyxis',
  'konsole',
  'yakuake',
  'alacritty',
  'kitty',
  'wezterm',
  'org.wezfurlong.wezterm',
  'ghostty',
  'com.mitchellh.ghostty',
  'tilix',
  'terminator',
  'urxvt',
  'rxvt',
  'st',
  'st-256color',
  'foot',
  'footclient',
  'xfce4-terminal',
  'lxterminal',
  'mate-terminal',
  'qterminal',
  'terminology',
  'sakura',
  'guake',
  'tilda',
  'cool-retro-term',
  'contour',
  'rio',
  'tabby',
  'hyper',
];

export interface X11Focus {
  port: FocusPort;
  /** The WM_CLASS instance of a window seen by `port.current()` (the paste keys are chosen by it too). */
  instanceOf(windowId: string): string | undefined;
}

export function createX11Focus(
  run: X11Runner,
  options: { hasDisplay: boolean; terminalApps: readonly string[] },
): X11Focus {
  const terminals = new Set(options.terminalApps.map((name) => name.toLowerCase()));
  const instances = new Map<string, string>(); // window id → WM_CLASS instance, for paste keys

  const port: FocusPort = {
    async current() {
      if (!options.hasDisplay) return null;
      let id: string;
      try {
        id = (await run('xdotool', ['getwindowfocus'])).toString('utf8').trim();
      } catch (error) {
        // no display, or the focus is PointerRoot/None ("XGetInputFocus returned the focused window of 1")
        if (error instanceof X11ToolError && (error.code === 'no-display' || error.code === 'failed'))
          return null;
        throw error;
      }
      if (!/^\d+$/.test(id)) return null;
      const [classText, title] = await Promise.all([
        run('xprop', ['-id', id, 'WM_CLASS']).then(
          (out) => out.toString('utf8'),
          (error: unknown) => rethrowMissing(error, ''),
        ),
        run('xdotool', ['getwindowname', id]).then(
          (out) => decodeWindowName(out).replace(/\n$/, ''),
          (error: unknown) => rethrowMissing(error, ''),
        ),
      ]);
      const [instance = '', cls = ''] = parseWmClass(classText).map((name) => name.toLowerCase());
      instances.set(id, instance);
      if (instances.size > 64) instances.delete(instances.keys().next().value!);
      return {
        id,
        app: cls || instance,
        title,
        isTerminal: terminals.has(cls) || terminals.has(instance),
      };
    },
  };

  return { port, instanceOf: (windowId) => instances.get(windowId) };
}

/** `WM_CLASS(STRING) = "instance", "Class"` → ['instance', 'Class']; [] when not set. */
export function parseWmClass(xpropOutput: string): string[] {
  const eq = xpropOutput.indexOf('=');
  if (eq < 0) return [];
  return [...xpropOutput.slice(eq + 1).matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) =>
    m[1]!.replace(/\\(.)/g, '$1'),
  );
}

/**
 * A window's name as xdotool prints it: UTF-8 (`_NET_WM_NAME`, or a UTF-8 `WM_NAME`), or `WM_NAME` in
 * COMPOUND_TEXT (xterm, older toolkits) — ISO 8859-1 with `ESC % G … ESC % @` around UTF-8 runs; other
 * charset switches are dropped.
 */
export function decodeWindowName(raw: Buffer): string {
  if (!raw.includes(0x1b)) {
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(raw);
    } catch {
      return raw.toString('latin1');
    }
  }
  /* eslint-disable no-control-regex -- COMPOUND_TEXT's charset switches are escape sequences */
  return raw
    .toString('latin1')
    .replace(/\x1b%G([\s\S]*?)(?:\x1b%@|$)/g, (_, utf8: string) =>
      Buffer.from(utf8, 'latin1').toString('utf8'),
    )
    .replace(/\x1b[\x20-\x2f]*[\x30-\x7e]/g, '');
  /* eslint-enable no-control-regex */
}

function rethrowMissing<T>(error: unknown, fallback: T): T {
  if (error instanceof X11ToolError && error.code === 'not-installed') throw error;
  return fallback;
}
