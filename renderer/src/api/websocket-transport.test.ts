import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SocketHandlers, SocketLike } from './websocket-transport';
import { createWebSocketTransport, defaultBackoffMs } from './websocket-transport';

/** A socket the test drives: it opens, answers and drops when told to. */
class ScriptedSocket implements SocketLike {
  readyState = 0;
  sent: unknown[] = [];
  closedByClient = false;
  constructor(
    readonly url: string,
    private readonly handlers: SocketHandlers,
  ) {}
  send(data: string) {
    if (this.readyState !== 1) throw new Error('socket not open');
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.closedByClient = true;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.handlers.open();
  }
  deliver(frame: unknown) {
    this.handlers.message(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }
  drop() {
    this.readyState = 3;
    this.handlers.close();
  }
}

function setup(options: { queueTimeoutMs?: number } = {}) {
  const sockets: ScriptedSocket[] = [];
  const transport = createWebSocketTransport({
    url: 'ws://127.0.0.1:4000/ws?token=t',
    openSocket: (url, handlers) => {
      const socket = new ScriptedSocket(url, handlers);
      sockets.push(socket);
      return socket;
    },
    backoffMs: (attempt) => attempt * 100,
    now: () => Date.now(),
    ...options,
  });
  const latest = () => sockets[sockets.length - 1]!;
  return { transport, sockets, latest };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('WebSocket transport', () => {
  it('queues requests until the socket opens, then matches answers to them by id', async () => {
    const { transport, latest } = setup();
    expect(latest().url).toBe('ws://127.0.0.1:4000/ws?token=t');
    const list = transport.invoke('skills:list', undefined);
    const update = transport.invoke('meta:update', { skillId: 'translate', patch: { emoji: '🦜' } });
    expect(latest().sent).toEqual([]);

    latest().open();
    expect(latest().sent).toEqual([
      { id: 1, channel: 'skills:list' },
      { id: 2, channel: 'meta:update', input: { skillId: 'translate', patch: { emoji: '🦜' } } },
    ]);
    latest().deliver({ id: 2, result: { ok: false, error: { code: 'NOT_FOUND', message: 'no skill' } } });
    latest().deliver({ id: 1, result: { ok: true, value: [] } });
    await expect(update).resolves.toEqual({ ok: false, error: { code: 'NOT_FOUND', message: 'no skill' } });
    await expect(list).resolves.toEqual({ ok: true, value: [] });
  });

  it('sends at once while open', () => {
    const { transport, latest } = setup();
    latest().open();
    void transport.invoke('app:info', undefined);
    expect(latest().sent).toEqual([{ id: 1, channel: 'app:info' }]);
  });

  it('hands events to their listeners until they unsubscribe', () => {
    const { transport, latest } = setup();
    latest().open();
    const heard: unknown[] = [];
    const off = transport.on('meta:changed', (payload) => heard.push(payload));
    transport.on('skills:changed', () => heard.push('other'));
    latest().deliver({ event: 'meta:changed', payload: { skillId: 'a' } });
    off();
    latest().deliver({ event: 'meta:changed', payload: { skillId: 'b' } });
    expect(heard).toEqual([{ skillId: 'a' }]);
  });

  it('ignores frames that are not JSON or not part of the wire format', async () => {
    const { transport, latest } = setup();
    latest().open();
    const answer = transport.invoke('app:info', undefined);
    latest().deliver('not json');
    latest().deliver({ id: 1, result: { ok: 'maybe' } });
    latest().deliver({ id: 99, result: { ok: true, value: 'not for anyone' } });
    latest().deliver({ id: 1, result: { ok: true, value: 'info' } });
    await expect(answer).resolves.toEqual({ ok: true, value: 'info' });
  });

  it('fails requests in flight when the socket drops, instead of rejecting or hanging', async () => {
    const { transport, latest } = setup();
    latest().open();
    const answer = transport.invoke('skills:list', undefined);
    latest().drop();
    await expect(answer).resolves.toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
  });

  it('reconnects with growing delays and sends what was queued meanwhile', async () => {
    const { transport, sockets, latest } = setup();
    const statuses: string[] = [];
    transport.onStatus((s) => statuses.push(s.state === 'waiting' ? `waiting ${s.attempt}` : s.state));
    latest().open();
    latest().drop();
    expect(transport.status()).toMatchObject({ state: 'waiting', attempt: 1 });

    vi.advanceTimersByTime(99);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    latest().drop(); // refused: the host is still down
    vi.advanceTimersByTime(200);
    expect(sockets).toHaveLength(3);

    const answer = transport.invoke('skills:list', undefined);
    latest().open();
    expect(latest().sent).toEqual([{ id: 1, channel: 'skills:list' }]);
    latest().deliver({ id: 1, result: { ok: true, value: [] } });
    await expect(answer).resolves.toEqual({ ok: true, value: [] });
    expect(statuses).toEqual(['open', 'waiting 1', 'connecting', 'waiting 2', 'connecting', 'open']);

    latest().drop();
    expect(transport.status()).toMatchObject({ state: 'waiting', attempt: 1 }); // backoff starts over
  });

  it('gives up on a queued request when the host stays unreachable', async () => {
    const { transport, latest } = setup({ queueTimeoutMs: 1000 });
    latest().drop();
    const answer = transport.invoke('skills:list', undefined);
    vi.advanceTimersByTime(1000);
    await expect(answer).resolves.toMatchObject({
      ok: false,
      error: { code: 'INTERNAL', message: expect.stringContaining('could not reach the Skilldeck host') },
    });
    latest().open();
    expect(latest().sent).toEqual([]);
  });

  it('stops for good on close(): pending requests fail and no reconnect follows', async () => {
    const { transport, sockets, latest } = setup();
    const queued = transport.invoke('skills:list', undefined);
    transport.close();
    expect(latest().closedByClient).toBe(true);
    await expect(queued).resolves.toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
    await expect(transport.invoke('app:info', undefined)).resolves.toMatchObject({ ok: false });
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
    expect(transport.status()).toEqual({ state: 'closed' });
  });

  it('backs off from half a second up to ten', () => {
    expect([1, 2, 3, 4, 5, 6, 10].map(defaultBackoffMs)).toEqual([
      500, 1000, 2000, 4000, 8000, 10_000, 10_000,
    ]);
  });
});
