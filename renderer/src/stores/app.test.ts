import { describe, expect, it } from 'vitest';
import { createClient } from '../../../shared/ipc/client';
import { fail, ok } from '../../../shared/ipc/result';
import type { AppInfo } from '../../../shared/types/app';
import { createAppStore } from './app';
import { createFakeTransport } from './fake-transport';

const info: AppInfo = {
  name: 'Skilldeck',
  version: '0.1.0',
  runtime: 'node',
  platform: 'linux',
  dataDir: '/home/ada/.skilldeck',
  schemaVersion: 10,
  folderPicker: false,
  language: 'en',
  secretStore: 'system',
};

describe('app store', () => {
  it('holds app:info once loaded', async () => {
    const fake = createFakeTransport({ 'app:info': () => ok(info) });
    const useAppStore = createAppStore(createClient(fake.transport));
    expect(useAppStore.getState().info).toBeNull();
    await useAppStore.getState().load();
    expect(useAppStore.getState()).toMatchObject({ info, error: null });
    expect(fake.calls).toEqual([{ channel: 'app:info', input: undefined }]);
  });

  it('reports the envelope message when app:info fails', async () => {
    const fake = createFakeTransport({
      'app:info': () => fail('INTERNAL', 'app:info failed: database locked'),
    });
    const useAppStore = createAppStore(createClient(fake.transport));
    await useAppStore.getState().load();
    expect(useAppStore.getState()).toMatchObject({ info: null, error: 'app:info failed: database locked' });
  });

  it('tells the host the language picked here, at load when the host has another one, and on each pick', async () => {
    const fake = createFakeTransport({
      'app:info': () => ok(info),
      'app:setLanguage': (input) => ok(input as { language: 'en' | 'zh-CN' }),
    });
    let chosen: 'en' | 'zh-CN' | null = null;
    const useAppStore = createAppStore(createClient(fake.transport), { chosenLanguage: () => chosen });
    await useAppStore.getState().load();
    expect(fake.callsOf('app:setLanguage')).toEqual([]); // never picked: the host keeps its own

    chosen = 'zh-CN';
    await useAppStore.getState().load();
    expect(fake.callsOf('app:setLanguage')).toEqual([
      { channel: 'app:setLanguage', input: { language: 'zh-CN' } },
    ]);
    expect(useAppStore.getState().info?.language).toBe('zh-CN');

    await useAppStore.getState().setLanguage('en');
    expect(fake.callsOf('app:setLanguage').at(-1)?.input).toEqual({ language: 'en' });
    expect(useAppStore.getState().info?.language).toBe('en');
  });
});
