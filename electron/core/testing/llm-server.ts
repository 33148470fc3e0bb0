// A local HTTP server speaking the OpenAI chat-completions and Anthropic messages wire formats, for tests
// and benchmarks: no machine here reaches a real model, so the engine is exercised against this instead.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PlannedToolCall {
  id?: string;
  name: string;
  /** JSON text of the arguments; streamed in `argumentChunks` pieces when given. */
  arguments: string;
  argumentChunks?: string[];
}

/** One planned answer. Every field is optional: `{}` answers with an empty text. */
export interface PlannedResponse {
  text?: string;
  /** The text split into these deltas (default: the whole text as one delta). */
  chunks?: string[];
  /** Wait before the first byte of the response (headers included). */
  delayMs?: number;
  /** Wait between two chunks. */
  chunkDelayMs?: number;
  /** An error status: the body is `errorBody` or the API's own error format with `errorMessage`. */
  status?: number;
  errorMessage?: string;
  errorBody?: unknown;
  retryAfter?: string;
  /** Destroy the socket after this many text chunks (a mid-stream disconnect). */
  disconnectAfterChunks?: number;
  toolCalls?: PlannedToolCall[];
  /** Default 'stop' / 'end_turn' ('tool_calls' / 'tool_use' when there are tool calls). */
  finishReason?: string;
  usage?: { inputTokens: number; outputTokens: number };
  /** Anthropic streams: a thinking block first (thinking_delta, then signature_delta), as with a budget. */
  thinking?: { text: string; signature: string };
}

export type LlmApi = 'openai' | 'anthropic';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The parsed JSON body (undefined for GET or a body that is not JSON). */
  body: unknown;
  api: LlmApi | 'models' | 'other';
  receivedAt: number;
  /** When the client closed the connection before the response was complete (undefined otherwise). */
  clientDisconnectedAt?: number;
  /** When the response ended normally. */
  finishedAt?: number;
  /** The server cut the stream on purpose (`disconnectAfterChunks`). */
  cutByServer?: boolean;
}

/** How the server answers a key it refuses. */
export type KeyAnswer = Pick<PlannedResponse, 'status' | 'errorMessage' | 'retryAfter'> & { status: number };

/** The API key a request carried (`Authorization: Bearer …` or Anthropic's `x-api-key`), if any. */
export function requestKey(request: Pick<RecordedRequest, 'headers'>): string | undefined {
  const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
  const header = request.headers['x-api-key'];
  return bearer ?? (typeof header === 'string' && header !== '' ? header : undefined);
}

export type Responder = (request: RecordedRequest) => PlannedResponse | Promise<PlannedResponse>;

