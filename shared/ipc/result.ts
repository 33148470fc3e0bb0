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

/**
 * The same error as data, for a dashboard that words it in its own language (`errors:<key>` in the
 * renderer's locales); `message` stays the English text every client can show.
 */
export const ErrorWords = z.object({
  key: z.string().regex(/^[a-zA-Z][\w.]*$/),
  values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type ErrorWords = z.infer<typeof ErrorWords>;

export const IpcError = z.object({ code: ErrorCode, message: z.string(), words: ErrorWords.optional() });
export type IpcError = z.infer<typeof IpcError>;

export type Result<T> = { ok: true; value: T } | { ok: false; error: IpcError };

export const ResultEnvelope = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), value: z.unknown() }),
  z.object({ ok: z.literal(false), error: IpcError }),
]);

export { fail, ok } from './envelope';

/** Thrown inside handlers to answer with a specific code; anything else becomes INTERNAL. */
export class AppError extends Error {
  /** The error as data, for a dashboard in another language (see ErrorWords). */
  readonly words: ErrorWords | undefined;
  constructor(
    readonly code: ErrorCode,
    message: string,
    options?: { cause?: unknown; words?: ErrorWords },
  ) {
    super(message, options);
    this.words = options?.words;
    this.name = 'AppError';
  }
}
