// The answer envelopes, without zod: what the host can say before the core and its schemas are loaded
// (electron/cli/host.ts answers bad requests while serve is still starting). result.ts re-exports them.
import type { ErrorCode, ErrorWords, Result } from './result';

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const fail = (code: ErrorCode, message: string, words?: ErrorWords): Result<never> => ({
  ok: false,
  error: { code, message, ...(words ? { words } : {}) },
});
