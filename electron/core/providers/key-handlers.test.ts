// A provider's pool through the contract, as the dashboard reaches it: keys added with labels, edited and
// removed; health after runs and connection tests; and nothing that crosses IPC — answers, errors,
// events — ever carrying a key.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Provider } from '../../../shared/types/provider';
import { createMemoryPorts } from '../memory-ports';
import { createModelTestCore, createTestCore, type TestCore } from '../test-support';
import { expectWordsSayMessage } from '../testing/error-words';
import { startLlmServer, type LlmServer } from '../testing/llm-server';
import { keySecretName, providerSecretName } from './key-sources';
import { memorySecrets } from './test-support';

const WORK = 'sk-work-Q7mZ20cd81';
const PERSONAL = 'sk-personal-Lr55XvT0';

let server: LlmServer;
let t: TestCore;
let ports: ReturnType<typeof createMemoryPorts>;
/** The secret store the core keeps keys in (its values readable by the test). */
let secrets: ReturnType<typeof memorySecrets>;
/** Every answer, error and event that crossed the in-memory transport. */
let crossed: unknown[];
beforeEach(async () => {
  server = await startLlmServer();
  secrets = memorySecrets();
  ports = Object.assign(createMemoryPorts(), { secrets });
  t = createModelTestCore(ports);
  crossed = [];
  t.client.on('providers:changed', (payload) => crossed.push({ event: 'providers:changed', payload }));
  t.client.on('runs:event', (payload) => crossed.push(payload));
});
afterEach(async () => {
  await t.dispose();
  await server.close();
});

/** A contract call whose whole envelope (value or error) is kept to be searched for keys. */
async function call<C extends Parameters<TestCore['client']['request']>[0]>(
  channel: C,
  input: Parameters<TestCore['client']['request']>[1],
) {
  const result = await t.client.request(channel, input as never);
  crossed.push(result);
  return result;
}

async function addProvider(): Promise<Provider> {
  const result = await call('providers:save', {
    kind: 'openai-compatible',
    name: 'work',
    baseUrl: `${server.url}/v1`,
    defaultModel: 'm',
  });
  if (!result.ok) throw new Error(result.error.message);
  return result.value as Provider;
}

async function runOnce() {
  t.writeSkill('tidy', '---\nname: tidy\ndescription: Tidies text.\n---\nTidy this.\n');
  await t.core.skills.ready();
  const started = await call('runs:start', { skillId: 'tidy', input: 'x' });
  if (!started.ok) throw new Error(started.error.message);
  const { runId } = started.value as { runId: string };
  await t.core.executor.settled(runId);
  return call('runs:get', { runId });
}

