// The macOS focus read cannot run here: its answer's parsing is tested with what osascript prints.
import { describe, expect, it } from 'vitest';
import { createFocusPort, parseMacFront } from './focus';

describe('macOS focused window', () => {
  it('reads the app, the window title and a web page address', () => {
    expect(parseMacFront('412\tSafari\tApple (United Kingdom)\thttps://www.apple.com/uk/\n')).toEqual({
      id: 'pid:412',
      app: 'Safari',
      title: 'Apple (United Kingdom)',
      url: 'https://www.apple.com/uk/',
      isTerminal: false,
    });
    // a document app's AXDocument is a file, not a page
    expect(parseMacFront('9\tTextEdit\tnotes.txt\tfile:///Users/a/notes.txt\n')).toEqual({
      id: 'pid:9',
      app: 'TextEdit',
      title: 'notes.txt',
      isTerminal: false,
    });
    expect(parseMacFront('77\tTerminal\t\t\n')).toMatchObject({
      app: 'Terminal',
      title: '',
      isTerminal: true,
    });
    expect(parseMacFront('\n')).toBeNull();
  });

  it('goes through osascript on macOS', async () => {
    const port = createFocusPort(
      'macos',
      (file) => Promise.resolve(file === 'osascript' ? '5\tMail\tInbox\t\n' : ''),
      () => Promise.resolve(null),
    );
    expect(await port.current()).toEqual({ id: 'pid:5', app: 'Mail', title: 'Inbox', isTerminal: false });
  });
});
