// A local HTTP server speaking OpenAI's speech-to-text wire format — `POST /v1/audio/transcriptions`,
// multipart in (file, model, language, prompt, response_format), `{ text }` / `verbose_json` / plain text
// out, OpenAI's error bodies — for tests: no machine here reaches a real endpoint. It records every request
// with the uploaded file's bytes, so a test can check what was sent is real audio of the right length.
// Multipart is parsed by Node's own fetch implementation (undici's `Request.formData()`), not by hand.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface UploadedFile {
  name: string;
  type: string;
  bytes: Uint8Array;
}

export interface TranscriptionRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The text fields of the form (`model`, `language`, `prompt`, `response_format`, `timestamp_granularities[]`…). */
  fields: Record<string, string>;
  file: UploadedFile | null;
  receivedAt: number;
}

/** One planned answer; `{}` answers with `text` from the default responder. */
export interface PlannedTranscription {
  text?: string;
  language?: string;
  /** Seconds, for verbose_json (default: the file's size guessed at 16 kB/s). */
  duration?: number;
  /** An error status with OpenAI's error body (`errorMessage`) or `errorBody` as is. */
  status?: number;
  errorMessage?: string;
  errorBody?: unknown;
  retryAfter?: string;
  delayMs?: number;
  /** verbose_json segments as a server without OpenAI's full shape sends them (only start, end, text). */
  sparseSegments?: boolean;
}

export type TranscriptionResponder = (
  request: TranscriptionRequest,
) => PlannedTranscription | Promise<PlannedTranscription>;

export interface TranscriptionServer {
  /** Base URL without a trailing slash; the API is under `/v1`. */
  url: string;
  requests: TranscriptionRequest[];
  script(...responses: PlannedTranscription[]): void;
  setResponder(responder: TranscriptionResponder): void;
  waitForRequests(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

const openAiError = (message: string, type = 'invalid_request_error') => ({
  error: { message, type, param: null, code: null },
});

/** The form of a multipart body, or null when it is not one. */
async function parseForm(req: http.IncomingMessage, body: Buffer) {
  const type = req.headers['content-type'] ?? '';
  if (!type.startsWith('multipart/form-data')) return null;
  try {
    return await new Request('http://local/', {
      method: 'POST',
      headers: { 'content-type': type },
      body,
    }).formData();
  } catch {
    return null;
  }
}

export async function startTranscriptionServer(
  options: { responder?: TranscriptionResponder } = {},
): Promise<TranscriptionServer> {
  const requests: TranscriptionRequest[] = [];
  const queue: PlannedTranscription[] = [];
  let responder: TranscriptionResponder = options.responder ?? (() => ({ text: 'Hello from Skilldeck.' }));
  const waiters = new Set<() => void>();

  const server = http.createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const path = (req.url ?? '/').split('?')[0]!;
      const send = (status: number, value: unknown, headers: Record<string, string> = {}) => {
        const text = typeof value === 'string' ? value : JSON.stringify(value);
        res.writeHead(status, {
          'content-type': typeof value === 'string' ? 'text/plain' : 'application/json',
          ...headers,
        });
        res.end(text);
      };
      if (req.method !== 'POST' || path !== '/v1/audio/transcriptions') {
        return send(404, openAiError(`Unknown request URL: ${req.method} ${path}`));
      }
      const form = await parseForm(req, body);
      const fields: Record<string, string> = {};
      let file: UploadedFile | null = null;
      for (const [name, value] of form?.entries() ?? []) {
        if (typeof value === 'string') fields[name] = value;
        else file = { name: value.name, type: value.type, bytes: new Uint8Array(await value.arrayBuffer()) };
      }
      const record: TranscriptionRequest = {
        method: req.method,
        path,
        headers: req.headers,
        fields,
        file,
        receivedAt: Date.now(),
      };
      requests.push(record);
      for (const waiter of [...waiters]) waiter();
      if (!form) return send(400, openAiError('Expected a multipart/form-data body'));
      if (!file) return send(400, openAiError("you must provide a 'file'"));
      if (!fields.model) return send(400, openAiError("you must provide a 'model'"));
      const plan = queue.shift() ?? (await responder(record));
      if (plan.delayMs) await sleep(plan.delayMs);
      if (plan.status && plan.status >= 400) {
        const headers: Record<string, string> = plan.retryAfter ? { 'retry-after': plan.retryAfter } : {};
        const type =
          plan.status === 401 ? 'invalid_api_key' : plan.status >= 500 ? 'server_error' : undefined;
        return send(plan.status, plan.errorBody ?? openAiError(plan.errorMessage ?? 'error', type), headers);
      }
      const text = plan.text ?? '';
      const format = fields.response_format ?? 'json';
      if (format === 'text') return send(200, text);
      if (format !== 'verbose_json') return send(200, { text });
      const duration = plan.duration ?? file.bytes.length / 16_000;
      const segments = plan.sparseSegments
        ? [{ start: 0, end: duration, text }]
        : [
            {
              id: 0,
              seek: 0,
              start: 0,
              end: duration,
              text,
              tokens: [1, 2, 3],
              temperature: 0,
              avg_logprob: -0.2,
              compression_ratio: 1.1,
              no_speech_prob: 0.01,
            },
          ];
      return send(200, {
        task: 'transcribe',
        language: plan.language ?? 'english',
        duration,
        text,
        segments,
      });
    })().catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify(openAiError(String(error), 'server_error')));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    script: (...responses) => void queue.push(...responses),
    setResponder: (next) => void (responder = next),
    waitForRequests: (count, timeoutMs = 10_000) =>
      new Promise<void>((resolve, reject) => {
        if (requests.length >= count) return resolve();
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(`waited ${timeoutMs} ms for ${count} transcription requests, got ${requests.length}`),
          );
        }, timeoutMs);
        const check = () => {
          if (requests.length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
