// What every backend's answer becomes: results with a title, an http(s) address and a snippet; the same
// page once (addresses compared normalised); kept to the domains allowed; numbered Markdown for the model.

export interface SearchResult {
  title: string;
  url: string;
  snippet: string;
}

/** `count` when the model gives none, and the most it may ask for. */
export const DEFAULT_COUNT = 5;
export const MAX_COUNT = 20;

/** Query parameters that only say where a click came from: the same page without them. */
const TRACKING = /^(utm_[a-z]+|fbclid|gclid|msclkid|mc_[a-z]+|ref_src)$/i;

/**
 * The key two addresses of the same page share: scheme (http/https), `www.`, a trailing slash, the
 * fragment, tracking parameters and the order of the others aside. undefined: not an http(s) address.
 */
export function pageKey(raw: string): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  const host = url.hostname
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^www\./, '');
  const port = url.port && url.port !== '80' && url.port !== '443' ? `:${url.port}` : '';
  let pathname = url.pathname.replace(/\/+$/, '');
  try {
    pathname = decodeURI(pathname);
  } catch {
    // a broken escape: compared as written
  }
  const params = [...url.searchParams].filter(([name]) => !TRACKING.test(name)).sort(compareParams);
  const query = params.length > 0 ? `?${new URLSearchParams(params).toString()}` : '';
  return `${host}${port}${pathname}${query}`;
}

const compareParams = (a: [string, string], b: [string, string]) =>
  a[0] === b[0] ? (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0) : a[0] < b[0] ? -1 : 1;

/** The results with an http(s) address, each page once (the first, best-ranked one kept). */
export function distinctResults(results: readonly SearchResult[]): SearchResult[] {
  const seen = new Set<string>();
  const kept: SearchResult[] = [];
  for (const result of results) {
    const key = pageKey(result.url);
    if (key === undefined || seen.has(key)) continue;
    seen.add(key);
    kept.push(result);
  }
  return kept;
}

export const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** A title inside `[…]` of a Markdown link. */
const linkText = (text: string) => text.replace(/([\\[\]])/g, '\\$1');
/** An address inside `(…)` of a Markdown link: spaces and parentheses escaped. */
const linkTarget = (url: string) =>
  url.replace(/[()\s]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);

/** `Search results:\n\n1. [title](url)\n   snippet` — numbered Markdown links, a blank line between. */
export function formatResults(results: readonly SearchResult[], notes: readonly string[] = []): string {
  const items = results.map((r, i) => {
    const title = linkText(r.title || r.url);
    const head = `${i + 1}. [${title}](${linkTarget(r.url)})`;
    return r.snippet ? `${head}\n   ${r.snippet}` : head;
  });
  return ['Search results:', items.join('\n\n'), ...notes].filter(Boolean).join('\n\n');
}
