import type { Channel, EventName } from './names';
import type { ChannelInput, ChannelOutput } from './contract';
import type { EventPayload } from './events';
import { AppError, type Result } from './result';

/**
 * What every transport offers a client: the preload bridge in Electron, a WebSocket in a browser,
 * the in-memory pair in tests. `invoke` never rejects: failures come back as `{ ok: false }`.
 */
export interface Transport {
  invoke(channel: string, input: unknown): Promise<Result<unknown>>;
  on(event: string, listener: (payload: unknown) => void): () => void;
}

export interface Client {
  /** The raw envelope. */
  request<C extends Channel>(channel: C, input: ChannelInput<C>): Promise<Result<ChannelOutput<C>>>;
  /** The value, or throws an AppError carrying the envelope's code and message. */
  invoke<C extends Channel>(channel: C, input: ChannelInput<C>): Promise<ChannelOutput<C>>;
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
}

export function createClient(transport: Transport): Client {
  const request = async <C extends Channel>(channel: C, input: ChannelInput<C>) =>
    (await transport.invoke(channel, input)) as Result<ChannelOutput<C>>;
  return {
    request,
    async invoke(channel, input) {
      const result = await request(channel, input);
      if (!result.ok) throw new AppError(result.error.code, result.error.message);
      return result.value;
    },
    on(event, listener) {
      return transport.on(event, listener as (payload: unknown) => void);
    },
  };
}
