import { describe, expect, it } from 'vitest';
import { chooseDesktopBackend, keyCommand, looksLikeTerminal, type DesktopBackend } from './desktop-backend';
import { captureMethodOf } from './selection-hook';

describe('the platform switch', () => {
  it.each<[NodeJS.Platform, NodeJS.ProcessEnv, DesktopBackend]>([
    ['darwin', {}, 'macos'],
    ['win32', {}, 'windows'],
    ['linux', { DISPLAY: ':0' }, 'x11'],
    ['linux', { XDG_SESSION_TYPE: 'x11' }, 'x11'],
    ['linux', { XDG_SESSION_TYPE: 'wayland', DISPLAY: ':0', WAYLAND_DISPLAY: 'wayland-0' }, 'wayland'],
    ['linux', { WAYLAND_DISPLAY: 'wayland-0' }, 'wayland'],
    ['linux', {}, 'unsupported'],
    ['freebsd', { DISPLAY: ':0' }, 'unsupported'],
  ])('%s with %j → %s', (platform, env, backend) => {
    expect(chooseDesktopBackend(platform, env)).toBe(backend);
  });

  it('sends keys with osascript on macOS, SendKeys on Windows, and leaves X11 to the X11 ports', () => {
    expect(keyCommand('macos', 'paste')).toEqual({
      file: 'osascript',
      args: ['-e', 'tell application "System Events" to key code 9 using command down'],
    });
    expect(keyCommand('windows', 'copy')?.args.at(-1)).toMatch(/SendKeys\]::SendWait\('\^c'\)$/);
    expect(keyCommand('x11', 'paste')).toBeNull();
    expect(keyCommand('wayland', 'paste', () => false)).toBeNull();
    expect(keyCommand('wayland', 'paste', (p) => p === 'wtype')).toEqual({
      file: 'wtype',
      args: ['-M', 'ctrl', '-k', 'v', '-m', 'ctrl'],
    });
    expect(keyCommand('wayland', 'copy', (p) => p === 'ydotool')).toEqual({
      file: 'ydotool',
      args: ['key', '29:1', '46:1', '46:0', '29:0'],
    });
  });

  it('macOS: ⌘V and ⌘C by key code (the V and C keys), so layouts without Latin letters work too', () => {
    // `keystroke "v"` types the character v, which a Cyrillic, Greek or Korean layout has on no key
    for (const layout of [
      '',
      'com.apple.keylayout.Russian',
      'com.apple.keylayout.Greek',
      'com.apple.keylayout.US',
    ]) {
      expect(keyCommand('macos', 'paste', undefined, layout)?.args.at(-1)).toMatch(
        /key code 9 using command down$/,
      );
      expect(keyCommand('macos', 'copy', undefined, layout)?.args.at(-1)).toMatch(
        /key code 8 using command down$/,
      );
    }
    // Latin layouts that move V and C: there the V key's code is another letter (Dvorak: ⌘K)
    for (const layout of ['com.apple.keylayout.Dvorak', 'com.apple.keylayout.Colemak', 'io.example.Workman'])
      expect(keyCommand('macos', 'paste', undefined, layout)?.args.at(-1)).toMatch(
        /keystroke "v" using command down$/,
      );
    // Dvorak – QWERTY ⌘ switches to QWERTY while ⌘ is held: the key code is right there
    expect(
      keyCommand('macos', 'copy', undefined, 'com.apple.keylayout.DVORAK-QWERTYCMD')?.args.at(-1),
    ).toMatch(/key code 8 using command down$/);
  });

  it('collapses a selection to its end with the Right key (insert after the selection)', () => {
    expect(keyCommand('macos', 'collapse')?.args).toEqual([
      '-e',
      'tell application "System Events" to key code 124',
    ]);
    expect(keyCommand('windows', 'collapse')?.args.at(-1)).toMatch(/SendWait\('\{RIGHT\}'\)$/);
    expect(keyCommand('wayland', 'collapse', (p) => p === 'wtype')?.args).toEqual(['-k', 'Right']);
    expect(keyCommand('wayland', 'collapse', (p) => p === 'ydotool')?.args).toEqual([
      'key',
      '106:1',
      '106:0',
    ]);
    expect(keyCommand('wayland', 'collapse', () => false)).toBeNull();
    expect(keyCommand('x11', 'collapse')).toBeNull();
  });

  it("recognises Windows' console by its process name, `cmd` (no .exe), and by selection-hook's `cmd.exe`", () => {
    for (const name of [
      'cmd',
      'cmd.exe',
      'CMD.EXE',
      'wsl',
      'wsl.exe',
      'OpenConsole',
      'mintty',
      'powershell',
      'pwsh',
    ])
      expect([name, looksLikeTerminal(name)]).toEqual([name, true]);
    for (const name of ['cmdr', 'notepad', 'cmd-notes', 'Discord'])
      expect([name, looksLikeTerminal(name)]).toEqual([name, false]);
  });

  it('recognises terminals and maps selection-hook methods', () => {
    expect(['iTerm2', 'Terminal', 'WindowsTerminal', 'kitty'].every(looksLikeTerminal)).toBe(true);
    expect(looksLikeTerminal('TextEdit')).toBe(false);
    expect([1, 3, 11, 22, 99].map(captureMethodOf)).toEqual([
      'accessibility',
      'accessibility',
      'accessibility',
      'primary',
      'copy',
    ]);
  });
});
