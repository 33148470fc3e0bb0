// Turns a key press into an Electron accelerator and the text the UI shows for it.
// Accelerator names: https://www.electronjs.org/docs/latest/api/accelerator
import { acceleratorProblem } from '../../../../../shared/types/hotkey';

export type Platform = 'mac' | 'windows' | 'linux';

/** In Electron's usual order. */
export type Modifier = 'CommandOrControl' | 'Control' | 'Alt' | 'Shift' | 'Super';
const ORDER: readonly Modifier[] = ['CommandOrControl', 'Control', 'Alt', 'Shift', 'Super'];

/** What a KeyboardEvent carries that matters here (so tests need no DOM). */
export interface KeyPress {
  code: string;
  key: string;
  ctrlKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
  metaKey: boolean;
}

export interface RecordedHotkey {
  /** e.g. `CommandOrControl+Alt+T` */
  accelerator: string;
  /** `KeyboardEvent.code` of the key, e.g. `KeyT` */
  keyCode: string;
  modifiers: Modifier[];
  /** e.g. `Ctrl+Alt+T`, or `⌥⌘T` on macOS */
  display: string;
}

export type RecordStep =
  /** Only modifier keys are down so far: show them while the user goes on. */
  | { kind: 'modifiers'; modifiers: Modifier[]; display: string }
  | { kind: 'hotkey'; hotkey: RecordedHotkey }
  /** A key that needs a modifier with it (all but F1–F24); `shiftOnly` when Shift alone was held. */
  | { kind: 'needsModifier'; display: string; shiftOnly: boolean }
  /** A key with no Electron accelerator name (e.g. IntlBackslash, a dead key). */
  | { kind: 'unsupported'; code: string };

/** The host's `process.platform` (from app:info) decides, else the browser's guess. */
export function platformOf(hostPlatform: string | null | undefined, browserPlatform = ''): Platform {
  const p = (hostPlatform ?? browserPlatform).toLowerCase();
  if (p === 'darwin' || p.startsWith('mac')) return 'mac';
  if (p === 'win32' || p.startsWith('win')) return 'windows';
  return 'linux';
}

const PUNCTUATION: Record<string, string> = {
  Minus: '-',
  Equal: '=',
  BracketLeft: '[',
  BracketRight: ']',
  Backslash: '\\',
  Semicolon: ';',
  Quote: "'",
  Comma: ',',
  Period: '.',
  Slash: '/',
  Backquote: '`',
};

const NAMED: Record<string, string> = {
  Space: 'Space',
  Tab: 'Tab',
  Enter: 'Enter',
  NumpadEnter: 'Enter',
  Backspace: 'Backspace',
  Delete: 'Delete',
  Insert: 'Insert',
  Home: 'Home',
  End: 'End',
  PageUp: 'PageUp',
  PageDown: 'PageDown',
  Escape: 'Escape',
  ArrowUp: 'Up',
  ArrowDown: 'Down',
  ArrowLeft: 'Left',
  ArrowRight: 'Right',
  PrintScreen: 'PrintScreen',
  NumpadDecimal: 'numdec',
  NumpadAdd: 'numadd',
  NumpadSubtract: 'numsub',
  NumpadMultiply: 'nummult',
  NumpadDivide: 'numdiv',
  AudioVolumeUp: 'VolumeUp',
  AudioVolumeDown: 'VolumeDown',
  AudioVolumeMute: 'VolumeMute',
  MediaTrackNext: 'MediaNextTrack',
  MediaTrackPrevious: 'MediaPreviousTrack',
  MediaStop: 'MediaStop',
  MediaPlayPause: 'MediaPlayPause',
};

const MODIFIER_KEYS = new Set(['Control', 'Alt', 'AltGraph', 'Shift', 'Meta', 'OS', 'Hyper', 'Super']);

/** The accelerator name of the key at `code` (layout-independent: `KeyQ` is Q on AZERTY too), or null. */
export function acceleratorKeyOf(code: string): string | null {
  let m: RegExpExecArray | null;
  if ((m = /^Key([A-Z])$/.exec(code))) return m[1]!;
  if ((m = /^Digit([0-9])$/.exec(code))) return m[1]!;
  if ((m = /^Numpad([0-9])$/.exec(code))) return `num${m[1]}`;
  if ((m = /^F([1-9]|1[0-9]|2[0-4])$/.exec(code))) return `F${m[1]}`;
  return PUNCTUATION[code] ?? NAMED[code] ?? null;
}

