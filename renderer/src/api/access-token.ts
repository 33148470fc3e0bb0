export const TOKEN_STORAGE_KEY = 'skilldeck.accessToken';

/** The parts of the page the token lives in, passed in so the logic runs without a DOM. */
export interface TokenPlace {
  href: string;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  history: Pick<History, 'replaceState' | 'state'>;
}

/**
 * The access token of `skilldeck serve`: taken from `?token=` (then kept in sessionStorage and removed
 * from the address bar, so it does not end up in bookmarks or screenshots), else from sessionStorage.
 */
export function takeAccessToken(place: TokenPlace): string | null {
  const url = new URL(place.href);
  const fromUrl = url.searchParams.get('token');
  if (fromUrl) {
    try {
      place.storage.setItem(TOKEN_STORAGE_KEY, fromUrl);
    } catch {
      // storage disabled: leave the token in the URL, or a reload would lock the user out
      return fromUrl;
    }
    url.searchParams.delete('token');
    place.history.replaceState(place.history.state, '', url.pathname + url.search + url.hash);
    return fromUrl;
  }
  try {
    return place.storage.getItem(TOKEN_STORAGE_KEY) || null;
  } catch {
    return null;
  }
}

/** `ws(s)://<same host>/ws?token=…`: the headless host serves the page and the socket together. */
export function webSocketUrl(href: string, token: string): string {
  const page = new URL(href);
  const scheme = page.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${page.host}/ws?token=${encodeURIComponent(token)}`;
}
