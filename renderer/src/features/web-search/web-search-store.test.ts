import { describe, expect, it } from 'vitest';
import { createClient } from '../../../../shared/ipc/client';
import { fail, ok } from '../../../../shared/ipc/result';
import type { WebSearchSettings } from '../../../../shared/types/web-search';
import { createFakeTransport } from '../../stores/fake-transport';
import { createWebSearchStore } from './web-search-store';

const stored: WebSearchSettings = {
  backend: 'duckduckgo',
  searxngUrl: null,
  braveKeySet: false,
  commandLine: null,
};

describe('the web search store', () => {
  it('loads, changes, and drops the last trial search when the settings change', async () => {
    let settings = stored;
    const fake = createFakeTransport({
      'search:settings': () => ok(settings),
      'search:update': (patch) => {
        settings = { ...settings, ...(patch as Partial<WebSearchSettings>) };
        return ok(settings);
      },
      'search:test': () =>
        ok({ ok: true, backend: 'duckduckgo', query: 'Skilldeck', results: [], message: 'ok', latencyMs: 5 }),
    });
    const store = createWebSearchStore(createClient(fake.transport));
    await store.getState().load();
    expect(store.getState().settings).toEqual(stored);
    await store.getState().tryIt();
    expect(store.getState().test).toMatchObject({ state: 'done', ok: true, backend: 'duckduckgo' });
    expect(fake.callsOf('search:test')).toEqual([{ channel: 'search:test', input: {} }]);
    expect(await store.getState().update({ backend: 'searxng' })).toBe(true);
    expect(store.getState()).toMatchObject({ settings: { backend: 'searxng' }, test: null, error: null });
  });

  it('a refused change keeps what was shown and says why', async () => {
    const fake = createFakeTransport({
      'search:settings': () => ok(stored),
      'search:update': () => fail('INVALID_INPUT', 'searxngUrl: an http(s) address is needed'),
    });
    const store = createWebSearchStore(createClient(fake.transport));
    await store.getState().load();
    expect(await store.getState().update({ searxngUrl: 'x' })).toBe(false);
    expect(store.getState()).toMatchObject({
      settings: stored,
      error: 'searxngUrl: an http(s) address is needed',
    });
  });
});
