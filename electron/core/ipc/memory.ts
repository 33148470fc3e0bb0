import type { Transport } from '../../../shared/ipc/client';
import type { Dispatch } from './dispatch';
import type { EventHub } from './event-hub';

/**
 * The in-memory transport for tests: the same dispatch as the real transports, with values passed
 * through structuredClone so nothing is shared by reference across the "boundary".
 */
export function createMemoryTransport(dispatch: Dispatch, hub: EventHub): Transport {
  return {
    async invoke(channel, input) {
      return structuredClone(await dispatch(channel, structuredClone(input)));
    },
    on(event, listener) {
      return hub.subscribe((name, payload) => {
        if (name === event) listener(structuredClone(payload));
      });
    },
  };
}