/**
 * Which modifiers are held. ⌘ is CommandOrControl on macOS, and Ctrl elsewhere: the hotkey a Mac user
 * records as ⌘⌥T is Ctrl+Alt+T on their other machines. The other key (⌃ on a Mac, ⊞/Super elsewhere)
 * stays itself.
 */
export function modifiersOf(press: Omit<KeyPress, 'code' | 'key'>, platform: Platform): Modifier[] {
  const held = new Set<Modifier>();
  if (platform === 'mac') {
    if (press.metaKey) held.add('CommandOrControl');
    if (press.ctrlKey) held.add('Control');
  } else {
    if (press.ctrlKey) held.add('CommandOrControl');
    if (press.metaKey) held.add('Super');
  }
  if (press.altKey) held.add('Alt');
  if (press.shiftKey) held.add('Shift');
  return ORDER.filter((m) => held.has(m));
}

const MAC_SYMBOLS: Record<Modifier, string> = {
  Control: '⌃',
  Alt: '⌥',
  Shift: '⇧',
  CommandOrControl: '⌘',
  Super: '⌘',
};
/** Apple's order: ⌃⌥⇧⌘. */
const MAC_ORDER: readonly Modifier[] = ['Control', 'Alt', 'Shift', 'CommandOrControl', 'Super'];
const MAC_KEYS: Record<string, string> = {
  Up: '↑',
  Down: '↓',
  Left: '←',
  Right: '→',
  Enter: '↩',
  Tab: '⇥',
  Backspace: '⌫',
  Delete: '⌦',
  Escape: '⎋',
  PageUp: '⇞',
  PageDown: '⇟',
  Home: '↖',
  End: '↘',
};

function keyLabel(key: string, platform: Platform): string {
  if (platform === 'mac' && MAC_KEYS[key]) return MAC_KEYS[key];
  if (key === 'Plus') return '+';
  const num = /^num(\d)$/.exec(key);
  if (num) return `Num${num[1]}`;
  const numOps: Record<string, string> = {
    numdec: 'Num.',
    numadd: 'Num+',
    numsub: 'Num-',
    nummult: 'Num*',
    numdiv: 'Num/',
  };
  return numOps[key] ?? key;
}

function modifierLabel(modifier: Modifier, platform: Platform): string {
  if (modifier === 'CommandOrControl' || modifier === 'Control') return 'Ctrl';
  if (modifier === 'Super') return platform === 'windows' ? 'Win' : 'Super';
  return modifier;
}

/** `⌥⌘T` on macOS, `Ctrl+Alt+T` elsewhere; `key` empty while only modifiers are held. */
export function displayOf(modifiers: readonly Modifier[], key: string, platform: Platform): string {
  if (platform === 'mac') {
    const symbols = MAC_ORDER.filter((m) => modifiers.includes(m)).map((m) => MAC_SYMBOLS[m]);
    return symbols.join('') + (key ? keyLabel(key, platform) : '');
  }
  const parts = modifiers.map((m) => modifierLabel(m, platform));
  return key ? [...parts, keyLabel(key, platform)].join('+') : parts.map((p) => `${p}+`).join('');
}

const PRINTABLE = /^([A-Z0-9]|Space|[-=[\]\\;',./`])$/;

/** One keydown while recording: what it makes. */
export function recordKey(press: KeyPress, platform: Platform): RecordStep {
  const modifiers = modifiersOf(press, platform);
  if (MODIFIER_KEYS.has(press.key) || /^(Control|Alt|Shift|Meta|OS)(Left|Right)$/.test(press.code)) {
    return { kind: 'modifiers', modifiers, display: displayOf(modifiers, '', platform) };
  }
  const key = acceleratorKeyOf(press.code);
  if (key === null) return { kind: 'unsupported', code: press.code || press.key };
  const display = displayOf(modifiers, key, platform);
  const fKey = /^F\d+$/.test(key);
  const shiftOnly = modifiers.length === 1 && modifiers[0] === 'Shift';
  // Shift+T types a capital T everywhere: a global hotkey on it would take the letter away.
  if (!fKey && (modifiers.length === 0 || (shiftOnly && PRINTABLE.test(key)))) {
    return { kind: 'needsModifier', display, shiftOnly };
  }
  const accelerator = [...modifiers, key].join('+');
  if (acceleratorProblem(accelerator) !== null) return { kind: 'unsupported', code: press.code };
  return { kind: 'hotkey', hotkey: { accelerator, keyCode: press.code, modifiers, display } };
}

/** Accelerators compare without case (the core's duplicate check does too). */
export const sameAccelerator = (a: string | null | undefined, b: string | null | undefined): boolean =>
  a != null && b != null && a.toLowerCase() === b.toLowerCase();
