import { describe, expect, it } from 'vitest';
import { pasteKeyCommand } from './paste-keys';

// An app rule's paste key as each platform sends it (none of these run here: the commands are checked).
describe('a rule’s paste key, per platform', () => {
  it('macOS: by key code (any keyboard layout), Ctrl meaning ⌘; type-out passes the text as an argument', () => {
    expect(pasteKeyCommand('macos', 'ctrl+v', 'x')?.args).toEqual([
      '-e',
      'tell application "System Events" to key code 9 using command down',
    ]);
    expect(pasteKeyCommand('macos', 'ctrl+shift+v', 'x')?.args.at(-1)).toBe(
      'tell application "System Events" to key code 9 using {command down, shift down}',
    );
    // Macs have no Insert key: Shift+Insert is ⌘V there
    expect(pasteKeyCommand('macos', 'shift+insert', 'x')?.args.at(-1)).toContain(
      'key code 9 using command down',
    );
    const typed = pasteKeyCommand('macos', 'type', 'say "hi" & quit')!;
    expect(typed.args.at(-1)).toBe('say "hi" & quit'); // data, never part of the script
    expect(typed.args.join(' ')).toContain('keystroke (item 1 of argv)');
  });

  it('Windows: SendKeys codes; type-out decodes base64 and escapes SendKeys’ command characters', () => {
    expect(pasteKeyCommand('windows', 'ctrl+shift+v', 'x')?.args.at(-1)).toMatch(/SendWait\('\^\+v'\)$/);
    expect(pasteKeyCommand('windows', 'shift+insert', 'x')?.args.at(-1)).toMatch(
      /SendWait\('\+\{INSERT\}'\)$/,
    );
    const text = "it's 100% {done} (really) + ~ ^\nnext";
    const script = pasteKeyCommand('windows', 'type', text)!.args.at(-1)!;
    expect(script).toContain(Buffer.from(text, 'utf8').toString('base64'));
    expect(script).not.toContain("it's"); // the text never appears in the script itself
    expect(script).toContain("-replace '[+^%~(){}\\[\\]]', '{$0}'");
    expect(script).toContain('{ENTER}');
  });

  it('Wayland: wtype, else ydotool with key codes pressed and released in order; none without either', () => {
    const wtype = (p: string) => p === 'wtype';
    const ydotool = (p: string) => p === 'ydotool';
    expect(pasteKeyCommand('wayland', 'ctrl+shift+v', 'x', wtype)).toEqual({
      file: 'wtype',
      args: ['-M', 'ctrl', '-M', 'shift', '-k', 'v', '-m', 'shift', '-m', 'ctrl'],
    });
    expect(pasteKeyCommand('wayland', 'type', '-n text', wtype)).toEqual({
      file: 'wtype',
      args: ['--', '-n text'],
    });
    expect(pasteKeyCommand('wayland', 'shift+insert', 'x', ydotool)).toEqual({
      file: 'ydotool',
      args: ['key', '42:1', '110:1', '110:0', '42:0'],
    });
    expect(pasteKeyCommand('wayland', 'ctrl+shift+v', 'x', ydotool)?.args).toEqual([
      'key',
      '29:1',
      '42:1',
      '47:1',
      '47:0',
      '42:0',
      '29:0',
    ]);
    expect(pasteKeyCommand('wayland', 'ctrl+v', 'x', () => false)).toBeNull();
    expect(pasteKeyCommand('x11', 'ctrl+v', 'x')).toBeNull(); // the X11 ports send it themselves
  });
});
