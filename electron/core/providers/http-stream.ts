// One streamed POST over Node's own http/https, for the plain-chat client (compatible-chat.ts). Node's
// `fetch` is undici, compiled on its first use: ~20 ms of every CLI run's start before its first request
// (bench/cli), and more CPU per call than a plain request (bench/workflow-hops). What the client needs of an
// answer is small — the status, the headers, the body read chunk by chunk, cancelled — so this gives it
// that, with keep-alive sockets as fetch keeps them. Errors keep fetch's shapes: a connection that fails is
// a TypeError "fetch failed" (its cause the socket's error), a cancel an AbortError.
import http from 'node:http';
import https from 'node:https';

/** An answer whose body is read in chunks: what the plain-chat client reads of fetch's Response too. */
export interface StreamedAnswer {
  status: number;
  statusText: string;
  /** Lower-case names; a header sent several times joined by ", " (as fetch's Headers give it). */
  headers: Record<string, string>;
  read(): Promise<{ done: boolean; value?: Uint8Array }>;
  /** Stops reading and closes the connection (a keep-alive socket is not reused mid-answer). */
  cancel(): Promise<void>;
  /** The whole body as text (an error answer's words). */
  text(): Promise<string>;
}

export interface PostInit {
  headers: Record<string, string>;
  body: string;
  signal: AbortSignal;
}

// sockets kept open between calls, as fetch's pool keeps them (a workflow's steps go to one server)
const agents = {
  http: new http.Agent({ keepAlive: true }),
  https: new https.Agent({ keepAlive: true }),
};

const abortError = () => Object.assign(new Error('This operation was aborted'), { name: 'AbortError' });
const fetchFailed = (cause: unknown) => Object.assign(new TypeError('fetch failed'), { cause });

/** As many redirects as fetch follows. */
const MAX_REDIRECTS = 20;

/**
 * POSTs `init.body` to `url` and resolves once the server has answered its status line and headers.
 * Redirects are followed as fetch follows a POST's: a 307 or 308 sends the same request on (the key only
 * to the same origin); any other status, 301–303 included, is the answer.
 */
export async function postForStream(url: string, init: PostInit): Promise<StreamedAnswer> {
  let current = url;
  let headers = init.headers;
  for (let hop = 0; ; hop++) {
    const answer = await postOnce(current, { ...init, headers });
    const location = answer.headers.location;
    if ((answer.status !== 307 && answer.status !== 308) || location === undefined) return answer;
    await answer.cancel();
    if (hop === MAX_REDIRECTS) throw fetchFailed(new Error('redirect count exceeded'));
    let next: URL;
    try {
      next = new URL(location, current);
    } catch (error) {
      throw fetchFailed(error);
    }
    if (next.origin !== new URL(current).origin) {
      headers = Object.fromEntries(Object.entries(headers).filter(([name]) => name !== 'authorization'));
    }
    current = next.href;
  }
}

function postOnce(url: string, init: PostInit): Promise<StreamedAnswer> {
  const target = new URL(url);
  const secure = target.protocol === 'https:';
  if (!secure && target.protocol !== 'http:')
    return Promise.reject(fetchFailed(new Error(`${target.protocol} is not http or https`)));
  if (init.signal.aborted) return Promise.reject(abortError());
  const body = Buffer.from(init.body);
  return new Promise<StreamedAnswer>((resolve, reject) => {
    const request = (secure ? https : http).request(target, {
      method: 'POST',
      agent: secure ? agents.https : agents.http,
      headers: { ...init.headers, 'content-length': String(body.length) },
    });
    let answered: http.IncomingMessage | undefined;
    const onAbort = () => {
      const error = abortError();
      if (!answered) reject(error);
      request.destroy(error);
      answered?.destroy(error);
    };
    init.signal.addEventListener('abort', onAbort, { once: true });
    const settle = () => init.signal.removeEventListener('abort', onAbort);

    request.on('error', (error) => {
      settle();
      if (!answered) reject(init.signal.aborted ? abortError() : fetchFailed(error));
    });
    request.on('response', (response) => {
      answered = response;
      response.once('close', settle);
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(response.headers))
        if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
      // the body's chunks as the stream gives them, paused while not read; a cancel or a cut-off rejects
      // the read in progress with the stream's error
      const chunks: AsyncIterator<Buffer> = response[Symbol.asyncIterator]();
      const read = async (): Promise<{ done: boolean; value?: Uint8Array }> => {
        const next = await chunks.next();
        return next.done ? { done: true } : { done: false, value: next.value };
      };
      resolve({
        status: response.statusCode ?? 0,
        statusText: response.statusMessage ?? '',
        headers,
        read,
        // ends the iteration: the stream (and its socket) is destroyed, later reads are done
        cancel: async () => void (await chunks.return?.()),
        text: async () => {
          const parts: Uint8Array[] = [];
          for (;;) {
            const { done, value } = await read();
            if (done) return Buffer.concat(parts).toString('utf8');
            parts.push(value!);
          }
        },
      });
    });
    request.end(body);
  });
}

/** fetch's Response as a StreamedAnswer (the client given a fetch of its own, as tests give one). */
export async function fetchForStream(
  fetchImpl: typeof fetch,
  url: string,
  init: PostInit,
): Promise<StreamedAnswer> {
  const response = await fetchImpl(url, { method: 'POST', ...init });
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  const body = () => (reader ??= response.body?.getReader());
  return {
    status: response.status,
    statusText: response.statusText,
    headers: Object.fromEntries(response.headers),
    read: async () => body()?.read() ?? { done: true },
    cancel: async () => body()?.cancel(),
    text: () => response.text(),
  };
}
