// Turns what the AI SDK and fetch throw into ModelErrors a user can act on. Messages name the provider,
// its base URL, the model or the status — never the request body (user text) or the key.
import { APICallError } from '@ai-sdk/provider';
import type { ErrorWords } from '../../../shared/ipc/result';
import { ModelError } from './gateway';

export interface CallTarget {
  provider: string;
  model: string;
  baseUrl: string;
}

const RETRYABLE_STATUS = new Set([408, 409, 429]);

export const isRetryableStatus = (status: number) => RETRYABLE_STATUS.has(status) || status >= 500;

/** `Retry-After` (seconds or an HTTP date) or `retry-after-ms`, in ms; undefined when absent or unreadable. */
export function parseRetryAfter(
  headers: Record<string, string> | undefined,
  now = Date.now(),
): number | undefined {
  if (!headers) return undefined;
  const get = (name: string) => Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
  const ms = get('retry-after-ms');
  if (ms !== undefined && Number.isFinite(Number(ms)) && Number(ms) >= 0) return Number(ms);
  const value = get('retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** The provider's own error text (from its JSON error body), shortened and with the key masked. */
function providerSays(error: APICallError, key: string | null): string {
  let text = error.message;
  if (key) text = text.split(key).join('***');
  text = text.replace(/\s+/g, ' ').trim();
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

export function httpMessage(status: number, target: CallTarget, said: string): string {
  const { provider, model } = target;
  if (status === 401)
    return `the provider refused the API key (401) — check the key of "${provider}" in Settings`;
  if (status === 403)
    return `${provider} denied access (403) — check the key's permissions in Settings: ${said}`;
  if (status === 404)
    return `${provider} does not know the model "${model}" (404) — check the model name: ${said}`;
  if (status === 408) return `${provider} timed out on the request (408)`;
  if (status === 413) return `the prompt is too large for ${provider} (413) — shorten the input`;
  if (status === 429) return `${provider} is rate-limiting requests (429): ${said}`;
  if (status >= 500) return `${provider} had a server error (${status}): ${said}`;
  return `${provider} rejected the request (${status}) for model "${model}": ${said}`;
}

/** httpMessage as data, for the dashboard's language (errors:provider.<key>). */
export function httpWords(status: number, target: CallTarget, said: string): ErrorWords {
  const { provider, model } = target;
  const words = (key: string, values: Record<string, string | number>) => ({
    key: `provider.${key}`,
    values,
  });
  if (status === 401) return words('keyRefused', { provider });
  if (status === 403) return words('denied', { provider, said });
  if (status === 404) return words('unknownModel', { provider, model, said });
  if (status === 408) return words('timedOut', { provider });
  if (status === 413) return words('tooLarge', { provider });
  if (status === 429) return words('rateLimited', { provider, said });
  if (status >= 500) return words('serverError', { provider, status, said });
  return words('rejected', { provider, status, model, said });
}

/** networkError's message as data. */
export const networkWords = (target: CallTarget): ErrorWords => ({
  key: 'provider.unreachable',
  values: { provider: target.provider, baseUrl: target.baseUrl },
});

function isAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');
}

/** Classifies one failure of a call. Abort and timeouts are decided by the caller, which knows why. */
export function toModelError(
  error: unknown,
  target: CallTarget,
  key: string | null,
  now: () => number = Date.now,
): ModelError {
  if (error instanceof ModelError) return error;
  if (APICallError.isInstance(error)) {
    const status = error.statusCode;
    if (status !== undefined && status < 400) {
      // The SDK's "Failed to process successful response": the body broke off after a 2xx.
      return new ModelError(
        'network',
        `the connection to ${target.provider} (${target.baseUrl}) broke while the answer was streaming`,
        { retryable: true },
      );
    }
    if (status !== undefined) {
      const retryAfterMs = parseRetryAfter(error.responseHeaders, now());
      const said = providerSays(error, key);
      return new ModelError('http', httpMessage(status, target, said), {
        status,
        retryable: isRetryableStatus(status),
        retryAfterMs,
        said,
        words: httpWords(status, target, said),
      });
    }
    return networkError(target);
  }
  if (isAbort(error)) return new ModelError('cancelled', 'the model call was cancelled');
  if (
    error instanceof TypeError ||
    (error instanceof Error && /terminated|socket|ECONN|fetch failed/i.test(error.message))
  ) {
    return networkError(target);
  }
  const name = error instanceof Error ? error.name : typeof error;
  return new ModelError(
    'bad-response',
    `${target.provider} sent a response that could not be read (${name})`,
    {
      retryable: false,
    },
  );
}

export function networkError(target: CallTarget): ModelError {
  return new ModelError(
    'network',
    `cannot reach ${target.provider} at ${target.baseUrl} (network error) — is it running and is the base URL right?`,
    { retryable: true, words: networkWords(target) },
  );
}
