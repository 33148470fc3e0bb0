import { describe, expect, it } from 'vitest';
import { TOKEN_STORAGE_KEY, takeAccessToken, webSocketUrl } from './access-token';

function page(href: string, stored: Record<string, string> = {}, storageWorks = true) {
  const storage = new Map(Object.entries(stored));
  const replaced: string[] = [];
  return {
    storage,
    replaced,
    place: {
      href,
      storage: {
        getItem: (key: string) => storage.get(key) ?? null,
        setItem: (key: string, value: string) => {
          if (!storageWorks) throw new Error('QuotaExceededError');
          storage.set(key, value);
        },
      },
      history: {
        state: { page: 'skills' },
        replaceState: (_state: unknown, _unused: string, url?: string | URL | null) => {
          replaced.push(String(url));
        },
      },
    },
  };
}

describe('takeAccessToken', () => {
  it('takes the token from the URL, keeps it for reloads and removes it from the address bar', () => {
    const p = page('http://127.0.0.1:4000/?lang=en&token=s3cr%2Bt#/skills');
    expect(takeAccessToken(p.place)).toBe('s3cr+t');
    expect(p.storage.get(TOKEN_STORAGE_KEY)).toBe('s3cr+t');
    expect(p.replaced).toEqual(['/?lang=en#/skills']);
  });

  it('prefers a new token in the URL over the one kept from before', () => {
    const p = page('http://127.0.0.1:4000/?token=new', { [TOKEN_STORAGE_KEY]: 'old' });
    expect(takeAccessToken(p.place)).toBe('new');
    expect(p.storage.get(TOKEN_STORAGE_KEY)).toBe('new');
  });

  it('uses the kept token after a reload', () => {
    const p = page('http://127.0.0.1:4000/', { [TOKEN_STORAGE_KEY]: 'kept' });
    expect(takeAccessToken(p.place)).toBe('kept');
    expect(p.replaced).toEqual([]);
  });

  it('has none when neither the URL nor storage carries one', () => {
    expect(takeAccessToken(page('http://127.0.0.1:4000/?token=').place)).toBeNull();
  });

  it('leaves the token in the URL when it cannot be kept, so a reload still works', () => {
    const p = page('http://127.0.0.1:4000/?token=abc', {}, false);
    expect(takeAccessToken(p.place)).toBe('abc');
    expect(p.replaced).toEqual([]);
  });
});

describe('webSocketUrl', () => {
  it('points at /ws on the same host, with the matching scheme and the token encoded', () => {
    expect(webSocketUrl('http://127.0.0.1:4000/#/runs', 'a b&c')).toBe(
      'ws://127.0.0.1:4000/ws?token=a%20b%26c',
    );
    expect(webSocketUrl('https://deck.example:8443/', 't')).toBe('wss://deck.example:8443/ws?token=t');
  });
});
