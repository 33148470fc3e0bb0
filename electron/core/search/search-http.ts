// One request to a search backend: with a timeout, the body read up to a cap, network failures said as a
// SearchError. The address is the user's configuration (a SearXNG on localhost is fine), not the model's
// choice, so WebFetch's private-address refusal does not apply here.
import type { SearchBackend } from '../../../shared/types/web-search';
import { BACKEND_NAMES, SearchError } from './search-error';

/** How long one search may take (the tests shorten it). */
export const SEARCH_TIMEOUT_MS = 15_000;
const MAX_BODY_BYTES = 4 * 1024 * 1024;
const USER_AGENT = 'Mozilla/5.0 (compatible; Skilldeck WebSearch)';

export interface SearchRequest {
  backend: SearchBackend;
  url: URL;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** A form body (POST). */
  form?: Record<string, string>;
  signal: AbortSignal;
  timeoutMs: number;
}

export interface SearchResponse {
  status: number;
  headers: Headers;
  text: string;
}

export async function searchRequest(r: SearchRequest): Promise<SearchResponse> {
  const signal = AbortSignal.any([r.signal, AbortSignal.timeout(r.timeoutMs)]);
  const headers: Record<string, string> = { 'user-agent': USER_AGENT, ...r.headers };
  let body: string | undefined;
  if (r.form) {
    body = new URLSearchParams(r.form).toString();
    headers['content-type'] = 'application/x-www-form-urlencoded';
  }
  try {
    const response = await fetch(r.url, { method: r.method ?? 'GET', headers, body, signal });
    return { status: response.status, headers: response.headers, text: await readCapped(response) };
  } catch (error) {
    // cancelled by the run: not the backend's fault, the caller says so
    if (r.signal.aborted) throw error;
    const name = (error as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError')
      throw new SearchError(
        'timedOut',
        { backend: BACKEND_NAMES[r.backend], seconds: Math.round(r.timeoutMs / 100) / 10 },
        { cause: error },
      );
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    throw new SearchError(
      'unreachable',
      {
        backend: BACKEND_NAMES[r.backend],
        url: r.url.origin,
        why: cause?.code ?? cause?.message ?? (error as Error).message,
      },
      { cause: error },
    );
  }
}

async function readCapped(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.length;
    if (size >= MAX_BODY_BYTES) {
      await reader.cancel();
      break;
    }
  }
  return new TextDecoder().decode(Buffer.concat(chunks).subarray(0, MAX_BODY_BYTES));
}

/** Seconds from a Retry-After header (seconds or an HTTP date), when it gives any. */
export function retryAfterSeconds(headers: Headers, now = Date.now()): number | undefined {
  const value = headers.get('retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

/** The error every backend shares for a status that is not a result: rate limit, server error, refusal. */
export function statusError(backend: SearchBackend, response: SearchResponse, said: string): SearchError {
  const name = BACKEND_NAMES[backend];
  if (response.status === 429) {
    const seconds = retryAfterSeconds(response.headers);
    return seconds === undefined
      ? new SearchError('rateLimitedNoWait', { backend: name })
      : new SearchError('rateLimited', { backend: name, seconds });
  }
  if (response.status >= 500)
    return new SearchError('serverError', { backend: name, status: response.status });
  return new SearchError('refused', { backend: name, status: response.status, said });
}
