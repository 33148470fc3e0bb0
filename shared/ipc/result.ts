import { z } from 'zod';

export const ErrorCode = z.enum([
  /** Not a message at all: not JSON, or not `{ id, channel, input }`. */
  'BAD_REQUEST',
  'UNKNOWN_CHANNEL',
  /** The input did not match the channel's schema; the message says which field. */
  'INVALID_INPUT',
  'NOT_FOUND',
  /** The change would clash with existing data (e.g. a hotkey already used by another skill). */
  'CONFLICT',
  /** The sender is not allowed to call this (wrong frame, missing token). */
  'FORBIDDEN',
  'INTERNAL',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

export const IpcError = z.object({ code: ErrorCode, message: z.string() });
export type IpcError = z.infer<typeof IpcError>;

export type Result<T> = { ok: true; value: T } | { ok: false; error: IpcError };

export const ResultEnvelope = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), value: z.unknown() }),
  z.object({ ok: z.literal(false), error: IpcError }),
]);

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const fail = (code: ErrorCode, message: string): Result<never> => ({
  ok: false,
  error: { code, message },
});

/** Thrown inside handlers to answer with a specific code; anything else becomes INTERNAL. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'AppError';
  }
}