export interface LlmServer {
  /** Base URL without a trailing slash, e.g. `http://127.0.0.1:41234` (the APIs are under `/v1`). */
  url: string;
  /** Every request received, in order. */
  requests: RecordedRequest[];
  /** Queues planned responses, used first-in first-out before the default responder. */
  script(...responses: PlannedResponse[]): void;
  /** Answers when the queue is empty (default: echoes the last user message). */
  setResponder(responder: Responder): void;
  /** The models `GET /v1/models` lists (default `['llama3.2']`). */
  setModels(models: string[]): void;
  /**
   * Answers requests made with these API keys (`Authorization: Bearer` or `x-api-key`) with an error, as a
   * provider does for a revoked or rate-limited key — on every API, `/models` too. A list is used up one
   * answer per request, after which the key is accepted; a single answer is given every time.
   */
  refuseKeys(answers: Record<string, KeyAnswer | KeyAnswer[]>): void;
  /** Resolves when `count` requests have been received. */
  waitForRequests(count: number): Promise<void>;
  /** Resolves when the client of request `index` has disconnected (rejects after `timeoutMs`). */
  waitForDisconnect(index: number, timeoutMs?: number): Promise<number>;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function lastUserText(body: unknown): string {
  const messages = (body as { messages?: { role: string; content: unknown }[] } | undefined)?.messages ?? [];
  const last = [...messages].reverse().find((m) => m.role === 'user');
  if (!last) return '';
  if (typeof last.content === 'string') return last.content;
  if (Array.isArray(last.content)) {
    return (last.content as { type?: string; text?: string }[])
      .filter((part) => part.type === 'text')
      .map((part) => part.text ?? '')
      .join('');
  }
  return '';
}

export const echoResponder: Responder = (request) => ({ text: lastUserText(request.body) });

function errorPayload(api: LlmApi, status: number, message: string): unknown {
  if (api === 'anthropic') {
    const type =
      status === 401
        ? 'authentication_error'
        : status === 403
          ? 'permission_error'
          : status === 404
            ? 'not_found_error'
            : status === 429
              ? 'rate_limit_error'
              : status === 529
                ? 'overloaded_error'
                : status >= 500
                  ? 'api_error'
                  : 'invalid_request_error';
    return { type: 'error', error: { type, message } };
  }
  const type =
    status === 429 ? 'rate_limit_exceeded' : status >= 500 ? 'server_error' : 'invalid_request_error';
  const code = status === 401 ? 'invalid_api_key' : status === 404 ? 'model_not_found' : null;
  return { error: { message, type, param: null, code } };
}

function defaultErrorMessage(status: number): string {
  if (status === 401) return 'Incorrect API key provided.';
  if (status === 404) return 'The model does not exist or you do not have access to it.';
  if (status === 429) return 'Rate limit reached.';
  if (status >= 500) return 'The server had an error while processing your request.';
  return 'Invalid request.';
}

interface Exchange {
  req: http.IncomingMessage;
  res: http.ServerResponse;
  record: RecordedRequest;
  closed: () => boolean;
}

/** Cuts the connection once what was written has reached the socket (else the client would see nothing). */
async function cut(ex: Exchange) {
  ex.record.cutByServer = true;
  await new Promise<void>((resolve) => ex.res.write('', () => resolve()));
  ex.res.socket?.destroy();
}

/** Writes chunks with the planned delays; false when the client went away or the plan cut the stream. */
async function writeChunks(
  ex: Exchange,
  plan: PlannedResponse,
  pieces: string[],
  frame: (piece: string) => string,
) {
  for (const [index, piece] of pieces.entries()) {
    if (ex.closed()) return false;
    if (plan.disconnectAfterChunks !== undefined && index >= plan.disconnectAfterChunks) {
      await cut(ex);
      return false;
    }
    if (index > 0 && plan.chunkDelayMs) await sleep(plan.chunkDelayMs);
    if (ex.closed()) return false;
    ex.res.write(frame(piece));
  }
  if (plan.disconnectAfterChunks !== undefined && pieces.length >= plan.disconnectAfterChunks) {
    await cut(ex);
    return false;
  }
  return true;
}

function textPieces(plan: PlannedResponse): string[] {
  if (plan.chunks) return plan.chunks;
  return plan.text ? [plan.text] : [];
}

async function answerOpenAi(ex: Exchange, plan: PlannedResponse) {
  const body = (ex.record.body ?? {}) as {
    model?: string;
    stream?: boolean;
    stream_options?: { include_usage?: boolean };
  };
  const id = `chatcmpl-${Math.random().toString(36).slice(2, 10)}`;
  const created = Math.floor(Date.now() / 1000);
  const model = body.model ?? 'unknown';
  const pieces = textPieces(plan);
  const text = pieces.join('');
  const tools = plan.toolCalls ?? [];
  const finish = plan.finishReason ?? (tools.length > 0 ? 'tool_calls' : 'stop');
  const usage = plan.usage ?? { inputTokens: 10, outputTokens: Math.max(1, pieces.length) };
  const usageJson = {
    prompt_tokens: usage.inputTokens,
    completion_tokens: usage.outputTokens,
    total_tokens: usage.inputTokens + usage.outputTokens,
  };

  if (!body.stream) {
    const message: Record<string, unknown> = { role: 'assistant', content: text };
    if (tools.length > 0) {
      message.tool_calls = tools.map((t, i) => ({
        id: t.id ?? `call_${i}`,
        type: 'function',
        function: { name: t.name, arguments: t.arguments },
      }));
    }
    ex.res.writeHead(200, { 'content-type': 'application/json' });
    ex.res.end(
      JSON.stringify({
        id,
        object: 'chat.completion',
        created,
        model,
        choices: [{ index: 0, message, finish_reason: finish }],
        usage: usageJson,
      }),
    );
    return;
  }

  const chunk = (choice: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [choice], ...extra })}\n\n`;
  ex.res.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
  ex.res.write(chunk({ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }));
  const ok = await writeChunks(ex, plan, pieces, (piece) =>
    chunk({ index: 0, delta: { content: piece }, finish_reason: null }),
  );
  if (!ok) return;
  for (const [i, tool] of tools.entries()) {
    if (ex.closed()) return;
    const callId = tool.id ?? `call_${i}`;
    const argPieces = tool.argumentChunks ?? [tool.arguments];
    ex.res.write(
      chunk({
        index: 0,
        delta: {
          tool_calls: [
            { index: i, id: callId, type: 'function', function: { name: tool.name, arguments: '' } },
          ],
        },
        finish_reason: null,
      }),
    );
    for (const piece of argPieces) {
      if (plan.chunkDelayMs) await sleep(plan.chunkDelayMs);
      if (ex.closed()) return;
      ex.res.write(
        chunk({
          index: 0,
          delta: { tool_calls: [{ index: i, function: { arguments: piece } }] },
          finish_reason: null,
        }),
      );
    }
  }
  ex.res.write(chunk({ index: 0, delta: {}, finish_reason: finish }));
  if (body.stream_options?.include_usage) {
    ex.res.write(
      `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [], usage: usageJson })}\n\n`,
    );
  }
  ex.res.end('data: [DONE]\n\n');
}

async function answerAnthropic(ex: Exchange, plan: PlannedResponse) {
  const body = (ex.record.body ?? {}) as { model?: string; stream?: boolean };
  const id = `msg_${Math.random().toString(36).slice(2, 12)}`;
  const model = body.model ?? 'unknown';
  const pieces = textPieces(plan);
  const text = pieces.join('');
  const tools = plan.toolCalls ?? [];
  const stop = plan.finishReason ?? (tools.length > 0 ? 'tool_use' : 'end_turn');
  const usage = plan.usage ?? { inputTokens: 10, outputTokens: Math.max(1, pieces.length) };

  if (!body.stream) {
    const content: unknown[] = [];
    if (text) content.push({ type: 'text', text });
    for (const [i, t] of tools.entries()) {
      content.push({
        type: 'tool_use',
        id: t.id ?? `toolu_${i}`,
        name: t.name,
        input: JSON.parse(t.arguments) as unknown,
      });
    }
    ex.res.writeHead(200, { 'content-type': 'application/json' });
    ex.res.end(
      JSON.stringify({
        id,
        type: 'message',
        role: 'assistant',
        model,
        content,
        stop_reason: stop,
        stop_sequence: null,
        usage: { input_tokens: usage.inputTokens, output_tokens: usage.outputTokens },
      }),
    );
    return;
  }

  const event = (type: string, data: Record<string, unknown>) =>
    `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
  ex.res.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
  ex.res.write(
    event('message_start', {
      message: {
        id,
        type: 'message',
        role: 'assistant',
        model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: usage.inputTokens, output_tokens: 1 },
      },
    }),
  );
  let block = 0;
  if (plan.thinking) {
    const delta = (d: Record<string, unknown>) => event('content_block_delta', { index: block, delta: d });
    ex.res.write(
      event('content_block_start', {
        index: block,
        content_block: { type: 'thinking', thinking: '', signature: '' },
      }),
    );
    ex.res.write(delta({ type: 'thinking_delta', thinking: plan.thinking.text }));
    ex.res.write(delta({ type: 'signature_delta', signature: plan.thinking.signature }));
    ex.res.write(event('content_block_stop', { index: block }));
    block += 1;
  }
  if (pieces.length > 0 || tools.length === 0) {
    ex.res.write(event('content_block_start', { index: block, content_block: { type: 'text', text: '' } }));
    const ok = await writeChunks(ex, plan, pieces, (piece) =>
      event('content_block_delta', { index: block, delta: { type: 'text_delta', text: piece } }),
    );
    if (!ok) return;
    ex.res.write(event('content_block_stop', { index: block }));
    block += 1;
  }
  for (const [i, tool] of tools.entries()) {
    if (ex.closed()) return;
    ex.res.write(
      event('content_block_start', {
        index: block,
        content_block: { type: 'tool_use', id: tool.id ?? `toolu_${i}`, name: tool.name, input: {} },
      }),
    );
    for (const piece of tool.argumentChunks ?? [tool.arguments]) {
      if (plan.chunkDelayMs) await sleep(plan.chunkDelayMs);
      if (ex.closed()) return;
      ex.res.write(
        event('content_block_delta', {
          index: block,
          delta: { type: 'input_json_delta', partial_json: piece },
        }),
      );
    }
    ex.res.write(event('content_block_stop', { index: block }));
    block += 1;
  }
  ex.res.write(
    event('message_delta', {
      delta: { stop_reason: stop, stop_sequence: null },
      usage: { output_tokens: usage.outputTokens },
    }),
  );
  ex.res.end(event('message_stop', {}));
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    req.on('data', (part: Buffer) => parts.push(part));
    req.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
    req.on('error', reject);
  });
}

