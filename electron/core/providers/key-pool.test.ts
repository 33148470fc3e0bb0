// A provider's pool of keys against the wire-format server, as OpenAI-compatible (Bearer) and Anthropic
// (x-api-key) providers: the first key refused (401), the second rate-limited (429 + Retry-After), the third
// answering. The clock is the test's own, advanced by hand: no sleeps.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectWordsSayMessage } from '../testing/error-words';
import { requestKey, startLlmServer, type LlmServer } from '../testing/llm-server';
import { ModelError, type ProviderKind, type StreamTextRequest } from './gateway';
import { createKeyPool } from './key-pool';
import { keySecretName, storedKeySource } from './key-sources';
import { createModelGateway } from './model-gateway';
import { memoryProviderStore, memorySecrets, providerFields } from './test-support';

let server: LlmServer;
beforeEach(async () => {
  server = await startLlmServer();
});
afterEach(async () => {
  await server.close();
});

const KEYS = { Work: 'sk-work-8f2c91d0aa', Personal: 'sk-personal-3b7e55c1', Team: 'sk-team-c40d2e99f1' };

/** A provider "main" of `kind` holding `labels`' keys in order, on a fresh in-memory database. */
function setup(kind: ProviderKind, labels: (keyof typeof KEYS)[], store = memoryProviderStore()) {
  const clock = { t: 1_700_000_000_000 };
  const secrets = memorySecrets();
  store.providers.save(
    'p1',
    providerFields({ kind, name: 'main', baseUrl: `${server.url}/v1`, defaultModel: 'm', isDefault: true }),
    1,
  );
  for (const label of labels) {
    const id = `key-${label.toLowerCase()}`;
    secrets.values.set(keySecretName('p1', id), KEYS[label]);
    store.keys.add('p1', { id, label, secretName: keySecretName('p1', id) }, 1);
  }
  const changes: string[] = [];
  const open = () => {
    const pool = createKeyPool({
      source: storedKeySource({ repo: store.keys, secrets, now: () => clock.t }),
      now: () => clock.t,
      onChange: (id) => changes.push(id),
    });
    const gateway = createModelGateway({
      providers: store.providers,
      keys: pool,
      ollama: { baseUrl: null },
      retryBaseDelayMs: 1,
      retryMaxDelayMs: 2,
      now: () => clock.t,
    });
    return { pool, gateway };
  };
  return { ...open(), clock, store, secrets, changes, reopen: open };
}

const request = (): StreamTextRequest => ({
  system: 's',
  messages: [{ role: 'user', content: 'hello' }],
  signal: new AbortController().signal,
  onToken: () => {},
});

/** The keys the server saw since request `from`, by label. */
const keysSeen = (from = 0) =>
  server.requests.slice(from).map((r) => Object.entries(KEYS).find(([, key]) => key === requestKey(r))?.[0]);

async function failure(promise: Promise<unknown>): Promise<ModelError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ModelError);
  return error as ModelError;
}

