import type { Transport } from '../../../shared/ipc/client';
import { fail, type Result } from '../../../shared/ipc/result';
import { WireMessage } from '../../../shared/ipc/wire';

/** The part of the browser's WebSocket the transport uses (a fake one in tests). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface SocketHandlers {
  open(): void;
  message(data: unknown): void;
  /** Also follows a failed attempt to connect: the browser reports errors only as a close. */
  close(): void;
}

export type OpenSocket = (url: string, handlers: SocketHandlers) => SocketLike;

const OPEN = 1;

const openBrowserSocket: OpenSocket = (url, handlers) => {
  const socket = new WebSocket(url);
  socket.onopen = () => handlers.open();
  socket.onmessage = (event) => handlers.message(event.data);
  socket.onclose = () => handlers.close();
  return socket;
};

export type ConnectionStatus =
  | { state: 'connecting'; attempt: number }
  | { state: 'open' }
  | { state: 'waiting'; attempt: number; retryAt: number }
  | { state: 'closed' };

export interface WebSocketTransportOptions {
  url: string;
  openSocket?: OpenSocket;
  /** Delay before reconnect attempt `attempt` (1, 2, …). */
  backoffMs?: (attempt: number) => number;
  /** How long a request may wait for the socket to (re)open before it fails. */
  queueTimeoutMs?: number;
  now?: () => number;
}

export interface WebSocketTransport extends Transport {
  status(): ConnectionStatus;
  onStatus(listener: (status: ConnectionStatus) => void): () => void;
  /** Stops for good: fails what is pending and does not reconnect. */
  close(): void;
}

export const defaultBackoffMs = (attempt: number) => Math.min(500 * 2 ** (attempt - 1), 10_000);

interface Queued {
  id: number;
  frame: string;
  resolve: (result: Result<unknown>) => void;
  timer: ReturnType<typeof setTimeout>;
}

export function createWebSocketTransport(options: WebSocketTransportOptions): WebSocketTransport {
  const openSocket = options.openSocket ?? openBrowserSocket;
  const backoffMs = options.backoffMs ?? defaultBackoffMs;
  const queueTimeoutMs = options.queueTimeoutMs ?? 15_000;
  const now = options.now ?? Date.now;

  let socket: SocketLike | null = null;
  let status: ConnectionStatus = { state: 'connecting', attempt: 0 };
  let failedAttempts = 0;
  let reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  let socketGeneration = 0;
  let nextId = 1;
  const inFlight = new Map<number, (result: Result<unknown>) => void>();
  const queue: Queued[] = [];
  const eventListeners = new Map<string, Set<(payload: unknown) => void>>();
  const statusListeners = new Set<(status: ConnectionStatus) => void>();

  function setStatus(next: ConnectionStatus) {
    status = next;
    for (const listener of statusListeners) listener(next);
  }

  function send(id: number, frame: string, resolve: (result: Result<unknown>) => void) {
    try {
      socket!.send(frame);
      inFlight.set(id, resolve);
    } catch (error) {
      resolve(fail('INTERNAL', `could not send to the Skilldeck host: ${describe(error)}`));
    }
  }

  function flushQueue() {
    for (const item of queue.splice(0)) {
      clearTimeout(item.timer);
      send(item.id, item.frame, item.resolve);
    }
  }

  function failInFlight(message: string) {
    const waiting = [...inFlight.values()];
    inFlight.clear();
    for (const resolve of waiting) resolve(fail('INTERNAL', message));
  }

  function receive(data: unknown) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(String(data));
    } catch {
      return; // not ours to answer: the host only sends JSON
    }
    const message = WireMessage.safeParse(parsed);
    if (!message.success) return;
    const frame = message.data;
    if ('result' in frame) {
      if (typeof frame.id !== 'number') return;
      const resolve = inFlight.get(frame.id);
      if (!resolve) return;
      inFlight.delete(frame.id);
      resolve(frame.result);
      return;
    }
    for (const listener of eventListeners.get(frame.event) ?? []) {
      try {
        listener(frame.payload);
      } catch (error) {
        // one broken listener must not keep the others from hearing the event
        console.error(`listener of ${frame.event} failed`, error);
      }
    }
  }

  function connect() {
    reconnectTimer = null;
    setStatus({ state: 'connecting', attempt: failedAttempts });
    const generation = ++socketGeneration;
    // Handlers of a socket we replaced or closed ourselves must not touch the current state.
    const current = () => generation === socketGeneration;
    try {
      socket = openSocket(options.url, {
        open() {
          if (!current()) return;
          failedAttempts = 0;
          setStatus({ state: 'open' });
          flushQueue();
        },
        message(data) {
          if (current()) receive(data);
        },
        close() {
          if (!current()) return;
          socket = null;
          failInFlight('the connection to the Skilldeck host closed before it answered; try again');
          scheduleReconnect();
        },
      });
    } catch {
      scheduleReconnect(); // e.g. a malformed URL: retrying shows the same banner as a refused connection
    }
  }

  function scheduleReconnect() {
    failedAttempts += 1;
    const delay = backoffMs(failedAttempts);
    setStatus({ state: 'waiting', attempt: failedAttempts, retryAt: now() + delay });
    reconnectTimer = setTimeout(connect, delay);
  }

  connect();

  return {
    invoke(channel, input) {
      return new Promise<Result<unknown>>((resolve) => {
        if (status.state === 'closed') {
          resolve(fail('INTERNAL', 'the connection to the Skilldeck host was closed'));
          return;
        }
        const id = nextId++;
        const frame = JSON.stringify({ id, channel, input });
        if (socket?.readyState === OPEN) {
          send(id, frame, resolve);
          return;
        }
        const item: Queued = {
          id,
          frame,
          resolve,
          timer: setTimeout(() => {
            const index = queue.indexOf(item);
            if (index >= 0) queue.splice(index, 1);
            resolve(
              fail(
                'INTERNAL',
                `could not reach the Skilldeck host for ${Math.round(queueTimeoutMs / 1000)} s: is \`skilldeck serve\` still running?`,
              ),
            );
          }, queueTimeoutMs),
        };
        queue.push(item);
      });
    },

    on(event, listener) {
      let listeners = eventListeners.get(event);
      if (!listeners) eventListeners.set(event, (listeners = new Set()));
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },

    status: () => status,

    onStatus(listener) {
      statusListeners.add(listener);
      return () => {
        statusListeners.delete(listener);
      };
    },

    close() {
      if (reconnectTimer) clearTimeout(reconnectTimer);
      socketGeneration++;
      setStatus({ state: 'closed' });
      const closing = socket;
      socket = null;
      closing?.close(1000, 'client closed');
      failInFlight('the connection to the Skilldeck host was closed');
      for (const item of queue.splice(0)) {
        clearTimeout(item.timer);
        item.resolve(fail('INTERNAL', 'the connection to the Skilldeck host was closed'));
      }
    },
  };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
