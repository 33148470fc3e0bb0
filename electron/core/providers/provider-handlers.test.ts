import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryPorts } from '../memory-ports';
import { createModelTestCore, type TestCore } from '../test-support';
import { expectWordsSayMessage } from '../testing/error-words';
import { startLlmServer, type LlmServer } from '../testing/llm-server';
import { ModelError } from './gateway';
import { keySecretName, providerSecretName } from './key-sources';

const KEY = 'sk-live-Zq81xLmP04vRt';

let server: LlmServer;
let t: TestCore;
let ports: ReturnType<typeof createMemoryPorts>;
beforeEach(async () => {
  server = await startLlmServer();
  ports = createMemoryPorts();
  t = createModelTestCore(ports);
});
afterEach(async () => {
  await t.dispose();
  await server.close();
  vi.restoreAllMocks();
});

describe('providers channels', () => {
  it('saves a provider with its key in the secret store only, and never returns or stores the key', async () => {
    const spies = (['log', 'error', 'warn', 'info', 'debug'] as const).map((m) =>
      vi.spyOn(console, m).mockImplementation(() => {}),
    );
    const outputs: unknown[] = [];
    const saved = await t.client.invoke('providers:save', {
      kind: 'openai',
      name: 'openai',
      baseUrl: `${server.url}/v1`,
      defaultModel: 'gpt-test',
      knownModels: ['gpt-test'],
      apiKey: KEY,
    });
    outputs.push(saved);
    expect(saved).toMatchObject({ name: 'openai', hasKey: true, isDefault: true, maxOutputTokens: null });
    expect(saved.keys).toEqual([
      { id: expect.any(String), label: 'Key 1', source: 'stored', health: { state: 'ok' } },
    ]);
    expect(await ports.secrets.get(keySecretName(saved.id, saved.keys[0]!.id))).toBe(KEY);

    outputs.push(await t.client.invoke('providers:list', undefined));
    outputs.push(await t.client.request('providers:test', { id: saved.id }));
    outputs.push(await t.client.invoke('providers:test', { id: saved.id }));
    server.script({ status: 401 }, { text: 'bonjour' });
    const failed = await t.core.gateway
      .streamText({
        system: 's',
        messages: [{ role: 'user', content: 'x' }],
        signal: new AbortController().signal,
        onToken: () => {},
      })
      .catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(ModelError);
    outputs.push((failed as ModelError).message, (failed as ModelError).details);
    outputs.push(await t.client.invoke('providers:list', undefined));
    // the refused key is set aside until edited: typed again, it is used again
    outputs.push(
      await t.client.invoke('providers:editKey', {
        providerId: saved.id,
        keyId: saved.keys[0]!.id,
        key: KEY,
      }),
    );
    const ok = await t.core.gateway.streamText({
      system: 's',
      messages: [{ role: 'user', content: 'x' }],
      signal: new AbortController().signal,
      onToken: () => {},
    });
    outputs.push(ok);
    expect(ok.text).toBe('bonjour');
    expect(server.requests.at(-1)!.headers.authorization).toBe(`Bearer ${KEY}`);

    for (const output of outputs) expect(JSON.stringify(output)).not.toContain(KEY);
    t.core.close();
    const files = fs.readdirSync(t.dataDir).filter((f) => f.startsWith('skilldeck.db'));
    expect(files).toContain('skilldeck.db');
    for (const file of files) expect(fs.readFileSync(path.join(t.dataDir, file)).includes(KEY)).toBe(false);
    for (const spy of spies) expect(spy).not.toHaveBeenCalled();
    t = t.reopen();
  });

  it('updates keep the key unless given, null removes it, and delete removes key and row', async () => {
    const first = await t.client.invoke('providers:save', {
      kind: 'anthropic',
      name: 'claude',
      defaultModel: 'claude-x',
      apiKey: KEY,
    });
    const updated = await t.client.invoke('providers:save', {
      id: first.id,
      kind: 'anthropic',
      name: 'claude',
      defaultModel: 'claude-y',
    });
    expect(updated).toMatchObject({ hasKey: true, defaultModel: 'claude-y', isDefault: true, baseUrl: null });
    const keyRemoved = await t.client.invoke('providers:save', {
      id: first.id,
      kind: 'anthropic',
      name: 'claude',
      apiKey: null,
    });
    expect(keyRemoved).toMatchObject({ hasKey: false, defaultModel: 'claude-y' });

    const second = await t.client.invoke('providers:save', {
      kind: 'openai-compatible',
      name: 'lmstudio',
      baseUrl: `${server.url}/v1`,
    });
    expect(second.isDefault).toBe(false);
    expect(await t.client.request('providers:save', { kind: 'openai', name: 'LMStudio' })).toMatchObject({
      ok: false,
      error: { code: 'CONFLICT' },
    });
    expect(await t.client.request('providers:save', { kind: 'openai-compatible', name: 'x' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT' },
    });

    await ports.secrets.set(providerSecretName(second.id), 'k');
    expect(await t.client.invoke('providers:delete', { id: second.id })).toEqual({ id: second.id });
    expect(await ports.secrets.get(providerSecretName(second.id))).toBeNull();
    expect((await t.client.invoke('providers:list', undefined)).map((p) => p.name)).toEqual(['claude']);
    expect(await t.client.request('providers:delete', { id: second.id })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
  });

  it("models: the default, the entered ones, then the endpoint's list, asked at most once a minute", async () => {
    server.setModels(['m1', 'm2', 'chosen']);
    const p = await t.client.invoke('providers:save', {
      kind: 'openai-compatible',
      name: 'local',
      baseUrl: `${server.url}/v1`,
      defaultModel: 'chosen',
      knownModels: ['typed-by-hand'],
    });
    const asked = () => server.requests.filter((r) => r.api === 'models').length;
    expect(await t.client.invoke('providers:models', { id: p.id })).toEqual({
      models: ['chosen', 'typed-by-hand', 'm1', 'm2'],
      listed: true,
    });
    server.setModels(['m3']);
    expect((await t.client.invoke('providers:models', { id: p.id })).models).toEqual([
      'chosen',
      'typed-by-hand',
      'm1',
      'm2',
    ]);
    expect(asked()).toBe(1);
  });

  it('models: an endpoint that cannot list still offers the stored models, with why', async () => {
    const down = await t.client.invoke('providers:save', {
      kind: 'openai-compatible',
      name: 'down',
      baseUrl: 'http://127.0.0.1:9/v1',
      defaultModel: 'qwen2.5',
    });
    const result = await t.client.invoke('providers:models', { id: down.id });
    expect(result).toMatchObject({ models: ['qwen2.5'], listed: false });
    expect(result.message).toContain('http://127.0.0.1:9/v1');
    expect(result.words).toBeDefined();
    expect(await t.client.request('providers:models', { id: 'nope' })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
  });

  it('test reports the models, or the error to act on', async () => {
    server.setModels(['m1', 'm2']);
    const p = await t.client.invoke('providers:save', {
      kind: 'openai-compatible',
      name: 'local',
      baseUrl: `${server.url}/v1`,
    });
    expect(await t.client.invoke('providers:test', { id: p.id })).toMatchObject({
      ok: true,
      message: 'ok',
      models: ['m1', 'm2'],
    });

    const down = await t.client.invoke('providers:save', {
      kind: 'openai-compatible',
      name: 'down',
      baseUrl: 'http://127.0.0.1:9/v1',
    });
    const result = await t.client.invoke('providers:test', { id: down.id });
    expect(result.ok).toBe(false);
    expect(result.message).toContain('http://127.0.0.1:9/v1');
  });

  it("a failed test carries its words for the dashboard's language, saying what the message says", async () => {
    // an endpoint that answers GET /models with the status asked for, as the real APIs do
    let status = 401;
    const endpoint = http.createServer((_req, res) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'nope' } }));
    });
    await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = endpoint.address() as { port: number };
      const p = await t.client.invoke('providers:save', {
        kind: 'openai-compatible',
        name: 'strict',
        baseUrl: `http://127.0.0.1:${port}/v1`,
        defaultModel: 'm',
        apiKey: 'sk-secret',
      });
      const seen: string[] = [];
      // 404 on /models: some endpoints have no model list; a one-token call is made, and its 404 is worded too
      for (status of [401, 403, 408, 413, 429, 500, 418, 404]) {
        const result = await t.client.invoke('providers:test', { id: p.id });
        expect(result.ok).toBe(false);
        expectWordsSayMessage(result.words, result.message);
        seen.push(result.words!.key);
      }
      expect(seen).toEqual([
        'provider.keyRefused',
        'provider.denied',
        'provider.timedOut',
        'provider.tooLarge',
        'provider.rateLimited',
        'provider.serverError',
        'provider.rejected',
        'provider.unknownModel',
      ]);
    } finally {
      endpoint.close();
    }
    const down = await t.client.invoke('providers:save', {
      kind: 'openai-compatible',
      name: 'down',
      baseUrl: 'http://127.0.0.1:9/v1',
    });
    const result = await t.client.invoke('providers:test', { id: down.id });
    expect(result.words?.key).toBe('provider.unreachable');
    expectWordsSayMessage(result.words, result.message);
  });

  it("a run's failed step carries the provider error's words for the run panel", async () => {
    await t.client.invoke('providers:save', {
      kind: 'openai',
      name: 'openai',
      baseUrl: `${server.url}/v1`,
      defaultModel: 'gpt-test',
      apiKey: 'sk-refused',
    });
    t.writeSkill('tidy', '---\nname: tidy\ndescription: Tidies text.\n---\nTidy this.\n');
    await t.core.skills.ready();
    server.script({ status: 401 });
    const { runId } = await t.client.invoke('runs:start', { skillId: 'tidy', input: 'x' });
    await t.core.executor.settled(runId);
    const detail = await t.client.invoke('runs:get', { runId });
    const failed = detail.events.find((e) => e.type === 'step_error');
    expect(failed).toMatchObject({ willRetry: false, words: { key: 'provider.keyRefused' } });
    if (failed?.type === 'step_error') expectWordsSayMessage(failed.words, failed.error);
    // the run ends with that error: the panel's closing line gets the same words
    const complete = detail.events.find((e) => e.type === 'complete');
    expect(complete).toMatchObject({ status: 'failed', words: { key: 'provider.keyRefused' } });
  });

  it('the skill provider name reaches the stored provider', async () => {
    await t.client.invoke('providers:save', {
      kind: 'openai',
      name: 'first',
      baseUrl: `${server.url}/v1`,
      defaultModel: 'a',
    });
    await t.client.invoke('providers:save', {
      kind: 'anthropic',
      name: 'second',
      baseUrl: `${server.url}/v1`,
      defaultModel: 'b',
    });
    expect(await t.core.gateway.resolve('second')).toEqual({
      provider: 'second',
      kind: 'anthropic',
      model: 'b',
    });
    expect(await t.core.gateway.resolve()).toEqual({ provider: 'first', kind: 'openai', model: 'a' });
  });
});
