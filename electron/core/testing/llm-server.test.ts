import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { requestKey, startLlmServer, type LlmServer } from './llm-server';

let server: LlmServer;
beforeEach(async () => {
  server = await startLlmServer();
});
afterEach(async () => {
  await server.close();
});

const post = (path: string, body: unknown, init: RequestInit = {}) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer sk-test' },
    body: JSON.stringify(body),
    ...init,
  });

function sseData(text: string): unknown[] {
  return text
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => line.slice(6))
    .map((data) => (data === '[DONE]' ? '[DONE]' : (JSON.parse(data) as unknown)));
}

function sseEvents(text: string): string[] {
  return text
    .split('\n')
    .filter((line) => line.startsWith('event: '))
    .map((line) => line.slice(7));
}

describe('llm-server: OpenAI chat completions', () => {
  it('streams deltas, a finish reason, usage and [DONE], and records the request', async () => {
    server.script({ chunks: ['Hel', 'lo'], usage: { inputTokens: 7, outputTokens: 2 } });
    const body = {
      model: 'gpt-4o-mini',
      stream: true,
      stream_options: { include_usage: true },
      messages: [{ role: 'user', content: 'hi' }],
    };
    const res = await post('/v1/chat/completions', body);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    const data = sseData(await res.text()) as {
      object?: string;
      choices?: { delta: { content?: string; role?: string }; finish_reason: string | null }[];
      usage?: { prompt_tokens: number; completion_tokens: number };
    }[];
    expect(data.at(-1)).toBe('[DONE]');
    const chunks = data.slice(0, -1);
    expect(chunks.every((c) => c.object === 'chat.completion.chunk')).toBe(true);
    expect(chunks[0]!.choices![0]!.delta.role).toBe('assistant');
    expect(chunks.map((c) => c.choices?.[0]?.delta.content ?? '').join('')).toBe('Hello');
    expect(chunks.at(-2)!.choices![0]!.finish_reason).toBe('stop');
    expect(chunks.at(-1)!.usage).toMatchObject({ prompt_tokens: 7, completion_tokens: 2 });

    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]).toMatchObject({
      method: 'POST',
      path: '/v1/chat/completions',
      api: 'openai',
      body,
    });
    expect(server.requests[0]!.headers.authorization).toBe('Bearer sk-test');
  });

  it('streams tool-call deltas with index, id, name and argument pieces', async () => {
    server.script({
      toolCalls: [
        { id: 'call_1', name: 'lookup', arguments: '{"q":"x"}', argumentChunks: ['{"q"', ':"x"}'] },
      ],
    });
    const res = await post('/v1/chat/completions', { model: 'm', stream: true, messages: [] });
    const data = sseData(await res.text()).slice(0, -1) as {
      choices: {
        delta: {
          tool_calls?: { index: number; id?: string; function: { name?: string; arguments?: string } }[];
        };
        finish_reason: string | null;
      }[];
    }[];
    const calls = data.flatMap((c) => c.choices[0]?.delta.tool_calls ?? []);
    expect(calls[0]).toMatchObject({ index: 0, id: 'call_1', function: { name: 'lookup' } });
    expect(calls.map((c) => c.function.arguments ?? '').join('')).toBe('{"q":"x"}');
    expect(data.at(-1)!.choices[0]!.finish_reason).toBe('tool_calls');
  });

  it('answers non-streaming requests with a chat.completion', async () => {
    const res = await post('/v1/chat/completions', {
      model: 'm',
      messages: [{ role: 'user', content: 'echo me' }],
    });
    expect(await res.json()).toMatchObject({
      object: 'chat.completion',
      choices: [{ message: { role: 'assistant', content: 'echo me' }, finish_reason: 'stop' }],
    });
  });

  it('answers errors in the OpenAI format with Retry-After', async () => {
    server.script({ status: 429, retryAfter: '2' });
    const res = await post('/v1/chat/completions', { model: 'm', stream: true, messages: [] });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('2');
    expect(await res.json()).toMatchObject({
      error: { type: 'rate_limit_exceeded', message: expect.any(String) },
    });
  });

  it('lists models like Ollama', async () => {
    server.setModels(['llama3.2', 'qwen2.5']);
    const res = await fetch(`${server.url}/v1/models`);
    expect(await res.json()).toMatchObject({
      object: 'list',
      data: [
        { id: 'llama3.2', object: 'model' },
        { id: 'qwen2.5', object: 'model' },
      ],
    });
  });
});

