// The preload and the main-process binding together over a fake Electron IPC pair, against a real core:
// what the dashboard sees through window.skilldeck.
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Transport } from '../../../shared/ipc/client';
import { createTestCore, skillText } from '../../core/test-support';
import { bindContract } from './bind-contract';
import type { SenderFrame } from './sender';

type MainHandler = (event: { senderFrame: SenderFrame | null }, input: unknown) => unknown;
type RendererListener = (event: { sender: string }, ...args: unknown[]) => void;

const ipc = vi.hoisted(() => {
  const state = {
    handlers: new Map<string, MainHandler>(),
    rendererListeners: new Map<string, RendererListener[]>(),
    exposed: new Map<string, unknown>(),
    senderFrame: null as SenderFrame | null,
    invokes: [] as string[],
  };
  return state;
});

vi.mock('electron', () => ({
  ipcMain: {
    handle: (channel: string, handler: MainHandler) => ipc.handlers.set(channel, handler),
    removeHandler: (channel: string) => ipc.handlers.delete(channel),
  },
  ipcRenderer: {
    // Like Electron: arguments and answers are structured-cloned; no handler means a rejection.
    invoke: async (channel: string, input: unknown) => {
      ipc.invokes.push(channel);
      const handler = ipc.handlers.get(channel);
      if (!handler) throw new Error(`No handler registered for '${channel}'`);
      return structuredClone(await handler({ senderFrame: ipc.senderFrame }, structuredClone(input)));
    },
    on: (channel: string, listener: RendererListener) => {
      ipc.rendererListeners.set(channel, [...(ipc.rendererListeners.get(channel) ?? []), listener]);
    },
  },
  contextBridge: { exposeInMainWorld: (key: string, api: unknown) => ipc.exposed.set(key, api) },
}));

const dashboardFrame: SenderFrame = { url: 'app://skilldeck/index.html', frameTreeNodeId: 1, parent: null };
const t = createTestCore();
t.writeSkill('translate', skillText('translate', 'Translate text.'));
const unbind = bindContract(t.core, {
  trustedMainFrames: () => [dashboardFrame],
  eventTargets: () => [
    {
      send: (channel: string, ...args: unknown[]) => {
        for (const listener of ipc.rendererListeners.get(channel) ?? [])
          listener({ sender: 'ipc-event' }, ...structuredClone(args));
      },
    },
  ],
});
await import('../../preload/index');
const bridge = ipc.exposed.get('skilldeck') as Transport;

afterAll(() => {
  unbind();
  t.dispose();
});
beforeEach(() => {
  ipc.senderFrame = dashboardFrame;
  ipc.invokes.length = 0;
});

describe('window.skilldeck (preload + main binding + core)', () => {
  it('exposes invoke and on, and nothing else (no ipcRenderer)', () => {
    expect([...ipc.exposed.keys()]).toEqual(['skilldeck']);
    expect(Object.keys(bridge).sort()).toEqual(['invoke', 'on']);
  });

  it('answers a contract call from the dashboard with the core envelope', async () => {
    const result = await bridge.invoke('skills:list', undefined);
    expect(result).toMatchObject({ ok: true, value: [{ id: 'translate', description: 'Translate text.' }] });
    await expect(bridge.invoke('meta:get', { skillId: 42 })).resolves.toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT' },
    });
  });

  it('refuses a name outside the contract in the preload, without any IPC', async () => {
    for (const name of ['fs:read', 'skilldeck:event', '__proto__', 42]) {
      await expect(bridge.invoke(name as string, undefined)).resolves.toMatchObject({
        ok: false,
        error: { code: 'UNKNOWN_CHANNEL' },
      });
    }
    expect(ipc.invokes).toEqual([]);
  });

  it('answers FORBIDDEN when the calling frame is not the dashboard', async () => {
    ipc.senderFrame = { ...dashboardFrame, url: 'https://evil.example/' };
    await expect(bridge.invoke('app:info', undefined)).resolves.toMatchObject({
      ok: false,
      error: { code: 'FORBIDDEN' },
    });
  });

  it('resolves (never rejects) when the IPC itself fails, e.g. an uncloneable input', async () => {
    await expect(bridge.invoke('meta:get', { skillId: () => 'x' })).resolves.toMatchObject({
      ok: false,
      error: { code: 'INTERNAL', message: expect.stringMatching(/^meta:get: /) },
    });
  });

  it('delivers a core event to subscribers as the payload alone, until they unsubscribe', async () => {
    const received: unknown[][] = [];
    const off = bridge.on('meta:changed', (...args: unknown[]) => void received.push(args));
    await bridge.invoke('meta:update', { skillId: 'translate', patch: { emoji: '🈯' } });
    expect(received).toHaveLength(1);
    expect(received[0]).toHaveLength(1); // no IpcRendererEvent in front
    expect(received[0]![0]).toMatchObject({ skillId: 'translate', emoji: '🈯' });

    off();
    await bridge.invoke('meta:update', { skillId: 'translate', patch: { emoji: '🌐' } });
    expect(received).toHaveLength(1);
  });

  it('keeps delivering to the other subscribers when one throws', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const good = vi.fn();
    const offBad = bridge.on('meta:changed', () => {
      throw new Error('broken component');
    });
    const offGood = bridge.on('meta:changed', good);
    await bridge.invoke('meta:update', { skillId: 'translate', patch: { enabled: false } });
    expect(good).toHaveBeenCalledTimes(1);
    offBad();
    offGood();
    quiet.mockRestore();
  });

  it('ignores subscriptions to names outside the event list', async () => {
    const listener = vi.fn();
    const off = bridge.on('skills:list', listener);
    expect(typeof off).toBe('function');
    off();
    await bridge.invoke('meta:update', { skillId: 'translate', patch: { enabled: true } });
    expect(listener).not.toHaveBeenCalled();
  });
});
