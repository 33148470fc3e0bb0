// The three backends against a local server answering in each one's real shape (testing/search-server.ts):
// what is sent (query, format=json, the token header), what is read back, and each failure in words.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectWordsSayMessage } from '../testing/error-words';
import {
  BRAVE_TEST_KEY,
  FIXTURE_RESULTS,
  startSearchServer,
  type SearchServer,
} from '../testing/search-server';
import { searchBrave } from './brave';
import { searchDuckDuckGo, unwrap } from './duckduckgo';
import { SearchError } from './search-error';
import { searchSearxng, searxngSearchUrl } from './searxng';

let server: SearchServer;
beforeAll(async () => {
  server = await startSearchServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

const signal = new AbortController().signal;
const opts = (extra: { baseUrl?: string; apiKey?: string; timeoutMs?: number } = {}) => ({
  baseUrl: server.url,
  signal,
  timeoutMs: 5000,
  ...extra,
});

/** The SearchError a promise rejects with, its words checked against the dashboard's English. */
async function failure(promise: Promise<unknown>): Promise<SearchError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SearchError);
  const searchError = error as SearchError;
  expectWordsSayMessage(searchError.words, searchError.message);
  return searchError;
}

const fixtureUrls = FIXTURE_RESULTS.map((r) => r.url);

