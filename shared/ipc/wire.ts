import { z } from 'zod';
import { ResultEnvelope } from './result';

/** WebSocket frames between the headless host and a browser client. */
export const WireRequest = z.object({
  id: z.union([z.number().int(), z.string().max(64)]),
  channel: z.string().max(128),
  input: z.unknown().optional(),
});
export type WireRequest = z.infer<typeof WireRequest>;

export const WireMessage = z.union([
  z.object({ id: z.union([z.number(), z.string(), z.null()]), result: ResultEnvelope }),
  z.object({ event: z.string(), payload: z.unknown() }),
]);
export type WireMessage = z.infer<typeof WireMessage>;
