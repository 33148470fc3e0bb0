// The plain-chat client sends what the AI SDK sends and reads what the SDK reads: the same request bodies,
// the same parts (text, finish reason, usage) and the same errors, side by side against the wire-format
// server; and its event-stream reading on hand-made streams (CRLF, comments, split chunks, bad chunks).
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLlmServer, type LlmServer, type PlannedResponse } from '../testing/llm-server';
import { isPlainCompatibleChat, streamCompatibleChat, type PartReader } from './compatible-chat';
import { toModelError } from './errors';
import type { StreamTextRequest } from './gateway';
import { toPrompt } from './model-prompt';

let server: LlmServer;
beforeAll(async () => {
  server = await startLlmServer();
});
afterAll(() => server.close());

const request: StreamTextRequest = {
  system: 'You answer.',
  messages: [
    { role: 'user', content: 'one' },
    { role: 'assistant', content: 'two' },
    { role: 'user', content: 'three' },
  ],
  signal: new AbortController().signal,
  onToken: () => undefined,
};

/** What a reader yields that the gateway reads: text, reasoning, errors (by name) and the finish. */
async function readAll(reader: PartReader) {
  const seen: unknown[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return seen;
    const part = value as LanguageModelV3StreamPart;
    if (part.type === 'text-delta' || part.type === 'reasoning-delta') seen.push([part.type, part.delta]);
    else if (part.type === 'error') seen.push(['error', (part.error as Error).name ?? typeof part.error]);
    else if (part.type === 'finish')
      seen.push([
        'finish',
        part.finishReason.unified,
        part.usage.inputTokens.total,
        part.usage.outputTokens.total,
      ]);
  }
}

async function bothWays(plan: PlannedResponse, transport: 'node:http' | 'fetch') {
  const target = { provider: 'local', model: 'm', baseUrl: `${server.url}/v1` };
  const settle = async (open: () => Promise<PartReader>) => {
    try {
      return { parts: await readAll(await open()) };
    } catch (error) {
      const failed = toModelError(error, target, 'sk-1', () => 0);
      return { error: { message: failed.message, details: failed.details } };
    }
  };
  server.script(plan);
  const before = server.requests.length;
  const ours = await settle(() =>
    streamCompatibleChat({
      ...{ baseUrl: `${server.url}/v1`, model: 'm', apiKey: 'sk-1', maxOutputTokens: 300, request },
      ...{ signal: new AbortController().signal, fetch: transport === 'fetch' ? fetch : undefined },
    }),
  );
  server.script(plan);
  const sdk = await settle(async () => {
    const model = createOpenAICompatible({
      name: 'local',
      baseURL: `${server.url}/v1`,
      apiKey: 'sk-1',
      includeUsage: true,
      supportsStructuredOutputs: true,
    }).chatModel('m');
    const { stream } = await model.doStream({ prompt: toPrompt(request), maxOutputTokens: 300 });
    return stream.getReader();
  });
  const [a, b] = server.requests.slice(before);
  return {
    ours,
    sdk,
    bodies: [a!.body, b!.body],
    keys: [a!.headers.authorization, b!.headers.authorization],
  };
}

describe.each(['node:http', 'fetch'] as const)(
  'the plain-chat client over %s beside the AI SDK',
  (transport) => {
    it.each<[string, PlannedResponse]>([
      [
        'text in pieces with usage',
        { chunks: ['Hel', 'lo', ' there'], usage: { inputTokens: 7, outputTokens: 3 } },
      ],
      ['an answer cut by the length limit', { text: 'cut', finishReason: 'length' }],
      ['a content filter', { text: '', finishReason: 'content_filter' }],
      ['a stream broken off', { chunks: ['a', 'b', 'c'], disconnectAfterChunks: 2 }],
      ['429 with Retry-After', { status: 429, retryAfter: '7', errorMessage: 'Slow down.' }],
      ['500', { status: 500 }],
      ['400 that is not JSON', { status: 400, errorBody: 'plain words' }],
    ])('%s: the same request, parts and error', async (_, plan) => {
      const { ours, sdk, bodies, keys } = await bothWays(plan, transport);
      expect(bodies[0]).toEqual(bodies[1]);
      expect(keys[0]).toBe(keys[1]);
      expect(ours).toEqual(sdk);
    });
  },
);

