// A plain text chat with an OpenAI-compatible server, streamed, without the AI SDK's stream stages: for a
// workflow step's call to a fast local model, the SDK's web streams (text decoder, event-source parser, two
// transforms) and its zod check of every chunk cost more CPU than the engine's own work (~0.6 ms a call,
// bench/workflow-hops). Used only where it sends the body the SDK sends — an openai-compatible provider,
// text turns, no tools, no response format — and it yields the SDK's stream parts, errors included, so the
// gateway reads both alike. It sends over node:http (http-stream.ts), not fetch: undici's first use is
// ~20 ms of a CLI run's start, and fetch's streams cost CPU on every call.
import { APICallError, type LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { createParser } from 'eventsource-parser';
import type { StreamTextRequest } from './gateway';
import { fetchForStream, postForStream, type StreamedAnswer } from './http-stream';

/** The part reader the gateway reads a model's stream with (a ReadableStream's reader fits it too). */
export interface PartReader {
  read(): Promise<
    { done: true; value?: LanguageModelV3StreamPart } | { done: false; value: LanguageModelV3StreamPart }
  >;
  cancel(): Promise<void>;
}

/** Whether the request is one this client sends as the SDK would: text turns only, nothing else asked. */
export function isPlainCompatibleChat(request: StreamTextRequest): boolean {
  if ((request.tools?.length ?? 0) > 0 || request.responseFormat || request.effort) return false;
  return request.messages.every(
    (m) =>
      m.role === 'user' ||
      (m.role === 'assistant' && m.content !== '' && !m.toolCalls?.length && !m.reasoning?.length),
  );
}

export interface CompatibleChatCall {
  baseUrl: string;
  model: string;
  apiKey: string | null;
  maxOutputTokens: number;
  request: StreamTextRequest;
  signal: AbortSignal;
  /** A fetch of the caller's (tests); without one the request goes over node:http (http-stream.ts). */
  fetch?: typeof fetch;
}

const named = (name: string, message: string) => Object.assign(new Error(message), { name });

const FINISH: Record<string, 'stop' | 'length' | 'content-filter' | 'tool-calls'> = {
  stop: 'stop',
  length: 'length',
  content_filter: 'content-filter',
  function_call: 'tool-calls',
  tool_calls: 'tool-calls',
};

interface Chunk {
  error?: unknown;
  choices?: {
    delta?: { content?: unknown; reasoning_content?: unknown; reasoning?: unknown } | null;
    finish_reason?: unknown;
  }[];
  usage?: { prompt_tokens?: number | null; completion_tokens?: number | null } | null;
}

/** Sends the chat and answers a reader of its stream parts once the server has answered 2xx. */
export async function streamCompatibleChat(call: CompatibleChatCall): Promise<PartReader> {
  const { request } = call;
  const messages: { role: string; content: string }[] = [];
  if (request.system !== '') messages.push({ role: 'system', content: request.system });
  for (const m of request.messages)
    if (m.role !== 'tool') messages.push({ role: m.role, content: m.content });
  const body = {
    model: call.model,
    max_tokens: call.maxOutputTokens,
    messages,
    stream: true,
    stream_options: { include_usage: true },
  };
  const url = `${call.baseUrl.endsWith('/') ? call.baseUrl.slice(0, -1) : call.baseUrl}/chat/completions`;
  // the SDK's user agent names the SDK; this one names the app (some gateways refuse a bare "node")
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': `skilldeck runtime/node.js/${process.version}`,
  };
  if (call.apiKey) headers.authorization = `Bearer ${call.apiKey}`;
  const init = { headers, body: JSON.stringify(body), signal: call.signal };
  const response = await (call.fetch ? fetchForStream(call.fetch, url, init) : postForStream(url, init));
  if (response.status < 200 || response.status > 299) throw await failure(response, url, body);
  // a body that breaks off after a 2xx: the SDK's error for it (a cancel stays the abort it is)
  const broken = (error: unknown) =>
    error instanceof Error && error.name === 'AbortError'
      ? error
      : new APICallError({
          message: 'Failed to process successful response',
          cause: error,
          url,
          requestBodyValues: body,
          statusCode: response.status,
          responseHeaders: response.headers,
        });
  return partsOf({
    read: () => response.read().catch((error: unknown) => Promise.reject(broken(error))),
    cancel: () => response.cancel(),
  });
}

