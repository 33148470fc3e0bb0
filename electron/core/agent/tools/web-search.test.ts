// The WebSearch tool over the search in force (settings, secret store, command line) against the local
// backends: the answer's format, deduplication, the count, the domain filters, errors as results.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SearchBackend } from '../../../../shared/types/web-search';
import { createWebSearch, type WebSearchOptions } from '../../search/web-search';
import {
  BRAVE_TEST_KEY,
  FIXTURE_RESULTS,
  startSearchServer,
  type SearchServer,
} from '../../testing/search-server';
import { run, targetOf, tempWorkdir } from './test-support';
import { createWebSearchTool } from './web-search';

let server: SearchServer;
beforeAll(async () => {
  server = await startSearchServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});
const w = tempWorkdir();
afterAll(() => w.cleanup());

/** A tool over these settings and secrets (DuckDuckGo and Brave at the local server). */
function toolWith(
  stored: { backend?: SearchBackend; searxngUrl?: string | null; braveKey?: string } = {},
  options: WebSearchOptions = {},
) {
  const values: Record<string, unknown> = {
    'search.backend': stored.backend ?? 'duckduckgo',
    'search.searxngUrl': stored.searxngUrl ?? null,
  };
  const search = createWebSearch({
    settings: { get: ((key: string) => values[key]) as never },
    secrets: { get: async (name) => (name === 'search:brave' ? (stored.braveKey ?? null) : null) },
    options: { endpoints: { duckduckgo: server.url, brave: server.url }, timeoutMs: 3000, ...options },
  });
  return createWebSearchTool(search);
}

describe('WebSearch', () => {
  it('answers numbered Markdown links with snippets, the same page once, 5 by default', async () => {
    const result = await run(toolWith(), { query: '  python   tutorial ' }, w.ctx());
    expect(server.requests[0]!.params).toEqual({ q: 'python tutorial' });
    expect(result.isError).toBeUndefined();
    const distinct = FIXTURE_RESULTS.filter((r) => !r.url.startsWith('http://python.org/'));
    const expected = distinct
      .slice(0, 5)
      .map(
        (r, i) =>
          `${i + 1}. [${r.title.replace(/[[\]]/g, '\\$&')}](${r.url.replace(/[()]/g, (c) => (c === '(' ? '%28' : '%29'))})\n   ${r.snippet}`,
      )
      .join('\n\n');
    expect(result.output).toBe(`Search results:\n\n${expected}`);
    expect(result.summary).toBe('Search "python tutorial" (5 results, DuckDuckGo)');
  });

  it('count picks how many, and is capped at 20', async () => {
    const many = Array.from({ length: 30 }, (_, i) => ({
      title: `Page ${i + 1}`,
      url: `https://site${i + 1}.example/`,
      snippet: `snippet ${i + 1}`,
    }));
    server.script('duckduckgo', { kind: 'results', results: many }, { kind: 'results', results: many });
    expect((await run(toolWith(), { query: 'x', count: 2 }, w.ctx())).output).toBe(
      'Search results:\n\n1. [Page 1](https://site1.example/)\n   snippet 1\n\n2. [Page 2](https://site2.example/)\n   snippet 2',
    );
    const capped = await run(toolWith(), { query: 'x', count: 500 }, w.ctx());
    expect(capped.output.match(/^\d+\. \[/gm)).toHaveLength(20);
    expect(capped.output).toContain('20. [Page 20]');
  });

  it('the permission rules’ scope and the model’s own allowed_domains / blocked_domains filter the results, said in a note', async () => {
    const scoped = await run(
      toolWith(),
      { query: 'python', count: 20 },
      w.ctx({
        searchScope: () => ({ only: ['domain:docs.python.org', 'domain:*.wikipedia.org'], never: [] }),
      }),
    );
    expect(scoped.output.match(/\]\((.*?)\)/g)).toEqual([
      '](https://docs.python.org/3/tutorial/index.html)',
      '](https://en.wikipedia.org/wiki/Python_%28programming_language%29)',
    ]);
    expect(scoped.output).toMatch(/\n\n\(4 results from domains not allowed here left out\)$/);

    const own = await run(
      toolWith(),
      { query: 'python', count: 20, allowed_domains: ['python.org'], blocked_domains: ['docs.python.org'] },
      w.ctx({ searchScope: () => ({ only: null, never: ['domain:pypi.org'] }) }),
    );
    expect(own.output).toContain('1. [Welcome to Python.org](https://www.python.org/)');
    expect(own.output.match(/^\d+\. /gm)).toHaveLength(1);

    const none = await run(
      toolWith(),
      { query: 'python' },
      w.ctx({ searchScope: () => ({ only: ['domain:nowhere.example'], never: [] }) }),
    );
    expect(none.isError).toBeUndefined();
    expect(none.output).toBe(
      'No results for "python" (DuckDuckGo).\n\n(6 results from domains not allowed here left out)',
    );
  });

  it('searches with the backend in force: SearXNG from the settings, Brave with the stored key, the command line over both', async () => {
    await run(toolWith({ backend: 'searxng', searxngUrl: server.searxngUrl }), { query: 'a' }, w.ctx());
    await run(toolWith({ backend: 'brave', braveKey: BRAVE_TEST_KEY }), { query: 'b' }, w.ctx());
    const cli = toolWith(
      { backend: 'duckduckgo' },
      { backend: 'brave', url: server.url, apiKey: BRAVE_TEST_KEY },
    );
    const last = await run(cli, { query: 'c' }, w.ctx());
    expect(server.requests.map((r) => [r.backend, r.params['q']])).toEqual([
      ['searxng', 'a'],
      ['brave', 'b'],
      ['brave', 'c'],
    ]);
    expect(last.summary).toBe('Search "c" (5 results, Brave Search)');
  });

  it('a failing backend is an error result saying why, never a throw', async () => {
    server.script('duckduckgo', { kind: 'captcha' });
    const blocked = await run(toolWith(), { query: 'python' }, w.ctx());
    expect(blocked).toMatchObject({ isError: true, summary: 'Search "python" (failed)' });
    expect(blocked.output).toMatch(/^searching failed: DuckDuckGo answered with a CAPTCHA/);
    const noKey = await run(toolWith({ backend: 'brave' }), { query: 'python' }, w.ctx());
    expect(noKey.output).toBe(
      'searching failed: no Brave Search API key is stored — add it in Settings › Web search (or --search-key-env)',
    );
  });

  it('an empty query is refused before anything is asked', async () => {
    expect(await targetOf(toolWith(), { query: '   ' }, w.ctx())).toMatchObject({
      error: 'the search query is empty: say what to search for',
    });
  });
});
