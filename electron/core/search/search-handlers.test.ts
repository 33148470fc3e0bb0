// Settings › Web search through a real core: the settings kept, the Brave key only in the secret store
// (never in SQLite, never sent back), "Try a search" against the local backends, the command line's choice.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { memorySecrets } from '../providers/test-support';
import { createTestCore, type TestCore } from '../test-support';
import { expectWordsSayMessage } from '../testing/error-words';
import { BRAVE_TEST_KEY, startSearchServer, type SearchServer } from '../testing/search-server';
import type { WebSearchOptions } from './web-search';

let server: SearchServer;
beforeAll(async () => {
  server = await startSearchServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

let t: TestCore | undefined;
afterEach(async () => {
  await t?.dispose();
  t = undefined;
});
const secrets = memorySecrets();
const open = (webSearch: WebSearchOptions = {}) => {
  secrets.values.clear();
  t = createTestCore({
    ports: { secrets },
    webSearch: { endpoints: { duckduckgo: server.url, brave: server.url }, timeoutMs: 3000, ...webSearch },
  });
  return t;
};
const call = async <T>(promise: Promise<{ ok: true; value: T } | { ok: false; error: unknown }>) => {
  const result = await promise;
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.value;
};

describe('search:settings / search:update', () => {
  it('starts with DuckDuckGo; keeps the backend and the SearXNG address across a restart', async () => {
    const { client } = open();
    expect(await call(client.request('search:settings', undefined))).toEqual({
      backend: 'duckduckgo',
      searxngUrl: null,
      braveKeySet: false,
      commandLine: null,
    });
    await call(
      client.request('search:update', { backend: 'searxng', searxngUrl: ' http://127.0.0.1:8888/ ' }),
    );
    t = t!.reopen();
    expect(await call(t.client.request('search:settings', undefined))).toMatchObject({
      backend: 'searxng',
      searxngUrl: 'http://127.0.0.1:8888/',
    });
  });

  it('refuses an address that is not http(s) or carries a password, naming the field', async () => {
    const { client } = open();
    for (const searxngUrl of [
      'searx.example.org',
      'ftp://searx.example.org',
      'https://me:pw@searx.example.org',
    ]) {
      const result = await client.request('search:update', { searxngUrl });
      expect(result.ok, searxngUrl).toBe(false);
      if (!result.ok) {
        expect(result.error.code).toBe('INVALID_INPUT');
        expect(result.error.message).toContain('searxngUrl');
      }
    }
  });

  it('the Brave key goes to the secret store only: said as set, never sent back, not in the database; null removes it', async () => {
    const { client, dataDir } = open();
    const set = await call(
      client.request('search:update', { backend: 'brave', braveKey: ` ${BRAVE_TEST_KEY} ` }),
    );
    expect(set).toMatchObject({ backend: 'brave', braveKeySet: true });
    expect(JSON.stringify(set)).not.toContain(BRAVE_TEST_KEY);
    expect(secrets.values.get('search:brave')).toBe(BRAVE_TEST_KEY);
    for (const file of fs.readdirSync(dataDir).filter((f) => f.startsWith('skilldeck.db')))
      expect(fs.readFileSync(path.join(dataDir, file)).includes(BRAVE_TEST_KEY), file).toBe(false);

    const tried = await call(client.request('search:test', { query: 'python' }));
    expect(tried).toMatchObject({ ok: true, backend: 'brave', query: 'python' });
    expect(server.requests[0]!.headers['x-subscription-token']).toBe(BRAVE_TEST_KEY);

    expect(await call(client.request('search:update', { braveKey: null }))).toMatchObject({
      braveKeySet: false,
    });
    expect(secrets.values.has('search:brave')).toBe(false);
  });
});

describe('search:test', () => {
  it('searches with the backend in force and answers the first three results', async () => {
    const { client } = open();
    await call(client.request('search:update', { backend: 'searxng', searxngUrl: server.searxngUrl }));
    const result = await call(client.request('search:test', {}));
    expect(server.requests.map((r) => [r.backend, r.params['q'], r.params['format']])).toEqual([
      ['searxng', 'Skilldeck', 'json'],
    ]);
    expect(result).toMatchObject({
      ok: true,
      backend: 'searxng',
      query: 'Skilldeck',
      message: 'ok',
      results: [
        { title: 'Welcome to Python.org', url: 'https://www.python.org/' },
        { title: 'The Python Tutorial — Python 3.13 documentation' },
        { title: 'Python (programming language) - Wikipedia' },
      ],
    });
  });

  it('a failure is an answer with the reason in words, not an error', async () => {
    const { client } = open();
    await call(client.request('search:update', { backend: 'searxng', searxngUrl: server.searxngUrl }));
    server.script('searxng', { kind: 'status', status: 403 });
    const result = await call(client.request('search:test', { query: 'x' }));
    expect(result).toMatchObject({ ok: false, backend: 'searxng', results: [] });
    expect(result.message).toContain('refused the JSON format (403)');
    expectWordsSayMessage(result.words, result.message);

    await call(client.request('search:update', { searxngUrl: null }));
    const none = await call(client.request('search:test', {}));
    expect(none).toMatchObject({ ok: false, words: { key: 'search.noUrl' } });
  });
});

describe('the command line over the settings', () => {
  it('is said by search:settings and used by searches; the settings stay as they were', async () => {
    const { client } = open({ backend: 'brave', apiKey: BRAVE_TEST_KEY });
    expect(await call(client.request('search:settings', undefined))).toEqual({
      backend: 'duckduckgo',
      searxngUrl: null,
      braveKeySet: false,
      commandLine: { backend: 'brave', url: null, keySet: true },
    });
    expect(await call(client.request('search:test', {}))).toMatchObject({ ok: true, backend: 'brave' });
    expect(server.requests.map((r) => r.backend)).toEqual(['brave']);
  });
});
