import { describe, expect, it } from 'vitest';
import { acceleratorProblem } from '../../../../../shared/types/hotkey';
import {
  acceleratorKeyOf,
  displayOf,
  platformOf,
  recordKey,
  sameAccelerator,
  type KeyPress,
} from './accelerator';

const press = (code: string, mods: Partial<KeyPress> = {}, key = ''): KeyPress => ({
  code,
  key,
  ctrlKey: false,
  altKey: false,
  shiftKey: false,
  metaKey: false,
  ...mods,
});

describe('acceleratorKeyOf', () => {
  it.each([
    ['KeyT', 'T'],
    ['Digit7', '7'],
    ['F1', 'F1'],
    ['F24', 'F24'],
    ['ArrowUp', 'Up'],
    ['ArrowLeft', 'Left'],
    ['Space', 'Space'],
    ['Tab', 'Tab'],
    ['Minus', '-'],
    ['Equal', '='],
    ['BracketLeft', '['],
    ['Backslash', '\\'],
    ['Semicolon', ';'],
    ['Quote', "'"],
    ['Comma', ','],
    ['Period', '.'],
    ['Slash', '/'],
    ['Backquote', '`'],
    ['Numpad5', 'num5'],
    ['NumpadAdd', 'numadd'],
    ['PageDown', 'PageDown'],
    ['MediaPlayPause', 'MediaPlayPause'],
  ])('%s is %s', (code, name) => expect(acceleratorKeyOf(code)).toBe(name));

  it('knows no name for F25, IntlBackslash or an empty code', () => {
    for (const code of ['F25', 'IntlBackslash', '', 'Fn']) expect(acceleratorKeyOf(code)).toBeNull();
  });

  it('makes only names the core accepts', () => {
    const codes = [
      'KeyA',
      'Digit0',
      'F12',
      'ArrowDown',
      'Space',
      'Tab',
      'Minus',
      'Backquote',
      'NumpadDivide',
    ];
    for (const code of codes) expect(acceleratorProblem(`Ctrl+${acceleratorKeyOf(code)}`)).toBeNull();
  });
});

