import { z } from 'zod';

// Electron accelerator grammar: modifiers joined by '+', then exactly one key.
// https://www.electronjs.org/docs/latest/api/accelerator
const MODIFIERS = new Set([
  'command',
  'cmd',
  'control',
  'ctrl',
  'commandorcontrol',
  'cmdorctrl',
  'alt',
  'option',
  'altgr',
  'shift',
  'super',
  'meta',
]);
const NAMED_KEYS = new Set([
  'plus',
  'space',
  'tab',
  'capslock',
  'numlock',
  'scrolllock',
  'backspace',
  'delete',
  'insert',
  'return',
  'enter',
  'up',
  'down',
  'left',
  'right',
  'home',
  'end',
  'pageup',
  'pagedown',
  'escape',
  'esc',
  'volumeup',
  'volumedown',
  'volumemute',
  'medianexttrack',
  'mediaprevioustrack',
  'mediastop',
  'mediaplaypause',
  'printscreen',
  'num0',
  'num1',
  'num2',
  'num3',
  'num4',
  'num5',
  'num6',
  'num7',
  'num8',
  'num9',
  'numdec',
  'numadd',
  'numsub',
  'nummult',
  'numdiv',
]);

/** Why `accelerator` is not a valid Electron accelerator, or null when it is. */
export function acceleratorProblem(accelerator: string): string | null {
  const parts = accelerator.split('+');
  // "Ctrl++" means Ctrl and the plus key: the empty last part stands for '+'.
  if (accelerator.endsWith('++')) parts.splice(parts.length - 2, 2, 'Plus');
  if (parts.some((p) => p.trim() === '')) return `"${accelerator}" has an empty part`;
  const key = parts[parts.length - 1]!;
  const mods = parts.slice(0, -1).map((m) => m.toLowerCase());
  // F1–F24 alone are fine: nothing types with them
  if (mods.length === 0 && !/^f([1-9]|1[0-9]|2[0-4])$/i.test(key))
    return `"${accelerator}" needs at least one modifier (Ctrl, Alt, Shift, Super)`;
  for (const m of mods) if (!MODIFIERS.has(m)) return `"${m}" is not a modifier`;
  if (new Set(mods).size !== mods.length) return `"${accelerator}" repeats a modifier`;
  const k = key.toLowerCase();
  const ok =
    /^[a-z0-9]$/.test(k) ||
    /^f([1-9]|1[0-9]|2[0-4])$/.test(k) ||
    NAMED_KEYS.has(k) ||
    /^[)!@#$%^&*(:;<=>?_~{}|"',./`[\]\\-]$/.test(key);
  return ok ? null : `"${key}" is not a key Electron knows`;
}

export const Accelerator = z
  .string()
  .min(1)
  .max(64)
  .superRefine((value, ctx) => {
    const problem = acceleratorProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const MODIFIER_ALIASES: Record<string, string> = {
  cmd: 'command',
  command: 'command',
  ctrl: 'control',
  control: 'control',
  cmdorctrl: 'commandorcontrol',
  commandorcontrol: 'commandorcontrol',
  option: 'alt',
  alt: 'alt',
  altgr: 'altgr',
  shift: 'shift',
  super: 'super',
  meta: 'super',
};
const KEY_ALIASES: Record<string, string> = { esc: 'escape', return: 'enter', '+': 'plus' };

/**
 * One spelling per physical key combination, so "Ctrl+Shift+K", "shift+control+k" and (off macOS)
 * "CmdOrCtrl+Shift+K" are seen as the same hotkey. Only for valid accelerators. `os`: process.platform.
 */
export function acceleratorKey(accelerator: string, os: string): string {
  const parts = accelerator.split('+');
  if (accelerator.endsWith('++')) parts.splice(parts.length - 2, 2, 'Plus');
  const key = parts.pop()!.toLowerCase();
  const mods = parts.map((m) => {
    const canonical = MODIFIER_ALIASES[m.toLowerCase()] ?? m.toLowerCase();
    if (canonical === 'commandorcontrol') return os === 'darwin' ? 'command' : 'control';
    // Super/Meta is Command on macOS, the Windows/Super key elsewhere.
    if (canonical === 'super' && os === 'darwin') return 'command';
    if (canonical === 'command' && os !== 'darwin') return 'super';
    return canonical;
  });
  return [...new Set(mods)]
    .sort()
    .concat(KEY_ALIASES[key] ?? key)
    .join('+');
}