describe('llm-server: Anthropic messages', () => {
  it('streams the message events with text deltas and usage', async () => {
    server.script({ chunks: ['Bon', 'jour'], usage: { inputTokens: 5, outputTokens: 3 } });
    const res = await post('/v1/messages', {
      model: 'claude-x',
      stream: true,
      max_tokens: 100,
      messages: [],
    });
    const text = await res.text();
    expect(sseEvents(text)).toEqual([
      'message_start',
      'content_block_start',
      'content_block_delta',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    const data = sseData(text) as {
      type: string;
      delta?: { text?: string; stop_reason?: string };
      usage?: unknown;
    }[];
    expect(
      data
        .filter((d) => d.type === 'content_block_delta')
        .map((d) => d.delta!.text)
        .join(''),
    ).toBe('Bonjour');
    expect(data.find((d) => d.type === 'message_delta')).toMatchObject({
      delta: { stop_reason: 'end_turn' },
      usage: { output_tokens: 3 },
    });
  });

  it('streams tool use as input_json_delta', async () => {
    server.script({ toolCalls: [{ name: 'lookup', arguments: '{"q":1}', argumentChunks: ['{"q"', ':1}'] }] });
    const res = await post('/v1/messages', { model: 'c', stream: true, messages: [] });
    const data = sseData(await res.text()) as {
      type: string;
      delta?: { partial_json?: string; stop_reason?: string };
    }[];
    const json = data.filter((d) => d.delta?.partial_json !== undefined).map((d) => d.delta!.partial_json);
    expect(json.join('')).toBe('{"q":1}');
    expect(data.find((d) => d.type === 'message_delta')!.delta!.stop_reason).toBe('tool_use');
  });

  it('answers errors in the Anthropic format', async () => {
    server.script({ status: 401 });
    const res = await post('/v1/messages', { model: 'c', stream: true, messages: [] });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ type: 'error', error: { type: 'authentication_error' } });
  });
});

describe('llm-server: keys a provider refuses', () => {
  it('answers a refused key with its error on every API, a list one answer per request', async () => {
    server.refuseKeys({
      'sk-revoked': { status: 401 },
      'sk-busy': [{ status: 429, retryAfter: '42' }],
    });
    const chat = { model: 'm', stream: true, messages: [] };
    const revoked = await post('/v1/chat/completions', chat, {
      headers: { authorization: 'Bearer sk-revoked' },
    });
    expect(revoked.status).toBe(401);
    expect(await revoked.json()).toMatchObject({ error: { code: 'invalid_api_key' } });
    const models = await fetch(`${server.url}/v1/models`, {
      headers: { authorization: 'Bearer sk-revoked' },
    });
    expect(models.status).toBe(401);
    const anthropic = await post('/v1/messages', chat, { headers: { 'x-api-key': 'sk-revoked' } });
    expect(await anthropic.json()).toMatchObject({ type: 'error', error: { type: 'authentication_error' } });

    const busy = await post('/v1/chat/completions', chat, { headers: { authorization: 'Bearer sk-busy' } });
    expect(busy.status).toBe(429);
    expect(busy.headers.get('retry-after')).toBe('42');
    const later = await post('/v1/chat/completions', chat, { headers: { authorization: 'Bearer sk-busy' } });
    expect(later.status).toBe(200);
    expect(requestKey(server.requests[4]!)).toBe('sk-busy');
    expect(requestKey(server.requests[2]!)).toBe('sk-revoked');
  });
});

describe('llm-server: scripting and disconnects', () => {
  it('uses a responder function given the parsed request', async () => {
    server.setResponder((request) => {
      const body = request.body as { messages: { content: string }[] };
      return { text: `got ${body.messages[0]!.content}`, delayMs: 20 };
    });
    const started = Date.now();
    const res = await post('/v1/chat/completions', {
      model: 'm',
      messages: [{ role: 'user', content: 'a' }],
    });
    expect(await res.json()).toMatchObject({ choices: [{ message: { content: 'got a' } }] });
    expect(Date.now() - started).toBeGreaterThanOrEqual(18);
  });

  it('cuts the stream after N chunks without counting it as a client disconnect', async () => {
    server.script({ chunks: ['a', 'b', 'c'], disconnectAfterChunks: 1 });
    const res = await post('/v1/chat/completions', { model: 'm', stream: true, messages: [] });
    await expect(res.text()).rejects.toThrow();
    expect(server.requests[0]!.cutByServer).toBe(true);
    expect(server.requests[0]!.clientDisconnectedAt).toBeUndefined();
  });

  it('records when the client aborts and stops writing', async () => {
    server.script({ chunks: ['a', 'b', 'c', 'd'], chunkDelayMs: 200 });
    const controller = new AbortController();
    const res = await post(
      '/v1/chat/completions',
      { model: 'm', stream: true, messages: [] },
      { signal: controller.signal },
    );
    const reader = res.body!.getReader();
    await reader.read();
    const abortedAt = Date.now();
    controller.abort();
    const disconnectedAt = await server.waitForDisconnect(0, 1000);
    expect(disconnectedAt - abortedAt).toBeLessThan(200);
    expect(server.requests[0]!.finishedAt).toBeUndefined();
  });
});
