import { acceleratorProblem } from '../../../shared/types/hotkey';
import type { Hotkey } from '../../../shared/types/skill';

/**
 * GHOSTYPE stored a hotkey as macOS display text (`⌘⇧T`, `Ctrl+Shift+T`) plus a key code. The display
 * text is what we convert to an Electron accelerator; the key code only explains why a lone modifier
 * (GHOSTYPE's hold-to-talk keys) cannot become one.
 */
export type LegacyHotkey = { hotkey: Hotkey } | { problem: string };

type Modifier = 'Command' | 'Control' | 'Alt' | 'Shift' | 'Super' | 'Fn';

const SYMBOL_MODIFIERS: Record<string, Modifier> = {
  '⌘': 'Command',
  '⌃': 'Control',
  '⌥': 'Alt',
  '⇧': 'Shift',
  '🌐': 'Fn',
};
const WORD_MODIFIERS: Record<string, Modifier> = {
  command: 'Command',
  cmd: 'Command',
  control: 'Control',
  ctrl: 'Control',
  ctl: 'Control',
  option: 'Alt',
  opt: 'Alt',
  alt: 'Alt',
  shift: 'Shift',
  super: 'Super',
  win: 'Super',
  windows: 'Super',
  meta: 'Super',
  fn: 'Fn',
  function: 'Fn',
};
const WORD_MODIFIER = new RegExp(`^(${Object.keys(WORD_MODIFIERS).join('|')})(?:\\s*[+\\-]\\s*|\\s+)`, 'i');
/** Electron's usual order; `⌘` becomes `CommandOrControl` unless `⌃` is held too (see readLegacyHotkey). */
const RANK: Record<string, number> = {
  CommandOrControl: 0,
  Command: 0,
  Control: 1,
  Alt: 2,
  Shift: 3,
  Super: 4,
};

const NAMED_KEYS: Record<string, string> = {
  space: 'Space',
  '␣': 'Space',
  空格: 'Space',
  return: 'Return',
  '↩': 'Return',
  '↵': 'Return',
  '⏎': 'Return',
  enter: 'Enter',
  '⌤': 'Enter',
  tab: 'Tab',
  '⇥': 'Tab',
  esc: 'Escape',
  escape: 'Escape',
  '⎋': 'Escape',
  backspace: 'Backspace',
  '⌫': 'Backspace',
  delete: 'Delete',
  del: 'Delete',
  '⌦': 'Delete',
  up: 'Up',
  '↑': 'Up',
  down: 'Down',
  '↓': 'Down',
  left: 'Left',
  '←': 'Left',
  right: 'Right',
  '→': 'Right',
  home: 'Home',
  '↖': 'Home',
  end: 'End',
  '↘': 'End',
  pageup: 'PageUp',
  '⇞': 'PageUp',
  pagedown: 'PageDown',
  '⇟': 'PageDown',
  plus: 'Plus',
  '+': 'Plus',
};

/** macOS virtual key codes of the modifier keys themselves (GHOSTYPE's hold-to-talk keys). */
const MAC_MODIFIER_KEY_CODES: Record<number, string> = {
  54: 'right Command (⌘)',
  55: 'Command (⌘)',
  56: 'Shift (⇧)',
  57: 'Caps Lock',
  58: 'Option (⌥)',
  59: 'Control (⌃)',
  60: 'right Shift (⇧)',
  61: 'right Option (⌥)',
  62: 'right Control (⌃)',
  63: 'Fn',
};

const PICK_ANOTHER = 'pick a hotkey in the dashboard';

function keyName(key: string): string {
  const named = NAMED_KEYS[key.toLowerCase()];
  if (named) return named;
  if (/^f([1-9]|1[0-9]|2[0-4])$/i.test(key)) return key.toUpperCase();
  return key.length === 1 ? key.toUpperCase() : key;
}

/** Splits display text into modifiers and the rest (the key, possibly empty). */
function tokenize(display: string): { modifiers: Modifier[]; key: string } {
  const modifiers: Modifier[] = [];
  let rest = display.trim();
  for (;;) {
    const symbol = [...rest][0];
    if (symbol !== undefined && SYMBOL_MODIFIERS[symbol]) {
      modifiers.push(SYMBOL_MODIFIERS[symbol]);
      rest = rest.slice(symbol.length).replace(/^\s*\+?\s*/, '');
      continue;
    }
    const word = WORD_MODIFIER.exec(rest);
    if (word) {
      modifiers.push(WORD_MODIFIERS[word[1]!.toLowerCase()]!);
      rest = rest.slice(word[0].length);
      continue;
    }
    // a trailing modifier word with nothing after it (`Ctrl+Shift`, `⌘ Option`)
    const last = WORD_MODIFIERS[rest.toLowerCase()];
    if (last) {
      modifiers.push(last);
      rest = '';
    }
    return { modifiers, key: rest.trim() };
  }
}

const describeKeyCode = (code: unknown): string =>
  typeof code === 'number' && MAC_MODIFIER_KEY_CODES[code]
    ? ` (${MAC_MODIFIER_KEY_CODES[code]}, key code ${code})`
    : '';

/**
 * Converts GHOSTYPE's hotkey fields to an Electron accelerator. `⌘` becomes `CommandOrControl` (Ctrl on
 * Windows and Linux) unless `⌃` is also held, where it stays `Command`. Returns null when there is no
 * hotkey at all.
 */
export function readLegacyHotkey(display: unknown, keyCode: unknown): LegacyHotkey | null {
  const text =
    typeof display === 'string' ? display.trim() : typeof display === 'number' ? String(display) : '';
  if (text === '') {
    if (keyCode === undefined || keyCode === null) return null;
    return {
      problem: `only a key code (${String(keyCode)})${describeKeyCode(keyCode)} was stored, no key combination: ${PICK_ANOTHER}`,
    };
  }
  const { modifiers, key } = tokenize(text);
  if (modifiers.includes('Fn')) {
    return { problem: `"${text}" uses the Fn key, which global shortcuts cannot use: ${PICK_ANOTHER}` };
  }
  if (key === '') {
    const which = describeKeyCode(keyCode) || (modifiers.length > 0 ? ` (${modifiers.join('+')})` : '');
    return {
      problem: `"${text}" is a modifier key alone${which}; a global shortcut needs a key with it (e.g. ⌥⇧T): ${PICK_ANOTHER}`,
    };
  }
  if (modifiers.length === 0) {
    return { problem: `"${text}" has no modifier (⌘, ⌃, ⌥, ⇧) or is not a key combination: ${PICK_ANOTHER}` };
  }
  const electronModifiers = modifiers
    .map((m) => (m === 'Command' && !modifiers.includes('Control') ? 'CommandOrControl' : m))
    .sort((a, b) => RANK[a]! - RANK[b]!);
  const accelerator = [...electronModifiers, keyName(key)].join('+');
  const problem = acceleratorProblem(accelerator);
  if (problem) return { problem: `"${text}" cannot be an Electron shortcut: ${problem}; ${PICK_ANOTHER}` };
  return { hotkey: { accelerator, display: text.slice(0, 64) } };
}
