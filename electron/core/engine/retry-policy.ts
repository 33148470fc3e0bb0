// Whether a failed model call is worth another attempt, for every level that retries above the gateway
// (workflow step retries, the autonomous loop's error budget): the same rule as the gateway's own; and how
// long a step waits before its next attempt.
import { ModelError } from '../providers/gateway';
import { isRetryableStatus } from '../providers/errors';

/**
 * False for what another attempt cannot fix: no provider, an unknown provider, a cancel, and a client error
 * other than 408/409/429 (a 400, 401, 403, 404, 413 or 422 says the request itself is wrong).
 */
export function worthRetrying(error: unknown): boolean {
  if (!(error instanceof ModelError)) return true;
  if (['no-provider', 'unknown-provider', 'cancelled'].includes(error.code)) return false;
  const status = error.details.status;
  if (error.code === 'http' && status !== undefined && status >= 400 && status < 500)
    return isRetryableStatus(status);
  return true;
}

/** Exponential backoff with full jitter on the upper half: base·2^(n-1) · [0.5, 1), capped at 10 s. */
export function backoff(baseMs: number, attempt: number): number {
  const ceiling = Math.min(10_000, baseMs * 2 ** (attempt - 1));
  return ceiling / 2 + Math.random() * (ceiling / 2);
}
