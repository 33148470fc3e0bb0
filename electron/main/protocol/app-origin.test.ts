import { describe, expect, it } from 'vitest';
import { APP_ORIGIN, DASHBOARD_URL, isAppUrl, isExternalLink, isExternalWebUrl } from './app-origin';

describe('app origin', () => {
  it('is app://skilldeck and the dashboard lives on it', () => {
    expect(APP_ORIGIN).toBe('app://skilldeck');
    expect(isAppUrl(DASHBOARD_URL)).toBe(true);
  });

  it.each(['app://skilldeck', 'app://skilldeck/', 'app://SKILLDECK/assets/x.js', 'app://skilldeck/#/runs'])(
    '%s is on the dashboard origin',
    (url) => expect(isAppUrl(url)).toBe(true),
  );

  it.each([
    'app://skilldeck.evil/',
    'app://evil/',
    'app://skilldeck:1/',
    'app://a:b@skilldeck/',
    'https://skilldeck/',
    'app:skilldeck',
    '',
  ])('%s is not', (url) => expect(isAppUrl(url)).toBe(false));

  it('hands only http(s) links to the browser', () => {
    expect(isExternalWebUrl('https://agentskills.io/spec')).toBe(true);
    expect(isExternalWebUrl('http://localhost:11434')).toBe(true);
    for (const url of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'smb://host/share',
      'app://skilldeck/',
      'x',
    ]) {
      expect(isExternalWebUrl(url)).toBe(false);
    }
  });

  it('lets links open web pages and mail, nothing else', () => {
    expect(isExternalLink('https://agentskills.io/spec')).toBe(true);
    expect(isExternalLink('mailto:ada@example.com')).toBe(true);
    expect(isExternalWebUrl('mailto:ada@example.com')).toBe(false);
    for (const url of ['mailto:', 'file:///etc/passwd', 'javascript:alert(1)', 'tel:123', 'x']) {
      expect(isExternalLink(url)).toBe(false);
    }
  });
});
