// DuckDuckGo without a key: its HTML page (POST q=… to /html/), read with linkedom. Result links go through
// its redirect (`//duckduckgo.com/l/?uddg=<the address>`), unwrapped here; ads (`result--ad`, y.js links)
// are skipped. A CAPTCHA ("anomaly") page instead of results says so.
import { parseHTML } from 'linkedom';
import { SearchError } from './search-error';
import { searchRequest, statusError } from './search-http';
import { htmlText } from './html-text';
import type { SearchResult } from './results';
import type { BackendSearch } from './backend';

export const DUCKDUCKGO_URL = 'https://html.duckduckgo.com';

export const searchDuckDuckGo: BackendSearch = async (query, options) => {
  const base = new URL(options.baseUrl ?? DUCKDUCKGO_URL);
  const url = new URL('html/', base.href.endsWith('/') ? base : `${base.href}/`);
  const response = await searchRequest({
    backend: 'duckduckgo',
    url,
    method: 'POST',
    form: { q: query },
    headers: { accept: 'text/html', 'accept-language': 'en;q=0.9, *;q=0.5' },
    signal: options.signal,
    timeoutMs: options.timeoutMs,
  });
  // linkedom needs a root element: a bare text answer (a proxy's "Too Many Requests") gets one
  const { document } = parseHTML(
    /<html[\s>]/i.test(response.text)
      ? response.text
      : `<!doctype html><html><body>${response.text}</body></html>`,
  );
  // the challenge page comes with 202 (or 403) and a form that posts to anomaly.js
  if (
    document.querySelector('#challenge-form, .anomaly-modal, form[action*="anomaly"]') ||
    (response.status === 202 && !document.querySelector('.result'))
  )
    throw new SearchError('blocked');
  if (response.status < 200 || response.status >= 300)
    throw statusError('duckduckgo', response, htmlText(document.title || response.text.slice(0, 300)));
  if (!document.querySelector('.results, #links, .result, .no-results, .result--no-result'))
    throw new SearchError('badAnswer', { backend: 'DuckDuckGo', what: 'a page without a results list' });
  const results: SearchResult[] = [];
  for (const item of document.querySelectorAll('.result')) {
    if (item.classList.contains('result--ad') || item.classList.contains('result--no-result')) continue;
    const link = item.querySelector('a.result__a');
    const href = link?.getAttribute('href');
    if (!link || !href) continue;
    const target = unwrap(href, url);
    if (target === undefined) continue;
    const snippet = item.querySelector('.result__snippet');
    results.push({
      title: htmlText(link.innerHTML),
      url: target,
      snippet: snippet ? htmlText(snippet.innerHTML) : '',
    });
  }
  return results;
};

/**
 * The address a result link leads to: the `uddg` parameter of DuckDuckGo's `/l/` redirect, or the link
 * itself when it is direct; undefined for an ad's or any other DuckDuckGo-internal link.
 */
export function unwrap(href: string, page: URL): string | undefined {
  let link: URL;
  try {
    link = new URL(href, page);
  } catch {
    return undefined;
  }
  const target = link.pathname === '/l/' || link.pathname === '/l' ? link.searchParams.get('uddg') : null;
  if (target !== null) {
    try {
      const url = new URL(target);
      return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
    } catch {
      return undefined;
    }
  }
  const internal = link.hostname.endsWith('duckduckgo.com') || link.host === page.host;
  if (internal || (link.protocol !== 'http:' && link.protocol !== 'https:')) return undefined;
  return link.href;
}