/** A reader of a hand-made event stream, delivered in the given byte pieces. */
function fromPieces(pieces: string[]) {
  const fakeFetch = async () =>
    new Response(
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (const p of pieces) controller.enqueue(new TextEncoder().encode(p));
          controller.close();
        },
      }),
      { status: 200, headers: { 'content-type': 'text/event-stream' } },
    );
  return streamCompatibleChat({
    ...{ baseUrl: 'http://127.0.0.1:1/v1/', model: 'm', apiKey: null, maxOutputTokens: 10, request },
    ...{ signal: new AbortController().signal, fetch: fakeFetch as unknown as typeof fetch },
  }).then(readAll);
}

const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
  JSON.stringify({ choices: [{ index: 0, delta, finish_reason: finish }] });

describe('reading the event stream', () => {
  it('takes CRLF and CR line ends, comments, events split anywhere and several data lines', async () => {
    const text = `: keep-alive\r\ndata: ${chunk({ content: 'a' })}\r\n\r\ndata: ${chunk({ content: 'b' })}\r\rdata: ${chunk({ content: 'c' }, 'stop')}\n\ndata: [DONE]\n\n`;
    const pieces = [text.slice(0, 5), text.slice(5, 40), text.slice(40, 41), text.slice(41)];
    expect(await fromPieces(pieces)).toEqual([
      ['text-delta', 'a'],
      ['text-delta', 'b'],
      ['text-delta', 'c'],
      ['finish', 'stop', undefined, undefined],
    ]);
  });

  it('passes reasoning on as reasoning, and content given as parts as text', async () => {
    const events = [
      chunk({ reasoning_content: 'hmm' }),
      chunk({ content: [{ type: 'text', text: 'x' }, { type: 'image' }] }),
      chunk({}, 'stop'),
    ];
    expect(await fromPieces(events.map((e) => `data: ${e}\n\n`))).toEqual([
      ['reasoning-delta', 'hmm'],
      ['text-delta', 'x'],
      ['finish', 'stop', undefined, undefined],
    ]);
  });

  it('says what is wrong with a bad chunk, an error chunk and a stream with no finish reason', async () => {
    expect(await fromPieces(['data: {not json\n\n', `data: ${chunk({}, 'stop')}\n\n`])).toEqual([
      ['error', 'AI_JSONParseError'],
      ['finish', 'stop', undefined, undefined],
    ]);
    expect(await fromPieces([`data: ${JSON.stringify({ error: { message: 'overloaded' } })}\n\n`])).toEqual([
      ['error', 'object'],
      ['finish', 'error', undefined, undefined],
    ]);
    expect(await fromPieces([`data: ${chunk({ content: 'half' })}\n\n`])).toEqual([
      ['text-delta', 'half'],
      ['error', 'AI_InvalidResponseDataError'],
      ['finish', 'error', undefined, undefined],
    ]);
  });

  it('is used only for text turns with nothing else asked', () => {
    expect(isPlainCompatibleChat(request)).toBe(true);
    expect(isPlainCompatibleChat({ ...request, effort: 'high' })).toBe(false);
    expect(
      isPlainCompatibleChat({ ...request, tools: [{ name: 't', description: 'd', inputSchema: {} }] }),
    ).toBe(false);
    expect(isPlainCompatibleChat({ ...request, responseFormat: { schema: {}, name: 'x' } })).toBe(false);
    expect(
      isPlainCompatibleChat({
        ...request,
        messages: [{ role: 'assistant', content: '', toolCalls: [{ id: '1', name: 't', input: {} }] }],
      }),
    ).toBe(false);
  });
});
