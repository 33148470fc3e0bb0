import { contract, type Handlers } from '../../../shared/ipc/contract';
import { isChannel } from '../../../shared/ipc/names';
import { AppError, fail, ok, type Result } from '../../../shared/ipc/result';
import type { z } from 'zod';

export type Dispatch = (channel: unknown, input: unknown) => Promise<Result<unknown>>;

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message))
    .join('; ');
}

/**
 * The one entry point every transport calls. Validates the input against the contract, runs the
 * handler, validates its output, and turns every failure into an envelope: it never throws.
 */
export function createDispatch(handlers: Handlers, onInternalError?: (error: unknown) => void): Dispatch {
  return async (channel, input) => {
    if (!isChannel(channel)) {
      const shown =
        typeof channel === 'string' ? JSON.stringify(channel.slice(0, 80)) : `of type ${typeof channel}`;
      return fail('UNKNOWN_CHANNEL', `unknown channel ${shown}`);
    }
    const spec = contract[channel];
    const parsed = spec.input.safeParse(input);
    if (!parsed.success) return fail('INVALID_INPUT', `${channel}: ${describeIssues(parsed.error)}`);
    try {
      const handler = handlers[channel] as (input: unknown) => unknown;
      const value = await handler(parsed.data);
      const checked = spec.output.safeParse(value);
      if (!checked.success) {
        onInternalError?.(checked.error);
        return fail('INTERNAL', `${channel} produced an invalid answer: ${describeIssues(checked.error)}`);
      }
      return ok(checked.data);
    } catch (error) {
      if (error instanceof AppError) return fail(error.code, error.message, error.words);
      onInternalError?.(error);
      return fail('INTERNAL', `${channel} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
}