describe('a pool of keys through the contract', () => {
  it('adds labelled keys, shows their health after a failing run, and never lets a key out', async () => {
    const provider = await addProvider();
    expect(provider.keys).toEqual([]);
    const work = await call('providers:addKey', {
      providerId: provider.id,
      label: 'Work',
      key: ` ${WORK}\n`,
    });
    const both = await call('providers:addKey', {
      providerId: provider.id,
      label: 'Personal',
      key: PERSONAL,
    });
    expect(both).toMatchObject({
      ok: true,
      value: {
        hasKey: true,
        keys: [
          { label: 'Work', source: 'stored', health: { state: 'ok' } },
          { label: 'Personal', source: 'stored', health: { state: 'ok' } },
        ],
      },
    });
    const [workKey] = (work.ok ? (work.value as Provider) : provider).keys;
    // the pasted spaces and line break are not part of the key
    expect(await ports.secrets.get(keySecretName(provider.id, workKey!.id))).toBe(WORK);

    server.refuseKeys({ [WORK]: { status: 401, errorMessage: `Incorrect API key provided: ${WORK}` } });
    server.script({ text: 'tidied' });
    const run = await runOnce();
    expect(run).toMatchObject({ ok: true, value: { status: 'succeeded' } });
    const listed = await call('providers:list', undefined);
    expect(listed.ok && (listed.value as Provider[])[0]!.keys.map((k) => [k.label, k.health])).toEqual([
      [
        'Work',
        {
          state: 'invalid',
          status: 401,
          reason: 'Incorrect API key provided: ***',
          since: expect.any(Number),
        },
      ],
      ['Personal', { state: 'ok' }],
    ]);
    expect(crossed).toContainEqual({ event: 'providers:changed', payload: { providerId: provider.id } });

    await call('providers:test', { id: provider.id });
    await call('providers:models', { id: provider.id });
    await call('providers:editKey', { providerId: provider.id, keyId: workKey!.id, label: 'Old work' });
    await call('providers:removeKey', { providerId: provider.id, keyId: workKey!.id });
    await call('providers:delete', { id: provider.id });

    const everything = JSON.stringify(crossed);
    expect(everything).toContain('Personal');
    for (const key of [WORK, PERSONAL]) expect(everything).not.toContain(key);
    expect(everything).not.toContain(WORK.slice(-8));
    t.core.close();
    for (const file of fs.readdirSync(t.dataDir).filter((f) => f.startsWith('skilldeck.db')))
      for (const key of [WORK, PERSONAL])
        expect(fs.readFileSync(path.join(t.dataDir, file)).includes(key)).toBe(false);
    t = t.reopen();
  });

  it('labels: "Key N" when none is given, one label once per provider (in words)', async () => {
    const provider = await addProvider();
    await call('providers:addKey', { providerId: provider.id, key: WORK });
    const second = await call('providers:addKey', { providerId: provider.id, key: PERSONAL });
    expect(second.ok && (second.value as Provider).keys.map((k) => k.label)).toEqual(['Key 1', 'Key 2']);
    const taken = await call('providers:addKey', {
      providerId: provider.id,
      label: 'key 1',
      key: 'sk-other',
    });
    expect(taken).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
    if (!taken.ok) expectWordsSayMessage(taken.error.words, taken.error.message);
    // refused before anything was stored
    expect([...secrets.values.values()].filter((v) => v === 'sk-other')).toEqual([]);
    const keyTwo = second.ok ? (second.value as Provider).keys[1]!.id : '';
    const renamed = await call('providers:editKey', {
      providerId: provider.id,
      keyId: keyTwo,
      label: 'KEY 1',
    });
    expect(renamed).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
    const blank = await call('providers:addKey', { providerId: provider.id, label: '  ', key: 'sk-x' });
    expect(blank).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    const spaced = await call('providers:addKey', { providerId: provider.id, key: 'sk-a sk-b' });
    expect(spaced).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    const unknown = await call('providers:removeKey', { providerId: provider.id, keyId: 'nope' });
    expect(unknown).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  });

  it('an edit puts a refused key back in use; remove deletes the key from the secret store', async () => {
    const provider = await addProvider();
    await call('providers:addKey', { providerId: provider.id, label: 'Work', key: 'sk-typo' });
    const added = await call('providers:addKey', {
      providerId: provider.id,
      label: 'Personal',
      key: PERSONAL,
    });
    const [work, personal] = added.ok ? (added.value as Provider).keys : [];
    // a connection test tries each key: the typo is refused and set aside, the other lists the models
    server.refuseKeys({ 'sk-typo': { status: 401, errorMessage: 'Incorrect API key provided: sk-typo.' } });
    const tested = await call('providers:test', { id: provider.id });
    expect(tested).toMatchObject({
      ok: true,
      value: {
        ok: false,
        keys: [
          { label: 'Work', ok: false, words: { key: 'provider.keyRefused' } },
          { label: 'Personal', ok: true, message: 'ok' },
        ],
        models: ['llama3.2'],
      },
    });
    const afterTest = await call('providers:list', undefined);
    // the provider's own words from its error body, the key masked
    expect(afterTest.ok && (afterTest.value as Provider[])[0]!.keys[0]!.health).toMatchObject({
      state: 'invalid',
      status: 401,
      reason: 'Incorrect API key provided: ***.',
    });

    const edited = await call('providers:editKey', { providerId: provider.id, keyId: work!.id, key: WORK });
    expect(edited.ok && (edited.value as Provider).keys[0]).toEqual({
      id: work!.id,
      label: 'Work',
      source: 'stored',
      health: { state: 'ok' },
    });
    const before = server.requests.length;
    await runOnce();
    expect(server.requests[before]!.headers.authorization).toBe(`Bearer ${WORK}`);

    const removed = await call('providers:removeKey', { providerId: provider.id, keyId: personal!.id });
    expect(removed.ok && (removed.value as Provider).keys.map((k) => k.label)).toEqual(['Work']);
    expect(await ports.secrets.get(keySecretName(provider.id, personal!.id))).toBeNull();
    await call('providers:delete', { id: provider.id });
    expect([...secrets.values.values()]).toEqual([]);
  });

  it('the one-key form of providers:save: Key 1, a new value for it, null removes every key', async () => {
    const provider = await addProvider();
    const save = (apiKey: string | null) =>
      call('providers:save', {
        id: provider.id,
        kind: 'openai-compatible',
        name: 'work',
        baseUrl: provider.baseUrl!,
        apiKey,
      });
    const first = await save(WORK);
    const [key] = first.ok ? (first.value as Provider).keys : [];
    expect(key!.label).toBe('Key 1');
    await call('providers:addKey', { providerId: provider.id, label: 'Personal', key: PERSONAL });
    const replaced = await save('sk-replaced');
    expect(replaced.ok && (replaced.value as Provider).keys.map((k) => k.id)).toHaveLength(2);
    expect(await ports.secrets.get(keySecretName(provider.id, key!.id))).toBe('sk-replaced');
    const none = await save(null);
    expect(none).toMatchObject({ ok: true, value: { hasKey: false, keys: [] } });
    expect([...secrets.values.values()]).toEqual([]);
  });

  it('a key kept before pools is listed as Key 1 and removed with its provider', async () => {
    const provider = await addProvider();
    // as an older version left it: the one key under the provider's name; this version starts
    await ports.secrets.set(providerSecretName(provider.id), WORK);
    t = t.reopen();
    const listed = await call('providers:list', undefined);
    expect(listed.ok && (listed.value as Provider[])[0]!.keys).toEqual([
      { id: expect.any(String), label: 'Key 1', source: 'stored', health: { state: 'ok' } },
    ]);
    await call('providers:delete', { id: provider.id });
    expect(await ports.secrets.get(providerSecretName(provider.id))).toBeNull();
  });
});

