import { describe, expect, it } from 'vitest';
import { acceleratorProblem } from '../../../shared/types/hotkey';
import { readLegacyHotkey } from './migrate-hotkey';

describe('readLegacyHotkey', () => {
  it.each([
    ['⌘⇧T', 'CommandOrControl+Shift+T'],
    ['⌘ + ⇧ + T', 'CommandOrControl+Shift+T'],
    ['⇧⌘t', 'CommandOrControl+Shift+T'],
    ['⌃⌘R', 'Command+Control+R'],
    ['⌥⇧1', 'Alt+Shift+1'],
    ['⌃⌥Space', 'Control+Alt+Space'],
    ['⌘⇧␣', 'CommandOrControl+Shift+Space'],
    ['⌘↩', 'CommandOrControl+Return'],
    ['⌥F5', 'Alt+F5'],
    ['⌘⇧↑', 'CommandOrControl+Shift+Up'],
    ['⌘,', 'CommandOrControl+,'],
    ['Ctrl+Shift+T', 'Control+Shift+T'],
    ['ctrl-alt-j', 'Control+Alt+J'],
    ['Cmd+Option+K', 'CommandOrControl+Alt+K'],
    ['Command Shift Tab', 'CommandOrControl+Shift+Tab'],
    ['Ctrl++', 'Control+Plus'],
    ['Win+Shift+S', 'Shift+Super+S'],
  ])('%s → %s', (display, accelerator) => {
    const read = readLegacyHotkey(display, 17);
    expect(read).toEqual({ hotkey: { accelerator, display: display.trim() } });
    expect(acceleratorProblem(accelerator)).toBeNull();
  });

  it('is null when the file has no hotkey', () => {
    expect(readLegacyHotkey(undefined, undefined)).toBeNull();
    expect(readLegacyHotkey('', null)).toBeNull();
  });

  it.each([
    ['⌥', 61, /"⌥" is a modifier key alone \(right Option \(⌥\), key code 61\)/],
    ['⌘', undefined, /"⌘" is a modifier key alone \(Command\)/],
    ['Ctrl+Shift', 59, /modifier key alone \(Control \(⌃\), key code 59\)/],
    [undefined, 63, /only a key code \(63\) \(Fn, key code 63\) was stored/],
    ['Fn+S', 1, /uses the Fn key/],
    ['T', 17, /"T" has no modifier/],
    ['⌘⌘T', 17, /repeats a modifier/],
    ['⌘⇧Hyper', 17, /"Hyper" is not a key Electron knows/],
    ['右⌥', 61, /has no modifier/],
  ])('%j (key code %j) is refused with a reason', (display, code, reason) => {
    const read = readLegacyHotkey(display, code);
    expect(read).toEqual({ problem: expect.stringMatching(reason) });
    expect((read as { problem: string }).problem).toMatch(/pick a hotkey in the dashboard$/);
  });
});
