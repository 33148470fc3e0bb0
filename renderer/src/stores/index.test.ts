import { describe, expect, it } from 'vitest';
import { createClient } from '../../../shared/ipc/client';
import { ok } from '../../../shared/ipc/result';
import type { ConnectionStatus } from '../api/websocket-transport';
import { createFakeTransport, settle, skill } from './fake-transport';
import { createStores } from './index';

function fakeLink() {
  let status: ConnectionStatus = { state: 'connecting', attempt: 0 };
  const listeners = new Set<(s: ConnectionStatus) => void>();
  return {
    status: () => status,
    onStatus(listener: (s: ConnectionStatus) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next: ConnectionStatus) {
      status = next;
      for (const l of listeners) l(next);
    },
  };
}

function setup() {
  const fake = createFakeTransport({
    'app:info': () =>
      ok({
        name: 'Skilldeck',
        version: '0.1.0',
        runtime: 'node',
        platform: 'linux',
        dataDir: '/d',
        schemaVersion: 1,
        folderPicker: false,
        language: 'en',
        secretStore: 'system',
      }),
    'skills:list': () => ok([skill('translate')]),
  });
  const link = fakeLink();
  const stores = createStores(createClient(fake.transport), link);
  return { fake, link, stores };
}

describe('createStores', () => {
  it('loads app info and skills once at start', async () => {
    const { fake, link, stores } = setup();
    link.set({ state: 'open' });
    await settle();
    expect(fake.callsOf('app:info')).toHaveLength(1);
    expect(fake.callsOf('skills:list')).toHaveLength(1);
    expect(stores.useSkillsStore.getState().skills).toHaveLength(1);
    expect(stores.useAppStore.getState().info?.version).toBe('0.1.0');
  });

  it('reloads everything when a dropped link comes back, since events sent meanwhile were lost', async () => {
    const { fake, link } = setup();
    link.set({ state: 'open' });
    link.set({ state: 'waiting', attempt: 1, retryAt: 500 });
    link.set({ state: 'connecting', attempt: 1 });
    await settle();
    expect(fake.callsOf('skills:list')).toHaveLength(1);
    link.set({ state: 'open' });
    await settle();
    expect(fake.callsOf('skills:list')).toHaveLength(2);
    expect(fake.callsOf('app:info')).toHaveLength(2);
  });

  it('mirrors the link status for the banner', () => {
    const { link, stores } = setup();
    link.set({ state: 'waiting', attempt: 3, retryAt: 1234 });
    expect(stores.useConnectionStore.getState().status).toEqual({
      state: 'waiting',
      attempt: 3,
      retryAt: 1234,
    });
  });

  it('treats the Electron bridge (no link) as always open', () => {
    const fake = createFakeTransport({ 'app:info': () => ok(null), 'skills:list': () => ok([]) });
    const stores = createStores(createClient(fake.transport), null);
    expect(stores.useConnectionStore.getState().status).toEqual({ state: 'open' });
  });
});
