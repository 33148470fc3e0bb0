import { events, type EventPayload } from '../../../shared/ipc/events';
import type { EventName } from '../../../shared/ipc/names';

export type EventListener = (event: EventName, payload: unknown) => void;

/** The core's one outgoing event stream; every transport subscribes and forwards. */
export class EventHub {
  private readonly listeners = new Set<EventListener>();

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Validates the payload against its schema (a bad payload is a bug here, not the client's). */
  emit<E extends EventName>(event: E, payload: EventPayload<E>): void {
    const parsed = events[event].parse(payload);
    for (const listener of this.listeners) {
      try {
        listener(event, parsed);
      } catch {
        // one broken subscriber (a closed socket, a destroyed window) must not stop the others
      }
    }
  }
}