describe.each(['openai', 'openai-compatible', 'anthropic'] as const)('a pool of three keys (%s)', (kind) => {
  it('tells the caller of a 429 (a run lowers its limit) while the request moves on to the next key', async () => {
    const { gateway } = setup(kind, ['Work', 'Personal', 'Team']);
    server.refuseKeys({ [KEYS.Work]: [{ status: 429, retryAfter: '42' }] });
    const limited: { provider: string; sentAt: number }[] = [];
    const before = performance.now();
    const result = await gateway.streamText({ ...request(), onRateLimited: (info) => limited.push(info) });
    expect(result.text).toBe('hello');
    expect(keysSeen()).toEqual(['Work', 'Personal']);
    expect(limited).toEqual([{ provider: 'main', sentAt: expect.any(Number) as number }]);
    expect(limited[0]!.sentAt).toBeGreaterThanOrEqual(before);
  });

  it('moves past a refused and a rate-limited key at once, and keeps them aside', async () => {
    const { gateway, pool, clock, changes } = setup(kind, ['Work', 'Personal', 'Team']);
    server.refuseKeys({
      [KEYS.Work]: { status: 401, errorMessage: `Incorrect API key provided: ${KEYS.Work}` },
      [KEYS.Personal]: [{ status: 429, retryAfter: '42' }],
    });
    const retries: unknown[] = [];
    const first = await gateway.streamText({ ...request(), onRetry: (r) => retries.push(r) });
    expect(first.text).toBe('hello');
    expect(keysSeen()).toEqual(['Work', 'Personal', 'Team']);
    const header = kind === 'anthropic' ? 'x-api-key' : 'authorization';
    expect(server.requests.map((r) => r.headers[header])).toEqual(
      kind === 'anthropic'
        ? [KEYS.Work, KEYS.Personal, KEYS.Team]
        : [`Bearer ${KEYS.Work}`, `Bearer ${KEYS.Personal}`, `Bearer ${KEYS.Team}`],
    );
    expect(retries).toEqual([]); // no waiting: the next key at once
    expect(changes).toEqual(['p1', 'p1']);

    const health = await pool.health('p1');
    expect(health).toEqual([
      {
        id: 'key-work',
        label: 'Work',
        source: 'stored',
        health: { state: 'invalid', status: 401, reason: 'Incorrect API key provided: ***', since: clock.t },
      },
      {
        id: 'key-personal',
        label: 'Personal',
        source: 'stored',
        health: { state: 'cooling', until: clock.t + 42_000 },
      },
      { id: 'key-team', label: 'Team', source: 'stored', health: { state: 'ok' } },
    ]);
    expect(JSON.stringify(health)).not.toMatch(/sk-/);

    // the refused key is never tried again; the cooling one is skipped until its 42 s are over
    await gateway.streamText(request());
    clock.t += 41_000;
    await gateway.streamText(request());
    expect(keysSeen(3)).toEqual(['Team', 'Team']);
    clock.t += 1_000;
    await gateway.streamText(request());
    await gateway.streamText(request());
    await gateway.streamText(request());
    expect(keysSeen(5)).toEqual(['Personal', 'Team', 'Personal']);
    expect(keysSeen()).not.toContain(undefined);
    expect(keysSeen().filter((k) => k === 'Work')).toHaveLength(1);
  });

  it('says which keys and why when none is usable, then sends nothing until one is', async () => {
    const { gateway, clock } = setup(kind, ['Work', 'Personal']);
    server.refuseKeys({
      [KEYS.Work]: { status: 401 },
      [KEYS.Personal]: [{ status: 429, retryAfter: '42' }],
    });
    const error = await failure(gateway.streamText(request()));
    expect(error.message).toBe(
      'every key of "main" is unusable — Work: invalid (401), Personal: cooling down for 42 s; try again in 42 s, or edit the invalid keys in Settings',
    );
    expectWordsSayMessage(error.details.words, error.message);
    expect(error.details).toMatchObject({ status: 429, retryAfterMs: 42_000 });
    expect(keysSeen()).toEqual(['Work', 'Personal']);

    // still longer than the gateway waits for a key (30 s): said at once, nothing sent
    clock.t += 10_000;
    const later = await failure(gateway.streamText(request()));
    expect(later.message).toContain(
      'Work: invalid (401), Personal: cooling down for 32 s; try again in 32 s',
    );
    expect(server.requests).toHaveLength(2);

    clock.t += 32_000;
    expect((await gateway.streamText(request())).text).toBe('hello');
    expect(keysSeen(2)).toEqual(['Personal']);
  });
});

