// The card's and the command bar's messages go through their schemas (shared/ipc/shell.ts) both ways:
// what a page sends is checked on receipt, what the main process sends is checked before it leaves.
import type { WebContents } from 'electron';
import type { z } from 'zod';

/** A page's message if it matches `schema`, else null: the caller ignores it, as a forged one would be. */
export function receiveShellMessage<S extends z.ZodType>(schema: S, payload: unknown): z.output<S> | null {
  const result = schema.safeParse(payload);
  return result.success ? result.data : null;
}

/**
 * Sends `payload` on `channel` once it matches `schema`. A message that does not is a bug of ours: it is
 * logged and not sent, so the page never renders something it was not written for.
 */
export function sendShellMessage<S extends z.ZodType>(
  contents: Pick<WebContents, 'send'>,
  channel: string,
  schema: S,
  payload: z.input<S>,
): boolean {
  const result = schema.safeParse(payload);
  if (!result.success) {
    console.error(`[skilldeck] not sent on ${channel}, it does not match its schema:`, result.error.message);
    return false;
  }
  contents.send(channel, result.data);
  return true;
}
