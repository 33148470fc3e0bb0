import { onPath } from '../../core/fs/on-path';
import type { PasteKeyName } from '../../core/platform';
import type { DesktopBackend, KeyCommand } from './desktop-backend';

// An app rule's paste key (Settings › Apps) as a command, where the X11 ports do not send it themselves:
// macOS (System Events by key code, so any keyboard layout works; Ctrl is ⌘ there and Shift+Insert, which
// Macs lack, is ⌘V), Windows (SendKeys), Wayland (wtype, else ydotool). `type` types the text out instead
// of pasting it: the text goes as an argument (macOS, Wayland) or base64 (Windows), never into a script.

const MAC_KEY_V = 9;
/** Linux input event codes (linux/input-event-codes.h) for ydotool. */
const KEY = { ctrl: 29, shift: 42, v: 47, insert: 110 } as const;
const SEND_KEYS = 'Add-Type -AssemblyName System.Windows.Forms; [System.Windows.Forms.SendKeys]::SendWait';

export function pasteKeyCommand(
  backend: DesktopBackend,
  key: PasteKeyName,
  text: string,
  has: (program: string) => boolean = onPath,
): KeyCommand | null {
  switch (backend) {
    case 'macos':
      return macCommand(key, text);
    case 'windows':
      return windowsCommand(key, text);
    case 'wayland':
      return waylandCommand(key, text, has);
    default:
      return null; // X11: the X11 ports send it
  }
}

function macCommand(key: PasteKeyName, text: string): KeyCommand {
  if (key === 'type') {
    return {
      file: 'osascript',
      args: [
        '-e',
        'on run argv',
        '-e',
        'tell application "System Events" to keystroke (item 1 of argv)',
        '-e',
        'end run',
        text,
      ],
    };
  }
  const using = key === 'ctrl+shift+v' ? '{command down, shift down}' : 'command down';
  return {
    file: 'osascript',
    args: ['-e', `tell application "System Events" to key code ${MAC_KEY_V} using ${using}`],
  };
}

function windowsCommand(key: PasteKeyName, text: string): KeyCommand {
  const powershell = (script: string): KeyCommand => ({
    file: 'powershell.exe',
    args: ['-NoProfile', '-NonInteractive', '-Command', script],
  });
  if (key === 'type') {
    const base64 = Buffer.from(text, 'utf8').toString('base64');
    // SendKeys reads + ^ % ~ ( ) { } [ ] as commands: each goes in braces; a line break is {ENTER}
    const decode = `$t = [Text.Encoding]::UTF8.GetString([Convert]::FromBase64String('${base64}'))`;
    const escape = `$t = ($t -replace '[+^%~(){}\\[\\]]', '{$0}') -replace "\\r?\\n", '{ENTER}'`;
    return powershell(`${decode}; ${escape}; ${SEND_KEYS}($t)`);
  }
  const keys = { 'ctrl+v': '^v', 'ctrl+shift+v': '^+v', 'shift+insert': '+{INSERT}' }[key];
  return powershell(`${SEND_KEYS}('${keys}')`);
}

function waylandCommand(
  key: PasteKeyName,
  text: string,
  has: (program: string) => boolean,
): KeyCommand | null {
  if (has('wtype')) {
    if (key === 'type') return { file: 'wtype', args: ['--', text] };
    const args = {
      'ctrl+v': ['-M', 'ctrl', '-k', 'v', '-m', 'ctrl'],
      'ctrl+shift+v': ['-M', 'ctrl', '-M', 'shift', '-k', 'v', '-m', 'shift', '-m', 'ctrl'],
      'shift+insert': ['-M', 'shift', '-k', 'Insert', '-m', 'shift'],
    }[key];
    return { file: 'wtype', args };
  }
  if (has('ydotool')) {
    if (key === 'type') return { file: 'ydotool', args: ['type', '--', text] };
    const held = { 'ctrl+v': [KEY.ctrl], 'ctrl+shift+v': [KEY.ctrl, KEY.shift], 'shift+insert': [KEY.shift] }[
      key
    ];
    const main = key === 'shift+insert' ? KEY.insert : KEY.v;
    const press = [...held, main].map((code) => `${code}:1`);
    const release = [main, ...[...held].reverse()].map((code) => `${code}:0`);
    return { file: 'ydotool', args: ['key', ...press, ...release] };
  }
  return null;
}
