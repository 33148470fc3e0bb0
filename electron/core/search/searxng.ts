// A SearXNG instance, any address (a localhost one too): `/search?q=…&format=json`, results[] with url,
// title and content. Instances serve only HTML unless `json` is among their `search.formats`: they answer
// 403 then, which is said as such.
import { z } from 'zod';
import { SearchError, shortSaid } from './search-error';
import { searchRequest, statusError } from './search-http';
import { htmlText } from './html-text';
import { oneLine, type SearchResult } from './results';
import type { BackendSearch } from './backend';

const Answer = z.object({
  results: z.array(
    z.looseObject({
      url: z.string().optional(),
      title: z.string().optional(),
      content: z.string().nullish(),
    }),
  ),
  unresponsive_engines: z.array(z.array(z.unknown())).optional(),
});

/** The instance's search endpoint: `<base>/search`, also when the base already names it. */
export function searxngSearchUrl(base: string): URL {
  const url = new URL(base);
  url.search = '';
  url.hash = '';
  if (!/\/search\/?$/.test(url.pathname)) url.pathname = `${url.pathname.replace(/\/+$/, '')}/search`;
  return url;
}

export const searchSearxng: BackendSearch = async (query, options) => {
  if (!options.baseUrl) throw new SearchError('noUrl');
  const url = searxngSearchUrl(options.baseUrl);
  url.searchParams.set('q', query);
  url.searchParams.set('format', 'json');
  const response = await searchRequest({
    backend: 'searxng',
    url,
    headers: { accept: 'application/json' },
    signal: options.signal,
    timeoutMs: options.timeoutMs,
  });
  if (response.status === 403) throw new SearchError('jsonDisabled', { url: url.origin + url.pathname });
  if (response.status < 200 || response.status >= 300)
    throw statusError('searxng', response, shortSaid(htmlText(response.text.slice(0, 2000))));
  let answer: z.infer<typeof Answer>;
  try {
    answer = Answer.parse(JSON.parse(response.text));
  } catch {
    const what = /^\s*</.test(response.text) ? 'an HTML page, not JSON' : 'JSON without a results list';
    throw new SearchError('badAnswer', { backend: 'SearXNG', what });
  }
  const results: SearchResult[] = answer.results.flatMap((r) =>
    r.url ? [{ title: oneLine(r.title ?? ''), url: r.url, snippet: oneLine(r.content ?? '') }] : [],
  );
  const silent = (answer.unresponsive_engines ?? []).map((e) => e.map(String).join(': '));
  if (results.length === 0 && silent.length > 0)
    throw new SearchError('enginesFailed', { engines: silent.join(', ') });
  return results;
};