export async function startLlmServer(
  options: { responder?: Responder; models?: string[] } = {},
): Promise<LlmServer> {
  const requests: RecordedRequest[] = [];
  const queue: PlannedResponse[] = [];
  let responder: Responder = options.responder ?? echoResponder;
  let models = options.models ?? ['llama3.2'];
  const refused = new Map<string, KeyAnswer | KeyAnswer[]>();
  /** The refusal this request's key gets now, if any (a list's next answer). */
  const refusalFor = (record: RecordedRequest): KeyAnswer | undefined => {
    const key = requestKey(record);
    const answers = key === undefined ? undefined : refused.get(key);
    return Array.isArray(answers) ? answers.shift() : answers;
  };
  const waiters = new Set<() => void>();
  const notify = () => {
    for (const waiter of [...waiters]) waiter();
  };

  const server = http.createServer((req, res) => {
    void (async () => {
      const raw = await readBody(req);
      let body: unknown;
      try {
        body = raw ? (JSON.parse(raw) as unknown) : undefined;
      } catch {
        body = undefined;
      }
      const path = (req.url ?? '/').split('?')[0]!;
      const api: RecordedRequest['api'] =
        req.method === 'POST' && path.endsWith('/chat/completions')
          ? 'openai'
          : req.method === 'POST' && path.endsWith('/messages')
            ? 'anthropic'
            : req.method === 'GET' && path.endsWith('/models')
              ? 'models'
              : 'other';
      const record: RecordedRequest = {
        method: req.method ?? 'GET',
        path,
        headers: req.headers,
        body,
        api,
        receivedAt: Date.now(),
      };
      requests.push(record);
      let done = false;
      res.on('close', () => {
        if (!done && !res.writableFinished && !record.cutByServer) record.clientDisconnectedAt = Date.now();
        notify();
      });
      res.on('finish', () => {
        done = true;
        record.finishedAt = Date.now();
      });
      notify();
      const ex: Exchange = {
        req,
        res,
        record,
        closed: () => res.destroyed || record.clientDisconnectedAt !== undefined,
      };

      const refusal = api === 'other' ? undefined : refusalFor(record);
      if (refusal) {
        const headers: http.OutgoingHttpHeaders = { 'content-type': 'application/json' };
        if (refusal.retryAfter !== undefined) headers['retry-after'] = refusal.retryAfter;
        res.writeHead(refusal.status, headers);
        const message = refusal.errorMessage ?? defaultErrorMessage(refusal.status);
        res.end(
          JSON.stringify(errorPayload(api === 'anthropic' ? 'anthropic' : 'openai', refusal.status, message)),
        );
        return;
      }
      if (api === 'models') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            object: 'list',
            data: models.map((id) => ({ id, object: 'model', created: 0, owned_by: 'local' })),
          }),
        );
        return;
      }
      if (api === 'other') {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            error: {
              message: `no route ${req.method ?? ''} ${path}`,
              type: 'invalid_request_error',
              code: null,
            },
          }),
        );
        return;
      }
      const plan = queue.shift() ?? (await responder(record));
      if (plan.delayMs) await sleep(plan.delayMs);
      if (ex.closed()) return;
      if (plan.status && plan.status >= 400) {
        const headers: http.OutgoingHttpHeaders = { 'content-type': 'application/json' };
        if (plan.retryAfter !== undefined) headers['retry-after'] = plan.retryAfter;
        res.writeHead(plan.status, headers);
        res.end(
          JSON.stringify(
            plan.errorBody ??
              errorPayload(api, plan.status, plan.errorMessage ?? defaultErrorMessage(plan.status)),
          ),
        );
        return;
      }
      if (api === 'openai') await answerOpenAi(ex, plan);
      else await answerAnthropic(ex, plan);
    })().catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: String(error), type: 'server_error', code: null } }));
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const waitFor = (test: () => boolean, timeoutMs: number, what: string) =>
    new Promise<void>((resolve, reject) => {
      if (test()) return resolve();
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`llm-server: timed out after ${timeoutMs} ms waiting for ${what}`));
      }, timeoutMs);
      const check = () => {
        if (!test()) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve();
      };
      waiters.add(check);
    });

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    script: (...responses) => queue.push(...responses),
    setResponder: (next) => {
      responder = next;
    },
    setModels: (next) => {
      models = next;
    },
    refuseKeys: (answers) => {
      for (const [key, answer] of Object.entries(answers))
        refused.set(key, Array.isArray(answer) ? [...answer] : answer);
    },
    waitForRequests: (count) => waitFor(() => requests.length >= count, 10_000, `${count} requests`),
    waitForDisconnect: async (index, timeoutMs = 5000) => {
      await waitFor(
        () => requests[index]?.clientDisconnectedAt !== undefined,
        timeoutMs,
        `request ${index} to disconnect`,
      );
      return requests[index]!.clientDisconnectedAt!;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
