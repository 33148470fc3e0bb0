import { describe, expect, it } from 'vitest';
import { urlFromTitle, windowContext } from './window-context';

describe('urlFromTitle', () => {
  it('reads the address a known browser shows in its title (a "URL in title" extension)', () => {
    expect(urlFromTitle('firefox', 'Inbox - https://mail.example.com/u/0/#inbox — Mozilla Firefox')).toBe(
      'https://mail.example.com/u/0/#inbox',
    );
    expect(urlFromTitle('Google-Chrome', 'Docs (http://localhost:8080/a?b=1). - Google Chrome')).toBe(
      'http://localhost:8080/a?b=1',
    );
    expect(urlFromTitle('qutebrowser', 'https://example.org/ - qutebrowser')).toBe('https://example.org/');
    expect(urlFromTitle('com.apple.Safari', 'https://apple.com/mac')).toBe('https://apple.com/mac');
  });

  it('is empty for a browser title without one, and for apps that are not browsers', () => {
    expect(urlFromTitle('firefox', 'Inbox — Mozilla Firefox')).toBe('');
    expect(urlFromTitle('chromium', 'example.com/path - Chromium')).toBe('');
    // a terminal or an editor showing an address is not a page being read
    expect(urlFromTitle('xterm', 'curl https://example.com')).toBe('');
    expect(urlFromTitle('code', 'notes.md - https://example.com - Visual Studio Code')).toBe('');
  });
});

describe('windowContext', () => {
  it('gives the app, the title and the URL of the focused window; nothing without one', () => {
    expect(
      windowContext({
        id: '1',
        app: 'firefox',
        title: 'A - https://a.example/ - Firefox',
        isTerminal: false,
      }),
    ).toEqual({
      app: 'firefox',
      window_title: 'A - https://a.example/ - Firefox',
      url: 'https://a.example/',
    });
    // what the focus port read itself comes first
    expect(
      windowContext({
        id: 'pid:1',
        app: 'Safari',
        title: 'Apple',
        url: 'https://www.apple.com/',
        isTerminal: false,
      }),
    ).toEqual({ app: 'Safari', window_title: 'Apple', url: 'https://www.apple.com/' });
    expect(windowContext({ id: '2', app: 'xterm', title: 'bash', isTerminal: true })).toEqual({
      app: 'xterm',
      window_title: 'bash',
      url: '',
    });
    expect(windowContext(null)).toEqual({});
  });
});
