import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectWordsSayMessage } from '../testing/error-words';
import { startLlmServer, type LlmServer } from '../testing/llm-server';
import { ModelError, type StreamTextRequest } from './gateway';
import { createModelGateway, providerSecretName, type ModelGatewayOptions } from './model-gateway';
import { memoryProviderRepo, memorySecrets, providerFields } from './test-support';
import type { ProviderKind } from './gateway';

const KEY = 'sk-test-7f3a9c1e5b';

let server: LlmServer;
beforeEach(async () => {
  server = await startLlmServer();
});
afterEach(async () => {
  await server.close();
  vi.restoreAllMocks();
});

function setup(kind: ProviderKind = 'openai', overrides: Partial<ModelGatewayOptions> = {}) {
  const providers = memoryProviderRepo();
  const secrets = memorySecrets();
  providers.save(
    'p1',
    providerFields({
      kind,
      name: 'main',
      baseUrl: `${server.url}/v1`,
      defaultModel: 'model-a',
      isDefault: true,
    }),
    1,
  );
  secrets.values.set(providerSecretName('p1'), KEY);
  const gateway = createModelGateway({
    providers,
    secrets,
    ollama: { baseUrl: null },
    retryBaseDelayMs: 5,
    retryMaxDelayMs: 20,
    firstChunkTimeoutMs: 2000,
    idleTimeoutMs: 2000,
    ...overrides,
  });
  return { gateway, providers, secrets };
}

function call(overrides: Partial<StreamTextRequest> = {}) {
  const tokens: string[] = [];
  const retries: { attempt: number; delayMs: number; error: ModelError }[] = [];
  const request: StreamTextRequest = {
    system: 'You translate to French.',
    messages: [{ role: 'user', content: 'Good morning' }],
    signal: new AbortController().signal,
    onToken: (t) => tokens.push(t),
    onRetry: (info) => retries.push(info),
    ...overrides,
  };
  return { request, tokens, retries };
}

async function failure(promise: Promise<unknown>): Promise<ModelError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ModelError);
    return error as ModelError;
  }
  throw new Error('expected the call to fail');
}

