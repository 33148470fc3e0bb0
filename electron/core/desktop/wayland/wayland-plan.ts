// Wayland decisions, pure (tested with fakes): how the selection is read, which commands move the
// clipboard and send keys, and how a hotkey reaches Skilldeck. The commands are run by wayland-ports.ts.
import type { CompositorFamily } from '../../../../shared/types/desktop-check';
import type { PasteKeyName } from '../../../../shared/types/app-rules';
import { hasDataControl } from '../session';

export interface Command {
  file: string;
  args: string[];
}

/** A text type every wl-clipboard version and every toolkit understands. */
export const TEXT_TYPE = 'text/plain;charset=utf-8';

export type WaylandCapture =
  { method: 'primary'; command: Command } | { method: 'copy'; why: 'no-data-control' | 'no-wl-clipboard' };

/**
 * PRIMARY through `wl-paste --primary` where the compositor offers data-control (wlroots, KDE) and
 * wl-clipboard is installed; else the copy key (GNOME: Mutter has no data-control, so no client may read
 * PRIMARY without focus).
 */
export function waylandCapture(
  compositor: CompositorFamily | null,
  has: (program: string) => boolean,
): WaylandCapture {
  if (!has('wl-paste') || !has('wl-copy')) return { method: 'copy', why: 'no-wl-clipboard' };
  if (!hasDataControl(compositor)) return { method: 'copy', why: 'no-data-control' };
  return {
    method: 'primary',
    command: { file: 'wl-paste', args: ['--primary', '--no-newline', '--type', 'text'] },
  };
}

export const wlPasteText: Command = { file: 'wl-paste', args: ['--no-newline', '--type', 'text'] };
export const wlListTypes: Command = { file: 'wl-paste', args: ['--list-types'] };
/** The clipboard's bytes of one type, exactly (no newline added or removed). */
export const wlPasteType = (type: string): Command => ({
  file: 'wl-paste',
  args: ['--no-newline', '--type', type],
});
/** Owns the clipboard with stdin as `type` (wl-copy forks a server and exits). */
export const wlCopy = (type: string = TEXT_TYPE): Command => ({ file: 'wl-copy', args: ['--type', type] });
export const wlClear: Command = { file: 'wl-copy', args: ['--clear'] };

/** Of the types the clipboard offers, the one a snapshot keeps: a rich one first, text last. */
export function typeToKeep(types: readonly string[]): string | null {
  const real = types.filter((type) => type.includes('/')); // TEXT, STRING, UTF8_STRING: X11 aliases
  const order = [/^image\//, /^text\/html/, /^text\/uri-list/, /^text\/plain;charset=utf-8$/i, /^text\//];
  for (const pattern of order) {
    const found = real.find((type) => pattern.test(type));
    if (found) return found;
  }
  return real[0] ?? types[0] ?? null;
}

/** Linux input event codes (linux/input-event-codes.h) for ydotool. */
const CODES = { ctrl: 29, shift: 42, c: 46, v: 47, right: 106, insert: 110 } as const;

export type WaylandKey = 'paste' | 'copy' | 'collapse';

/**
 * The keys: wtype (the virtual-keyboard protocol: wlroots, not GNOME or KDE), else ydotool (uinput:
 * every compositor, needs its daemon and access to /dev/uinput); null when neither is installed.
 */
export function waylandKeyCommand(key: WaylandKey, has: (program: string) => boolean): Command | null {
  if (has('wtype')) {
    if (key === 'collapse') return { file: 'wtype', args: ['-k', 'Right'] };
    return { file: 'wtype', args: ['-M', 'ctrl', '-k', key === 'paste' ? 'v' : 'c', '-m', 'ctrl'] };
  }
  if (has('ydotool')) {
    if (key === 'collapse') return { file: 'ydotool', args: ['key', `${CODES.right}:1`, `${CODES.right}:0`] };
    const code = key === 'paste' ? CODES.v : CODES.c;
    return { file: 'ydotool', args: ['key', `${CODES.ctrl}:1`, `${code}:1`, `${code}:0`, `${CODES.ctrl}:0`] };
  }
  return null;
}

/**
 * An app rule's paste key (Settings › Apps) as a command: Ctrl+Shift+V and Shift+Insert as key chords,
 * `type` as the text typed out key by key (read from stdin: any text is safe); null without a key tool.
 * Ctrl+V is the platform's own paste key (waylandKeyCommand).
 */
export function waylandPasteCommand(
  pasteKey: Exclude<PasteKeyName, 'ctrl+v'>,
  has: (program: string) => boolean,
): Command | null {
  if (has('wtype')) {
    if (pasteKey === 'type') return { file: 'wtype', args: ['-'] };
    if (pasteKey === 'shift+insert')
      return { file: 'wtype', args: ['-M', 'shift', '-k', 'Insert', '-m', 'shift'] };
    return { file: 'wtype', args: ['-M', 'ctrl', '-M', 'shift', '-k', 'v', '-m', 'shift', '-m', 'ctrl'] };
  }
  if (has('ydotool')) {
    if (pasteKey === 'type') return { file: 'ydotool', args: ['type', '--file', '-'] };
    const chord =
      pasteKey === 'shift+insert' ? [CODES.shift, CODES.insert] : [CODES.ctrl, CODES.shift, CODES.v];
    return {
      file: 'ydotool',
      args: ['key', ...chord.map((code) => `${code}:1`), ...[...chord].reverse().map((code) => `${code}:0`)],
    };
  }
  return null;
}

/** Whether the GlobalShortcuts portal answers: its interface is in the portal's introspection XML. */
export function portalHasGlobalShortcuts(introspection: string): boolean {
  return /<interface\s+name="org\.freedesktop\.portal\.GlobalShortcuts"/.test(introspection);
}

export const portalIntrospect: Command = {
  file: 'gdbus',
  args: [
    'introspect',
    '--session',
    '--dest',
    'org.freedesktop.portal.Desktop',
    '--object-path',
    '/org/freedesktop/portal/desktop',
    '--xml',
  ],
};

const shellWord = (word: string) =>
  /^[A-Za-z0-9._:/@+-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;

/**
 * The command a desktop's own shortcut settings run to start a skill as its hotkey would: the CLI's
 * `skilldeck run SKILL --trigger`, or — given the desktop app's own executable (the packaged app has no
 * CLI on PATH; an AppImage's file) — `<app> --trigger SKILL`, which the running app receives.
 */
export function bindCommand(skillId: string, app?: string): string {
  return app
    ? `${shellWord(app)} --trigger ${shellWord(skillId)}`
    : `skilldeck run ${shellWord(skillId)} --trigger`;
}

/** Where that command is bound, per compositor family (the check's fix says it). */
export function whereToBind(compositor: CompositorFamily | null): 'gnome' | 'kde' | 'sway' | 'other' {
  if (compositor === 'gnome') return 'gnome';
  if (compositor === 'kde') return 'kde';
  if (compositor === 'wlroots') return 'sway';
  return 'other';
}