/** The error the SDK makes of a refusal: the body's `error.message`, else the status text. */
async function failure(response: StreamedAnswer, url: string, body: unknown): Promise<APICallError> {
  const text = await response.text().catch(() => '');
  let message = response.statusText;
  try {
    const said = (JSON.parse(text) as { error?: { message?: unknown } }).error?.message;
    if (typeof said === 'string') message = said;
  } catch {
    // not JSON: the status text
  }
  return new APICallError({
    message,
    url,
    requestBodyValues: body,
    statusCode: response.status,
    responseHeaders: response.headers,
    responseBody: text,
    isRetryable:
      response.status === 408 || response.status === 409 || response.status === 429 || response.status >= 500,
  });
}

/** Reads the event stream: each `data:` event's JSON chunk becomes the SDK's parts, in order. */
function partsOf(body: {
  read(): Promise<{ done: boolean; value?: Uint8Array }>;
  cancel(): Promise<void>;
}): PartReader {
  const decoder = new TextDecoder();
  const queue: LanguageModelV3StreamPart[] = [];
  let ended = false;
  let finishReason: { unified: string; raw: string | undefined } | undefined;
  let usage: Chunk['usage'];
  let reasoning = false;

  const chunk = (json: string) => {
    if (json === '[DONE]') return;
    let value: Chunk;
    try {
      value = JSON.parse(json) as Chunk;
    } catch {
      return fail(named('AI_JSONParseError', 'JSON parsing failed'));
    }
    if (typeof value !== 'object' || value === null)
      return fail(named('AI_TypeValidationError', 'not a chunk'));
    if (value.error !== undefined && typeof value.error === 'object') return fail(value.error);
    if (!Array.isArray(value.choices))
      return fail(named('AI_TypeValidationError', 'a chunk without choices'));
    if (value.usage != null) usage = value.usage;
    const choice = value.choices[0];
    if (choice?.finish_reason != null) {
      const raw = String(choice.finish_reason);
      finishReason = { unified: FINISH[raw] ?? 'other', raw };
    }
    const delta = choice?.delta;
    if (delta == null) return;
    const thought = delta.reasoning_content ?? delta.reasoning;
    if (typeof thought === 'string' && thought !== '') {
      if (!reasoning) queue.push({ type: 'reasoning-start', id: 'reasoning-0' });
      reasoning = true;
      queue.push({ type: 'reasoning-delta', id: 'reasoning-0', delta: thought });
    }
    const content = delta.content;
    if (content == null) return;
    if (typeof content === 'string') {
      if (content !== '') queue.push({ type: 'text-delta', id: 'txt-0', delta: content });
    } else if (Array.isArray(content)) {
      for (const part of content as { type?: unknown; text?: unknown }[]) {
        if (part.type === 'text' && typeof part.text === 'string' && part.text !== '')
          queue.push({ type: 'text-delta', id: 'txt-0', delta: part.text });
      }
    } else fail(named('AI_TypeValidationError', 'a chunk whose content is not text'));
  };

  function fail(error: unknown) {
    finishReason = { unified: 'error', raw: undefined };
    queue.push({ type: 'error', error });
  }

  // the event stream's framing (LF, CRLF or CR lines, `data:` fields joined, comments) by the parser the
  // SDK itself uses; each event's data is one JSON chunk
  const events = createParser({ onEvent: (event) => chunk(event.data) });

  const finish = () => {
    if (!finishReason)
      fail(named('AI_InvalidResponseDataError', 'Response stream ended without a finish reason.'));
    queue.push({
      type: 'finish',
      finishReason: finishReason as { unified: 'stop'; raw: string | undefined },
      usage: {
        inputTokens: {
          total: usage?.prompt_tokens ?? undefined,
          noCache: undefined,
          cacheRead: undefined,
          cacheWrite: undefined,
        },
        outputTokens: { total: usage?.completion_tokens ?? undefined, text: undefined, reasoning: undefined },
      },
    });
  };

  return {
    async read() {
      while (queue.length === 0) {
        if (ended) return { done: true };
        const { done, value } = await body.read();
        if (done) {
          events.feed(decoder.decode());
          ended = true;
          finish();
        } else events.feed(decoder.decode(value, { stream: true }));
      }
      return { done: false, value: queue.shift()! };
    },
    cancel: () => body.cancel(),
  };
}