describe('what is sent', () => {
  it('OpenAI: chat completions with model, system, messages, max tokens, stream and the bearer key', async () => {
    const { gateway } = setup('openai');
    server.script({ chunks: ['Bon', 'jour'], usage: { inputTokens: 12, outputTokens: 2 } });
    const { request, tokens } = call({ maxOutputTokens: 256 });
    const result = await gateway.streamText(request);
    expect(tokens).toEqual(['Bon', 'jour']);
    expect(result).toEqual({
      text: 'Bonjour',
      provider: 'main',
      model: 'model-a',
      usage: { inputTokens: 12, outputTokens: 2 },
      finishReason: 'stop',
      toolCalls: [],
    });
    const sent = server.requests[0]!;
    expect(sent.path).toBe('/v1/chat/completions');
    expect(sent.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(sent.body).toMatchObject({
      model: 'model-a',
      stream: true,
      max_tokens: 256,
      messages: [
        { role: 'system', content: 'You translate to French.' },
        { role: 'user', content: 'Good morning' },
      ],
    });
  });

  it('Anthropic: messages with system, max_tokens defaulting to 4096 and x-api-key', async () => {
    const { gateway } = setup('anthropic');
    server.script({ chunks: ['Sa', 'lut'], usage: { inputTokens: 9, outputTokens: 4 } });
    const { request, tokens } = call({ model: 'claude-test' });
    const result = await gateway.streamText(request);
    expect(tokens).toEqual(['Sa', 'lut']);
    expect(result).toMatchObject({
      text: 'Salut',
      model: 'claude-test',
      usage: { inputTokens: 9, outputTokens: 4 },
    });
    const sent = server.requests[0]!;
    expect(sent.path).toBe('/v1/messages');
    expect(sent.headers['x-api-key']).toBe(KEY);
    expect(sent.body).toMatchObject({
      model: 'claude-test',
      stream: true,
      max_tokens: 4096,
      system: [{ type: 'text', text: 'You translate to French.' }],
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Good morning' }] }],
    });
  });

  it('OpenAI-compatible: the provider max tokens, usage requested, no key when none stored', async () => {
    const { gateway, providers, secrets } = setup('openai-compatible');
    providers.save(
      'p1',
      providerFields({
        kind: 'openai-compatible',
        name: 'main',
        baseUrl: `${server.url}/v1`,
        defaultModel: 'llama3.2',
        maxOutputTokens: 1000,
        isDefault: true,
      }),
      2,
    );
    secrets.values.clear();
    server.script({ chunks: ['a', 'b', 'c'], usage: { inputTokens: 3, outputTokens: 3 } });
    const { request, tokens } = call();
    const result = await gateway.streamText(request);
    expect(tokens.join('')).toBe('abc');
    expect(result.usage).toEqual({ inputTokens: 3, outputTokens: 3 });
    const sent = server.requests[0]!;
    expect(sent.headers.authorization).toBeUndefined();
    expect(sent.body).toMatchObject({
      model: 'llama3.2',
      max_tokens: 1000,
      stream: true,
      stream_options: { include_usage: true },
    });
  });
});

describe('retries', () => {
  it('honours Retry-After on 429, then succeeds', async () => {
    const { gateway } = setup();
    server.script({ status: 429, retryAfter: '0.3' }, { text: 'ok' });
    const { request, retries } = call();
    const started = Date.now();
    const result = await gateway.streamText(request);
    const elapsed = Date.now() - started;
    expect(result.text).toBe('ok');
    expect(retries).toHaveLength(1);
    expect(retries[0]).toMatchObject({ attempt: 1, error: { code: 'http', details: { status: 429 } } });
    // the key's cool-down, measured from the 429's arrival: 300 ms, less what the failure took to handle
    expect(retries[0]!.delayMs).toBeGreaterThan(250);
    expect(retries[0]!.delayMs).toBeLessThanOrEqual(300);
    expect(elapsed).toBeGreaterThanOrEqual(290);
    expect(elapsed).toBeLessThan(1500);
    expect(server.requests[1]!.receivedAt - server.requests[0]!.receivedAt).toBeGreaterThanOrEqual(290);
  });

  it('tells the caller of each 429 it waits out, with when that attempt was sent', async () => {
    const { gateway } = setup();
    server.script({ status: 429, retryAfter: '0.02' }, { status: 429, retryAfter: '0.02' }, { text: 'ok' });
    const limited: number[] = [];
    const { request } = call();
    const result = await gateway.streamText({
      ...request,
      onRateLimited: (info) => limited.push(info.sentAt),
    });
    expect(result.text).toBe('ok');
    expect(limited).toHaveLength(2);
    expect(limited[1]! - limited[0]!).toBeGreaterThanOrEqual(15);
  });

  it('caps Retry-After', async () => {
    const { gateway } = setup('openai', { retryAfterCapMs: 50 });
    server.script({ status: 503, retryAfter: new Date(Date.now() + 60_000).toUTCString() }, { text: 'ok' });
    const { request, retries } = call();
    await gateway.streamText(request);
    expect(retries[0]!.delayMs).toBe(50);
  });

  it('retries a 500 with backoff and stops after maxAttempts', async () => {
    const { gateway } = setup();
    server.script({ status: 500 }, { text: 'fine' });
    const first = call();
    expect((await gateway.streamText(first.request)).text).toBe('fine');
    expect(first.retries.map((r) => r.attempt)).toEqual([1]);

    server.script({ status: 500 }, { status: 502 }, { status: 500 }, { text: 'never reached' });
    const second = call();
    const error = await failure(gateway.streamText(second.request));
    expect(error).toMatchObject({ code: 'http', details: { status: 500 } });
    expect(error.message).toMatch(/server error \(500\)/);
    expect(second.retries.map((r) => r.attempt)).toEqual([1, 2]);
    expect(server.requests).toHaveLength(2 + 3);
  });

  it('does not retry a 400', async () => {
    const { gateway } = setup();
    server.script({ status: 400, errorMessage: 'max_tokens is too large' }, { text: 'never' });
    const { request, retries } = call();
    const error = await failure(gateway.streamText(request));
    expect(error).toMatchObject({ code: 'http', details: { status: 400, retryable: false } });
    expect(error.message).toContain('max_tokens is too large');
    expect(retries).toHaveLength(0);
    expect(server.requests).toHaveLength(1);
  });

  it('401 says to check the key, without the key', async () => {
    const { gateway } = setup('anthropic');
    server.script({ status: 401, errorMessage: `invalid x-api-key ${KEY}` });
    const error = await failure(gateway.streamText(call().request));
    expect(error.message).toMatch(/^the provider refused the API key \(401\) — check the key/);
    expect(JSON.stringify({ message: error.message, details: error.details })).not.toContain(KEY);
    expect(server.requests).toHaveLength(1);
  });

  it('OpenAI and Anthropic without a stored key: no request is sent, the provider is named', async () => {
    for (const kind of ['openai', 'anthropic'] as const) {
      const { gateway, secrets } = setup(kind);
      secrets.values.delete(providerSecretName('p1'));
      const error = await failure(gateway.streamText(call().request));
      expect(error.message).toBe('provider "main" has no API key — add it in Settings');
      expectWordsSayMessage(error.details.words, error.message);
    }
    expect(server.requests).toHaveLength(0);
  });

  it('404 names the model', async () => {
    const { gateway } = setup();
    server.script({ status: 404 });
    const error = await failure(gateway.streamText(call({ model: 'gpt-nope' }).request));
    expect(error.message).toContain('"gpt-nope"');
  });

  it('a network error names the base URL and is retried', async () => {
    const { gateway, providers } = setup();
    providers.save(
      'p1',
      providerFields({
        kind: 'openai',
        name: 'main',
        baseUrl: 'http://127.0.0.1:9/v1',
        defaultModel: 'm',
        isDefault: true,
      }),
      2,
    );
    const { request, retries } = call();
    const error = await failure(gateway.streamText(request));
    expect(error.code).toBe('network');
    expect(error.message).toContain('http://127.0.0.1:9/v1');
    expect(retries).toHaveLength(2);
  });
});

describe('streams cut short', () => {
  it('a mid-stream disconnect is not retried and keeps the partial text', async () => {
    const { gateway } = setup();
    server.script({ chunks: ['one ', 'two ', 'three'], disconnectAfterChunks: 2 }, { text: 'never' });
    const { request, tokens, retries } = call();
    const error = await failure(gateway.streamText(request));
    expect(tokens).toEqual(['one ', 'two ']);
    expect(error.details.partialText).toBe('one two ');
    expect(error.code).toBe('network');
    expect(error.message).toMatch(
      /^the connection to main \(http:\/\/127\.0\.0\.1:\d+\/v1\) broke while the answer was streaming/,
    );
    expect(retries).toHaveLength(0);
    expect(server.requests).toHaveLength(1);
  });

  it('times out a slow first chunk', async () => {
    const { gateway } = setup('openai', { firstChunkTimeoutMs: 100 });
    server.script({ text: 'late', delayMs: 1000 });
    const started = Date.now();
    const error = await failure(gateway.streamText(call().request));
    expect(error.code).toBe('timeout');
    expect(error.message).toContain('100 ms');
    expectWordsSayMessage(error.details.words, error.message);
    expect(Date.now() - started).toBeLessThan(600);
    await server.waitForDisconnect(0, 1000);
  });

  it('times out a stream that goes quiet, keeping what came', async () => {
    const { gateway } = setup('anthropic', { idleTimeoutMs: 100 });
    server.script({ chunks: ['a', 'b'], chunkDelayMs: 1000 });
    const { request, tokens } = call();
    const error = await failure(gateway.streamText(request));
    expect(error).toMatchObject({ code: 'timeout', details: { partialText: 'a' } });
    // the message grew by "(after 1 characters…)": its words would say less, so there are none
    expect(error.details.words).toBeUndefined();
    expect(tokens).toEqual(['a']);
  });

  it('cancel stops the HTTP stream within 200 ms', async () => {
    const { gateway } = setup();
    server.script({ chunks: ['a', 'b', 'c', 'd', 'e'], chunkDelayMs: 300 });
    const controller = new AbortController();
    let abortedAt = 0;
    const { request, tokens } = call({ signal: controller.signal });
    const error = await failure(
      gateway.streamText({
        ...request,
        onToken: (t) => {
          tokens.push(t);
          abortedAt = Date.now();
          controller.abort();
        },
      }),
    );
    expect(error.code).toBe('cancelled');
    expect(Date.now() - abortedAt).toBeLessThan(200);
    const disconnectedAt = await server.waitForDisconnect(0, 1000);
    expect(disconnectedAt - abortedAt).toBeLessThan(200);
    expect(tokens).toEqual(['a']);
    expect(server.requests).toHaveLength(1);
  });

  it('cancel during a retry wait ends at once', async () => {
    const { gateway } = setup();
    server.script({ status: 429, retryAfter: '5' });
    const controller = new AbortController();
    const { request } = call({
      signal: controller.signal,
      onRetry: () => setTimeout(() => controller.abort(), 20),
    });
    const started = Date.now();
    const error = await failure(gateway.streamText(request));
    expect(error.code).toBe('cancelled');
    expect(Date.now() - started).toBeLessThan(500);
  });
});

describe('choosing the provider', () => {
  it('probes Ollama when none is configured and uses its first model', async () => {
    server.setModels(['qwen2.5', 'llama3.2']);
    const gateway = createModelGateway({
      providers: memoryProviderRepo(),
      secrets: memorySecrets(),
      ollama: { baseUrl: `${server.url}/v1` },
    });
    expect(await gateway.resolve()).toEqual({
      provider: 'ollama',
      kind: 'openai-compatible',
      model: 'qwen2.5',
    });
    server.script({ text: 'hi' });
    const result = await gateway.streamText(call().request);
    expect(result).toMatchObject({ text: 'hi', provider: 'ollama', model: 'qwen2.5' });
    expect(server.requests.filter((r) => r.api === 'models')).toHaveLength(1); // cached
    expect(server.requests.at(-1)!.body).toMatchObject({ model: 'qwen2.5' });
  });

  it('fails at once with no-provider when nothing is configured and Ollama does not answer', async () => {
    const url = server.url;
    await server.close();
    const gateway = createModelGateway({
      providers: memoryProviderRepo(),
      secrets: memorySecrets(),
      ollama: { baseUrl: `${url}/v1` },
    });
    const started = Date.now();
    const error = await failure(gateway.streamText(call().request));
    expect(error).toMatchObject({
      code: 'no-provider',
      message: 'no provider configured — add one in Settings',
    });
    expectWordsSayMessage(error.details.words, error.message);
    expect(Date.now() - started).toBeLessThan(400);
    server = await startLlmServer();
  });

  it('the skill provider and model override the default; an unknown name lists the configured ones', async () => {
    const { gateway, providers } = setup();
    providers.save(
      'p2',
      providerFields({
        kind: 'anthropic',
        name: 'Claude',
        baseUrl: `${server.url}/v1`,
        defaultModel: 'claude-x',
      }),
      2,
    );
    expect(await gateway.resolve()).toEqual({ provider: 'main', kind: 'openai', model: 'model-a' });
    expect(await gateway.resolve('claude', 'claude-y')).toEqual({
      provider: 'Claude',
      kind: 'anthropic',
      model: 'claude-y',
    });
    const error = await failure(gateway.resolve('gemini'));
    expect(error.code).toBe('unknown-provider');
    expect(error.message).toBe(
      'unknown provider "gemini" — the configured ones are "main", "Claude"; fix the skill\'s provider field or add it in Settings',
    );
    expectWordsSayMessage(error.details.words, error.message);
  });
});

describe('the key', () => {
  it('never reaches the console, even on errors', async () => {
    const spies = (['log', 'error', 'warn', 'info', 'debug'] as const).map((m) =>
      vi.spyOn(console, m).mockImplementation(() => {}),
    );
    const { gateway } = setup();
    server.script(
      { text: 'fine' },
      { chunks: ['x'], disconnectAfterChunks: 1 },
      { status: 500 },
      { status: 401 },
    );
    await gateway.streamText(call().request);
    await failure(gateway.streamText(call().request));
    // the refused key is set aside: the next call says so without sending anything
    await failure(gateway.streamText(call().request));
    await failure(gateway.streamText(call().request));
    expect(server.requests).toHaveLength(4);
    for (const spy of spies) expect(spy).not.toHaveBeenCalled();
  });
});

describe('tool calls', () => {
  const tools = [
    {
      name: 'Read',
      description: 'Reads a file.',
      inputSchema: {
        type: 'object',
        properties: { file_path: { type: 'string' } },
        required: ['file_path'],
      },
    },
  ];

  it.each(['openai', 'anthropic', 'openai-compatible'] as const)(
    '%s: offers the tools, returns streamed tool calls, and sends results back in the wire format',
    async (kind) => {
      const { gateway } = setup(kind);
      server.script(
        {
          text: 'Let me look.',
          toolCalls: [
            {
              id: 'call_1',
              name: 'Read',
              arguments: '{"file_path":"a.md"}',
              argumentChunks: ['{"file_', 'path":"a.md"}'],
            },
          ],
        },
        { text: 'It says hi.' },
      );
      const first = await gateway.streamText(call({ tools }).request);
      expect(first.text).toBe('Let me look.');
      expect(first.toolCalls).toEqual([{ id: 'call_1', name: 'Read', input: { file_path: 'a.md' } }]);
      const sent = server.requests[0]!.body as Record<string, unknown>;
      const offered = JSON.stringify(sent.tools);
      expect(offered).toContain('"Read"');
      expect(offered).toContain('file_path');

      const second = await gateway.streamText(
        call({
          tools,
          messages: [
            { role: 'user', content: 'What is in a.md?' },
            { role: 'assistant', content: first.text, toolCalls: first.toolCalls },
            { role: 'tool', results: [{ id: 'call_1', name: 'Read', output: '1\thi' }] },
          ],
        }).request,
      );
      expect(second.text).toBe('It says hi.');
      expect(second.toolCalls).toEqual([]);
      const messages = JSON.stringify((server.requests[1]!.body as { messages: unknown }).messages);
      if (kind === 'anthropic') {
        expect(messages).toContain('"type":"tool_use"');
        expect(messages).toContain('"type":"tool_result"');
        expect(messages).toContain('"tool_use_id":"call_1"');
      } else {
        expect(messages).toContain('"tool_calls"');
        expect(messages).toContain('"role":"tool"');
        expect(messages).toContain('"tool_call_id":"call_1"');
      }
      expect(messages).toContain('1\\thi');
    },
  );
});