describe('keys from --api-key-env (serve)', () => {
  it("are the default provider's pool, labelled by their variables, and not editable here", async () => {
    await t.dispose();
    t = createTestCore({
      watchSkills: false,
      ports,
      modelGateway: { ollama: { baseUrl: null }, maxAttempts: 1 },
      environmentKeys: {
        keys: [
          { label: 'OPENAI_WORK', value: WORK },
          { label: 'OPENAI_PERSONAL', value: PERSONAL },
        ],
        for: 'default-provider',
      },
    });
    const provider = await addProvider();
    expect(provider.keys).toEqual([
      { id: 'env-1', label: 'OPENAI_WORK', source: 'environment', health: { state: 'ok' } },
      { id: 'env-2', label: 'OPENAI_PERSONAL', source: 'environment', health: { state: 'ok' } },
    ]);
    const other = await t.client.invoke('providers:save', {
      kind: 'openai-compatible',
      name: 'other',
      baseUrl: `${server.url}/v1`,
      apiKey: 'sk-other',
    });
    expect(other.keys.map((k) => [k.label, k.source])).toEqual([['Key 1', 'stored']]);
    const refused = await t.client.request('providers:editKey', {
      providerId: provider.id,
      keyId: 'env-1',
      label: 'x',
    });
    expect(refused).toMatchObject({
      ok: false,
      error: { code: 'FORBIDDEN', words: { key: 'keys.fromEnvironment' } },
    });
    if (!refused.ok) expectWordsSayMessage(refused.error.words, refused.error.message);
    const removal = await t.client.request('providers:removeKey', {
      providerId: provider.id,
      keyId: 'env-2',
    });
    expect(removal).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    await runOnce();
    await runOnce();
    expect(server.requests.map((r) => r.headers.authorization)).toEqual([
      `Bearer ${WORK}`,
      `Bearer ${PERSONAL}`,
    ]);
  });
});