describe('what counts against a key', () => {
  it('a Retry-After date, or none (60 s), sets the cool-down', async () => {
    const { gateway, pool, clock } = setup('openai-compatible', ['Work', 'Personal', 'Team']);
    clock.t = Date.parse('2026-11-25T10:00:00Z');
    server.refuseKeys({
      [KEYS.Work]: [{ status: 429, retryAfter: new Date(clock.t + 90_000).toUTCString() }],
      [KEYS.Personal]: [{ status: 429 }],
    });
    await gateway.streamText(request());
    expect((await pool.health('p1')).map((k) => k.health)).toEqual([
      { state: 'cooling', until: clock.t + 90_000 },
      { state: 'cooling', until: clock.t + 60_000 },
      { state: 'ok' },
    ]);
  });

  it('a 403 sets the key aside like a 401, with the provider’s words', async () => {
    const { gateway, pool } = setup('anthropic', ['Work', 'Team']);
    server.refuseKeys({ [KEYS.Work]: { status: 403, errorMessage: 'This key may not use this model.' } });
    await gateway.streamText(request());
    expect((await pool.health('p1'))[0]!.health).toMatchObject({
      state: 'invalid',
      status: 403,
      reason: 'This key may not use this model.',
    });
  });

  it('a server error or a broken connection is not the key’s fault: retried on the same key, which stays usable', async () => {
    const { gateway, pool, changes } = setup('openai-compatible', ['Work', 'Personal']);
    server.script({ status: 503 }, { chunks: ['x'], disconnectAfterChunks: 0 }, { text: 'fine' });
    const retries: number[] = [];
    const result = await gateway.streamText({ ...request(), onRetry: (r) => retries.push(r.attempt) });
    expect(result.text).toBe('fine');
    expect(retries).toEqual([1, 2]);
    expect(keysSeen()).toEqual(['Work', 'Work', 'Work']);
    expect((await pool.health('p1')).map((k) => k.health.state)).toEqual(['ok', 'ok']);
    expect(changes).toEqual([]);
    // and the next request takes the next key in turn
    await gateway.streamText(request());
    expect(keysSeen(3)).toEqual(['Personal']);
  });

  it('a refusal outlives a restart, a cool-down does not; an edit puts the key back in use', async () => {
    const first = setup('openai-compatible', ['Work', 'Personal', 'Team']);
    server.refuseKeys({
      [KEYS.Work]: [{ status: 401 }],
      [KEYS.Personal]: [{ status: 429, retryAfter: '600' }],
    });
    await first.gateway.streamText(request());

    const restarted = first.reopen();
    expect((await restarted.pool.health('p1')).map((k) => k.health.state)).toEqual(['invalid', 'ok', 'ok']);
    await restarted.gateway.streamText(request());
    await restarted.gateway.streamText(request());
    expect(keysSeen(3)).toEqual(['Personal', 'Team']);

    first.store.keys.edit('key-work', undefined, first.clock.t);
    restarted.pool.reset('p1', 'key-work');
    await restarted.gateway.streamText(request());
    expect(keysSeen(5)).toEqual(['Work']);
  });

  it('a key missing from the secret store is skipped; with none held the provider "has no API key"', async () => {
    const { gateway, pool, secrets } = setup('openai-compatible', ['Work', 'Team']);
    secrets.values.delete(keySecretName('p1', 'key-work'));
    await gateway.streamText(request());
    expect(keysSeen()).toEqual(['Team']);
    expect((await pool.health('p1')).map((k) => k.health.state)).toEqual(['missing', 'ok']);
    secrets.values.clear();
    const error = await failure(gateway.streamText(request()));
    expect(error.message).toBe('provider "main" has no API key — add it in Settings');
  });
});

describe('a provider saved before pools', () => {
  it('has its one key adopted as "Key 1" where it already is, with no user action', async () => {
    const store = memoryProviderStore();
    const { gateway, pool, secrets } = setup('openai-compatible', [], store);
    secrets.values.set('provider:p1', KEYS.Work);
    expect(await pool.health('p1')).toEqual([
      { id: expect.any(String), label: 'Key 1', source: 'stored', health: { state: 'ok' } },
    ]);
    expect(store.keys.list('p1')).toMatchObject([{ label: 'Key 1', secretName: 'provider:p1', position: 1 }]);
    await gateway.streamText(request());
    expect(keysSeen()).toEqual(['Work']);
    // adopted once: a second look adds nothing
    await pool.health('p1');
    expect(store.keys.list('p1')).toHaveLength(1);
  });
});
