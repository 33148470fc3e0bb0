// Whether a failed model call is worth another attempt, for every level that retries above the gateway
// (workflow step retries, the autonomous loop's error budget): the same rule as the gateway's own.
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