describe('DuckDuckGo (HTML page)', () => {
  it('posts q to /html/ and reads the results: titles and snippets as text, redirect links unwrapped, the ad left out', async () => {
    const results = await searchDuckDuckGo('python tutorial', opts());
    expect(server.requests).toMatchObject([
      {
        backend: 'duckduckgo',
        method: 'POST',
        path: '/html/',
        params: { q: 'python tutorial' },
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      },
    ]);
    expect(results.map((r) => r.url)).toEqual(fixtureUrls.map((u) => new URL(u).href));
    expect(results[1]).toEqual({
      title: 'The Python Tutorial — Python 3.13 documentation',
      url: 'https://docs.python.org/3/tutorial/index.html',
      snippet: FIXTURE_RESULTS[1]!.snippet,
    });
    expect(results.some((r) => /Buy|y\.js/.test(r.title + r.url))).toBe(false);
  });

  it('a page with no results is an empty list', async () => {
    server.script('duckduckgo', { kind: 'results', results: [] });
    expect(await searchDuckDuckGo('qwzxv nothing', opts())).toEqual([]);
  });

  it('the CAPTCHA ("anomaly") page is said as blocked, naming the other backends', async () => {
    server.script('duckduckgo', { kind: 'captcha' });
    const error = await failure(searchDuckDuckGo('python', opts()));
    expect(error.kind).toBe('blocked');
    expect(error.message).toMatch(/CAPTCHA.*choose SearXNG or Brave Search in Settings › Web search/);
  });

  it('429 says when to try again (Retry-After), 5xx a server error, 403 a refusal', async () => {
    server.script(
      'duckduckgo',
      { kind: 'status', status: 429, headers: { 'retry-after': '30' } },
      { kind: 'status', status: 503 },
      { kind: 'status', status: 403, body: '<html><title>Forbidden</title></html>' },
    );
    expect((await failure(searchDuckDuckGo('a', opts()))).message).toBe(
      'DuckDuckGo is rate-limiting searches (429) — try again in 30 s',
    );
    expect((await failure(searchDuckDuckGo('a', opts()))).kind).toBe('serverError');
    expect((await failure(searchDuckDuckGo('a', opts()))).message).toBe(
      'DuckDuckGo refused the search (403): Forbidden',
    );
  });

  it('gives up after its timeout, and says so', async () => {
    server.script('duckduckgo', { kind: 'hang' });
    const started = Date.now();
    const error = await failure(searchDuckDuckGo('slow', opts({ timeoutMs: 300 })));
    expect(error.message).toBe('DuckDuckGo did not answer within 0.3 s — try again later');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('a cancelled run stops the request and is not reported as the backend’s fault', async () => {
    server.script('duckduckgo', { kind: 'hang' });
    const cancel = new AbortController();
    const search = searchDuckDuckGo('slow', { ...opts(), signal: cancel.signal });
    setTimeout(() => cancel.abort(), 50);
    await expect(search).rejects.not.toBeInstanceOf(SearchError);
  });

  it('an address nothing listens on is unreachable, naming it', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await failure(searchDuckDuckGo('a', opts({ baseUrl: `http://127.0.0.1:${port}` })));
    expect(error.message).toBe(
      `cannot reach DuckDuckGo at http://127.0.0.1:${port} (ECONNREFUSED) — check the address and your network`,
    );
  });

  it('unwraps only result links: the uddg redirect or a direct page, never DuckDuckGo’s own or non-web ones', () => {
    const page = new URL('https://html.duckduckgo.com/html/');
    expect(unwrap('//duckduckgo.com/l/?uddg=https%3A%2F%2Fa.example%2Fx%3Fy%3D1&rut=z', page)).toBe(
      'https://a.example/x?y=1',
    );
    expect(unwrap('https://b.example/page', page)).toBe('https://b.example/page');
    expect(unwrap('https://duckduckgo.com/y.js?ad_domain=x', page)).toBeUndefined();
    expect(unwrap('/html/?q=next', page)).toBeUndefined();
    expect(unwrap('//duckduckgo.com/l/?uddg=javascript%3Aalert(1)', page)).toBeUndefined();
    expect(unwrap('javascript:alert(1)', page)).toBeUndefined();
  });
});

describe('SearXNG (JSON API)', () => {
  it('asks <instance>/search?q=…&format=json and reads results[] (url, title, content)', async () => {
    const results = await searchSearxng('python tutorial', opts({ baseUrl: server.searxngUrl }));
    expect(server.requests).toMatchObject([
      {
        backend: 'searxng',
        method: 'GET',
        path: '/searx/search',
        params: { q: 'python tutorial', format: 'json' },
        headers: { accept: 'application/json' },
      },
    ]);
    expect(results).toEqual(FIXTURE_RESULTS);
  });

  it('finds the endpoint whether the address ends in /, /search or neither', () => {
    expect(searxngSearchUrl('https://searx.example/').href).toBe('https://searx.example/search');
    expect(searxngSearchUrl('https://e.example/searx/').href).toBe('https://e.example/searx/search');
    expect(searxngSearchUrl('https://e.example/searx/search?q=old#x').href).toBe(
      'https://e.example/searx/search',
    );
  });

  it('403 means JSON is off on that instance, and says how to turn it on', async () => {
    server.script('searxng', { kind: 'status', status: 403 });
    const error = await failure(searchSearxng('a', opts({ baseUrl: server.searxngUrl })));
    expect(error.kind).toBe('jsonDisabled');
    expect(error.message).toContain(`${server.searxngUrl}/search refused the JSON format (403)`);
    expect(error.message).toContain('add json to search.formats in its settings.yml');
  });

  it('an HTML page instead of JSON, engines that all failed, a 429 without Retry-After: each said', async () => {
    server.script(
      'searxng',
      { kind: 'status', status: 200, headers: { 'content-type': 'text/html' }, body: '<!doctype html><p>hi' },
      { kind: 'engines-down' },
      { kind: 'status', status: 429 },
    );
    const base = opts({ baseUrl: server.searxngUrl });
    expect((await failure(searchSearxng('a', base))).message).toBe(
      'SearXNG answered with something that is not a list of results (an HTML page, not JSON)',
    );
    expect((await failure(searchSearxng('a', base))).message).toBe(
      'the SearXNG instance found nothing because its engines did not answer (brave: timeout, duckduckgo: CAPTCHA) — try again later',
    );
    expect((await failure(searchSearxng('a', base))).message).toBe(
      'SearXNG is rate-limiting searches (429) — try again later',
    );
  });

  it('without an instance address it says where to give one, and asks nothing', async () => {
    const error = await failure(searchSearxng('a', opts({ baseUrl: undefined })));
    expect(error.kind).toBe('noUrl');
    expect(server.requests).toEqual([]);
  });
});

describe('Brave Search API', () => {
  it('sends the key in X-Subscription-Token and reads web.results[] (description’s <strong> as text)', async () => {
    const results = await searchBrave('python tutorial', opts({ apiKey: BRAVE_TEST_KEY }));
    expect(server.requests).toMatchObject([
      {
        backend: 'brave',
        method: 'GET',
        path: '/res/v1/web/search',
        params: { q: 'python tutorial', count: '20' },
        headers: { 'x-subscription-token': BRAVE_TEST_KEY, accept: 'application/json' },
      },
    ]);
    expect(results).toEqual(FIXTURE_RESULTS);
  });

  it('a key it refuses (422 SUBSCRIPTION_TOKEN_INVALID, 401) is a bad key, with what Brave said', async () => {
    server.script('brave', {
      kind: 'status',
      status: 401,
      headers: { 'content-type': 'application/json' },
      body: '{"error":{"code":"UNAUTHORIZED","detail":"Missing token."}}',
    });
    expect((await failure(searchBrave('a', opts({ apiKey: 'wrong' })))).message).toBe(
      'Brave Search refused the API key (401) — check the key in Settings › Web search: UNAUTHORIZED: Missing token.',
    );
    const error = await failure(searchBrave('a', opts({ apiKey: 'wrong' })));
    expect(error.kind).toBe('badKey');
    expect(error.message).toContain('(422)');
    expect(error.message).toContain(
      'SUBSCRIPTION_TOKEN_INVALID: The provided subscription token is invalid.',
    );
  });

  it('429 with Retry-After says when to try again', async () => {
    server.script('brave', {
      kind: 'status',
      status: 429,
      headers: { 'retry-after': '2', 'content-type': 'application/json' },
      body: '{"type":"ErrorResponse","error":{"code":"RATE_LIMITED","detail":"Request rate limit exceeded for plan.","status":429}}',
    });
    expect((await failure(searchBrave('a', opts({ apiKey: BRAVE_TEST_KEY })))).message).toBe(
      'Brave Search is rate-limiting searches (429) — try again in 2 s',
    );
  });

  it('without a key it says where to add one, and asks nothing', async () => {
    expect((await failure(searchBrave('a', opts()))).kind).toBe('noKey');
    expect(server.requests).toEqual([]);
  });
});