describe('recordKey', () => {
  it('turns Ctrl+Alt+T into CommandOrControl+Alt+T, shown as Ctrl+Alt+T off macOS', () => {
    expect(recordKey(press('KeyT', { ctrlKey: true, altKey: true }, 't'), 'linux')).toEqual({
      kind: 'hotkey',
      hotkey: {
        accelerator: 'CommandOrControl+Alt+T',
        keyCode: 'KeyT',
        modifiers: ['CommandOrControl', 'Alt'],
        display: 'Ctrl+Alt+T',
      },
    });
  });

  it('turns ⌘⌥T into CommandOrControl+Alt+T on macOS, shown in Apple order', () => {
    const step = recordKey(press('KeyT', { metaKey: true, altKey: true }, '†'), 'mac');
    expect(step).toMatchObject({
      kind: 'hotkey',
      hotkey: { accelerator: 'CommandOrControl+Alt+T', display: '⌥⌘T' },
    });
  });

  it('keeps ⌃ as Control on macOS and the Windows key as Super elsewhere', () => {
    expect(recordKey(press('KeyK', { ctrlKey: true, shiftKey: true }), 'mac')).toMatchObject({
      hotkey: { accelerator: 'Control+Shift+K', display: '⌃⇧K' },
    });
    expect(recordKey(press('KeyK', { metaKey: true, altKey: true }), 'windows')).toMatchObject({
      hotkey: { accelerator: 'Alt+Super+K', display: 'Alt+Win+K' },
    });
    expect(recordKey(press('KeyK', { metaKey: true, altKey: true }), 'linux')).toMatchObject({
      hotkey: { display: 'Alt+Super+K' },
    });
  });

  it('shows the modifiers held so far', () => {
    expect(recordKey(press('ControlLeft', { ctrlKey: true }, 'Control'), 'linux')).toEqual({
      kind: 'modifiers',
      modifiers: ['CommandOrControl'],
      display: 'Ctrl+',
    });
    expect(recordKey(press('AltLeft', { altKey: true, metaKey: true }, 'Alt'), 'mac')).toMatchObject({
      display: '⌥⌘',
    });
  });

  it('needs a modifier except for F-keys', () => {
    expect(recordKey(press('KeyT', {}, 't'), 'linux')).toEqual({
      kind: 'needsModifier',
      display: 'T',
      shiftOnly: false,
    });
    expect(recordKey(press('Space'), 'linux')).toMatchObject({ kind: 'needsModifier' });
    const f5 = recordKey(press('F5', {}, 'F5'), 'linux');
    expect(f5).toMatchObject({ kind: 'hotkey', hotkey: { accelerator: 'F5', display: 'F5' } });
    expect(acceleratorProblem('F5')).toBeNull();
  });

  it('refuses Shift alone on a key that types, but takes it on a key that does not', () => {
    expect(recordKey(press('KeyT', { shiftKey: true }, 'T'), 'linux')).toMatchObject({
      kind: 'needsModifier',
      shiftOnly: true,
    });
    expect(recordKey(press('ArrowUp', { shiftKey: true }), 'linux')).toMatchObject({
      hotkey: { accelerator: 'Shift+Up' },
    });
  });

  it('takes punctuation, arrows and F-keys with modifiers', () => {
    expect(recordKey(press('Slash', { ctrlKey: true, shiftKey: true }), 'linux')).toMatchObject({
      hotkey: { accelerator: 'CommandOrControl+Shift+/', display: 'Ctrl+Shift+/' },
    });
    expect(recordKey(press('ArrowRight', { metaKey: true }), 'mac')).toMatchObject({
      hotkey: { accelerator: 'CommandOrControl+Right', display: '⌘→' },
    });
    expect(recordKey(press('F12', { altKey: true }), 'windows')).toMatchObject({
      hotkey: { accelerator: 'Alt+F12', display: 'Alt+F12' },
    });
  });

  it('says which key has no accelerator name', () => {
    expect(recordKey(press('IntlBackslash', { ctrlKey: true }), 'linux')).toEqual({
      kind: 'unsupported',
      code: 'IntlBackslash',
    });
  });

  it('every recorded accelerator passes the core check', () => {
    const codes = ['KeyA', 'Digit9', 'F3', 'ArrowDown', 'Space', 'Comma', 'Numpad0', 'Enter', 'Home'];
    for (const code of codes)
      for (const platform of ['mac', 'windows', 'linux'] as const) {
        const step = recordKey(
          press(code, { ctrlKey: true, altKey: true, shiftKey: true, metaKey: true }),
          platform,
        );
        expect(step.kind).toBe('hotkey');
        if (step.kind === 'hotkey') expect(acceleratorProblem(step.hotkey.accelerator)).toBeNull();
      }
  });
});

describe('displayOf, platformOf, sameAccelerator', () => {
  it('shows Plus and numpad keys readably', () => {
    expect(displayOf(['CommandOrControl'], 'Plus', 'linux')).toBe('Ctrl++');
    expect(displayOf(['Alt'], 'num5', 'windows')).toBe('Alt+Num5');
  });

  it('reads the host platform first, then the browser', () => {
    expect(platformOf('darwin')).toBe('mac');
    expect(platformOf('win32', 'MacIntel')).toBe('windows');
    expect(platformOf(undefined, 'MacIntel')).toBe('mac');
    expect(platformOf(undefined, 'Linux x86_64')).toBe('linux');
  });

  it('compares accelerators without case', () => {
    expect(sameAccelerator('CommandOrControl+Alt+T', 'commandorcontrol+alt+t')).toBe(true);
    expect(sameAccelerator('Ctrl+T', null)).toBe(false);
  });
});
