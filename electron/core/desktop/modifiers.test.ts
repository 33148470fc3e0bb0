import { describe, expect, it } from 'vitest';
import { copyKeyAllowed, macModifiers, modifierWaitCommand, windowsModifiers } from './modifiers';

describe('waiting for the hotkey’s modifiers before the copy key', () => {
  it('reads macOS modifier flags', () => {
    expect(macModifiers('0')).toEqual([]);
    expect(macModifiers(String((1 << 20) | (1 << 17)))).toEqual(['shift', 'command']);
    expect(macModifiers(String(1 << 19))).toEqual(['alt']);
    expect(macModifiers('garbage')).toBeNull();
    expect(macModifiers('')).toBeNull();
  });

  it('reads Windows ModifierKeys', () => {
    expect(windowsModifiers('None\r\n')).toEqual([]);
    expect(windowsModifiers('Control, Alt')).toEqual(['control', 'alt']);
    expect(windowsModifiers('Shift')).toEqual(['shift']);
    expect(windowsModifiers('')).toBeNull();
    expect(windowsModifiers('Control, Banana')).toBeNull();
  });

  it('sends the copy key only when nothing is held any more (or the state is unknown)', () => {
    expect(copyKeyAllowed([])).toBe(true);
    expect(copyKeyAllowed(null)).toBe(true);
    expect(copyKeyAllowed(['command'])).toBe(false);
    expect(copyKeyAllowed(['control', 'alt'])).toBe(false);
  });

  it('waits in one script with the limit given', () => {
    const mac = modifierWaitCommand('macos', 800);
    expect(mac.file).toBe('osascript');
    expect(mac.args.slice(0, 2)).toEqual(['-l', 'JavaScript']);
    expect(mac.args[3]).toContain('Date.now() + 800');
    expect(mac.args[3]).toContain(String((1 << 17) | (1 << 18) | (1 << 19) | (1 << 20)));
    const win = modifierWaitCommand('windows', 800);
    expect(win.file).toBe('powershell.exe');
    expect(win.args.at(-1)).toContain('AddMilliseconds(800)');
    expect(win.args.at(-1)).toContain('ModifierKeys');
  });
});
