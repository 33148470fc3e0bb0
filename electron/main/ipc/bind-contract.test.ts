import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHANNELS } from '../../../shared/ipc/names';
import { ok, type Result } from '../../../shared/ipc/result';
import { EventHub } from '../../core/ipc/event-hub';
import { EVENT_CHANNEL } from '../../../shared/ipc/names';
import { bindContract } from './bind-contract';
import type { SenderFrame } from './sender';

type Handler = (event: { senderFrame: SenderFrame | null }, input: unknown) => Promise<Result<unknown>>;
const handlers = vi.hoisted(() => new Map<string, Handler>());

vi.mock('electron', () => ({
  ipcMain: {
    handle: (channel: string, handler: Handler) => {
      if (handlers.has(channel)) throw new Error(`second handler for ${channel}`);
      handlers.set(channel, handler);
    },
    removeHandler: (channel: string) => handlers.delete(channel),
  },
}));

const mainFrame: SenderFrame = { url: 'app://skilldeck/index.html', frameTreeNodeId: 1, parent: null };
const dispatch = vi.fn(async (_channel: unknown, _input: unknown): Promise<Result<unknown>> =>
  ok('answered'),
);
const events = new EventHub();
const sent: unknown[][] = [];
const windows = {
  trustedMainFrames: () => [mainFrame],
  eventTargets: () => [{ send: (...args: unknown[]) => void sent.push(args) }],
};

function call(channel: string, senderFrame: SenderFrame | null, input?: unknown) {
  const handler = handlers.get(channel);
  if (!handler) throw new Error(`no handler for ${channel}`);
  return handler({ senderFrame }, input);
}

let unbind: () => void;
beforeEach(() => {
  unbind = bindContract({ dispatch, events }, windows);
});
afterEach(() => {
  unbind();
  dispatch.mockClear();
  sent.length = 0;
});

describe('bindContract', () => {
  it('binds exactly the contract channels, and unbinding removes them', () => {
    expect([...handlers.keys()].sort()).toEqual([...CHANNELS].sort());
    unbind();
    expect(handlers.size).toBe(0);
    unbind = bindContract({ dispatch, events }, windows); // rebinding must not clash
  });

  it('passes a trusted call to the core and returns its envelope unchanged', async () => {
    await expect(call('meta:get', mainFrame, { skillId: 'translate' })).resolves.toEqual(ok('answered'));
    expect(dispatch).toHaveBeenCalledWith('meta:get', { skillId: 'translate' });

    const invalid = { ok: false, error: { code: 'INVALID_INPUT', message: 'skillId: required' } } as const;
    dispatch.mockResolvedValueOnce(invalid);
    await expect(call('meta:get', mainFrame, {})).resolves.toEqual(invalid);
  });

  it.each<[string, SenderFrame | null]>([
    ['a vanished frame', null],
    ['an iframe', { url: 'app://skilldeck/x.html', frameTreeNodeId: 2, parent: mainFrame }],
    ['another window', { url: 'app://skilldeck/index.html', frameTreeNodeId: 3, parent: null }],
    ['our window after navigating away', { ...mainFrame, url: 'https://evil.example/' }],
  ])('answers FORBIDDEN to %s without reaching the core', async (_name, frame) => {
    const result = await call('skills:list', frame);
    expect(result).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    if (!result.ok) expect(result.error.message).toMatch(/^skills:list: /);
    expect(dispatch).not.toHaveBeenCalled();
  });

  it('turns a throwing senderFrame getter into INTERNAL instead of throwing across the boundary', async () => {
    const handler = handlers.get('app:info')!;
    const event = {
      get senderFrame(): SenderFrame | null {
        throw new Error('Render frame was disposed before WebFrameMain could be accessed');
      },
    };
    await expect(handler(event, undefined)).resolves.toMatchObject({
      ok: false,
      error: { code: 'INTERNAL', message: expect.stringContaining('disposed') },
    });
  });

  it('forwards every core event to every window on one channel as (name, payload)', () => {
    const other: unknown[][] = [];
    const broken = {
      send: () => {
        throw new Error('Object has been destroyed');
      },
    };
    unbind();
    unbind = bindContract(
      { dispatch, events },
      {
        ...windows,
        eventTargets: () => [
          broken,
          { send: (...a: unknown[]) => void sent.push(a) },
          { send: (...a: unknown[]) => void other.push(a) },
        ],
      },
    );
    events.emit('skills:changed', { reason: 'file added' });
    expect(sent).toEqual([[EVENT_CHANNEL, 'skills:changed', { reason: 'file added' }]]);
    expect(other).toEqual(sent);
  });

  it('stops forwarding after unbind', () => {
    unbind();
    events.emit('skills:changed', { reason: 'late' });
    expect(sent).toEqual([]);
    unbind = bindContract({ dispatch, events }, windows);
  });
});
