// Brave's Search API: GET /res/v1/web/search?q=… with the key in `X-Subscription-Token`; web.results[]
// with url, title and description (which marks the query's words with <strong>). A key it refuses comes
// back as 401, or 422 SUBSCRIPTION_TOKEN_INVALID.
import { z } from 'zod';
import { SearchError, shortSaid } from './search-error';
import { searchRequest, statusError } from './search-http';
import { htmlText } from './html-text';
import { MAX_COUNT, type SearchResult } from './results';
import type { BackendSearch } from './backend';

export const BRAVE_URL = 'https://api.search.brave.com';

const Answer = z.object({
  web: z
    .object({
      results: z.array(
        z.looseObject({ url: z.string(), title: z.string().optional(), description: z.string().optional() }),
      ),
    })
    .optional(),
});

const ErrorAnswer = z.object({
  error: z.object({ code: z.string().optional(), detail: z.string().optional() }),
});

export const searchBrave: BackendSearch = async (query, options) => {
  if (!options.apiKey) throw new SearchError('noKey');
  const url = new URL('res/v1/web/search', withSlash(options.baseUrl ?? BRAVE_URL));
  url.searchParams.set('q', query);
  url.searchParams.set('count', String(MAX_COUNT));
  const response = await searchRequest({
    backend: 'brave',
    url,
    headers: { accept: 'application/json', 'x-subscription-token': options.apiKey },
    signal: options.signal,
    timeoutMs: options.timeoutMs,
  });
  if (response.status < 200 || response.status >= 300) {
    const said = errorDetail(response.text);
    const tokenRefused = response.status === 422 && /TOKEN|SUBSCRIPTION/i.test(said);
    if (response.status === 401 || response.status === 403 || tokenRefused)
      throw new SearchError('badKey', { status: response.status, said });
    throw statusError('brave', response, said);
  }
  let answer: z.infer<typeof Answer>;
  try {
    answer = Answer.parse(JSON.parse(response.text));
  } catch {
    throw new SearchError('badAnswer', { backend: 'Brave Search', what: 'no web.results list' });
  }
  return (answer.web?.results ?? []).map((r): SearchResult => ({
    title: htmlText(r.title ?? ''),
    url: r.url,
    snippet: htmlText(r.description ?? ''),
  }));
};

const withSlash = (base: string) => (base.endsWith('/') ? base : `${base}/`);

/** What Brave said about an error: its `error.detail` (and code), else the body's start. */
function errorDetail(text: string): string {
  try {
    const { error } = ErrorAnswer.parse(JSON.parse(text));
    return shortSaid([error.code, error.detail].filter(Boolean).join(': '));
  } catch {
    return shortSaid(text.slice(0, 300));
  }
}
