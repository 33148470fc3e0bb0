import { describe, expect, it } from 'vitest';
import { createClient } from '../../../shared/ipc/client';
import { fail, ok } from '../../../shared/ipc/result';
import type { HotkeysOverview } from '../../../shared/types/desktop';
import type { Provider } from '../../../shared/types/provider';
import type { SkillSourceInfo } from '../../../shared/types/skill';
import { createFakeTransport, settle } from './fake-transport';
import { createSettingsStore, saveInputOf } from './settings';

function provider(name: string, overrides: Partial<Provider> = {}): Provider {
  return {
    id: `id-${name}`,
    kind: 'openai-compatible',
    name,
    baseUrl: 'http://127.0.0.1:1/v1',
    defaultModel: null,
    knownModels: [],
    maxOutputTokens: null,
    isDefault: false,
    concurrency: 8,
    hasKey: false,
    keys: [],
    createdAt: 0,
    updatedAt: 0,
    ...overrides,
  };
}

const overview = (paused: boolean): HotkeysOverview => ({ available: true, paused, note: null, hotkeys: [] });

function setup(providers: Provider[] = []) {
  let list = providers;
  const fake = createFakeTransport({
    'providers:list': () => ok(list),
    'providers:save': (input) => {
      const saved = provider((input as Provider).name, input as Partial<Provider>);
      list = [
        ...list
          .filter((p) => p.id !== saved.id)
          .map((p) => (saved.isDefault ? { ...p, isDefault: false } : p)),
        saved,
      ];
      return ok(saved);
    },
    'providers:test': () => ok({ ok: true, message: 'ok', models: ['llama3.2'], latencyMs: 5, keys: [] }),
    'permissions:mode': (input) => ok({ mode: (input as { mode?: string } | undefined)?.mode ?? 'default' }),
    'hotkeys:status': () => ok(overview(false)),
    'hotkeys:pause': (input) => ok(overview((input as { paused: boolean }).paused)),
  });
  const store = createSettingsStore(createClient(fake.transport));
  return { fake, store };
}

describe('settings store', () => {
  it('has no providers list until the host answered, then an empty one (first run)', async () => {
    const { store } = setup();
    expect(store.getState().providers).toBeNull();
    await store.getState().load();
    expect(store.getState().providers).toEqual([]);
    expect(store.getState().mode).toBe('default');
    expect(store.getState().hotkeys?.available).toBe(true);
  });

  it('makes a provider the default with a save that keeps everything else (and no key)', async () => {
    const { fake, store } = setup([provider('a', { isDefault: true, hasKey: true }), provider('b')]);
    await store.getState().load();
    const result = await store.getState().makeDefault('id-b');
    expect(result.ok).toBe(true);
    const input = fake.callsOf('providers:save')[0]!.input as Record<string, unknown>;
    expect(input).toMatchObject({ id: 'id-b', name: 'b', isDefault: true });
    expect(input).not.toHaveProperty('apiKey');
    expect(store.getState().providers?.find((p) => p.isDefault)?.name).toBe('b');
  });

  it('keeps the result of a connection test per provider', async () => {
    const { store } = setup([provider('a')]);
    await store.getState().load();
    const testing = store.getState().testProvider('id-a');
    expect(store.getState().tests['id-a']).toEqual({ state: 'testing' });
    await testing;
    expect(store.getState().tests['id-a']).toMatchObject({ state: 'done', ok: true, models: ['llama3.2'] });
  });

  it('reports a failed request instead of throwing', async () => {
    const { fake, store } = setup([provider('a')]);
    fake.answers['providers:test'] = () => fail('NOT_FOUND', 'no provider with id "id-a"');
    fake.answers['permissions:mode'] = () => fail('INTERNAL', 'boom');
    await store.getState().load();
    await store.getState().testProvider('id-a');
    expect(store.getState().tests['id-a']).toEqual({
      state: 'failed',
      message: 'no provider with id "id-a"',
    });
    expect(store.getState().modeError).toBe('boom');
  });

  it('sets the permission mode and pauses hotkeys, and follows hotkeys:changed', async () => {
    const { fake, store } = setup();
    await store.getState().load();
    await store.getState().setMode('plan');
    expect(store.getState().mode).toBe('plan');
    await store.getState().setPaused(true);
    expect(store.getState().hotkeys?.paused).toBe(true);
    fake.emit('hotkeys:changed', overview(false));
    await settle();
    expect(store.getState().hotkeys?.paused).toBe(false);
  });

  it('turns a provider into a save input that changes nothing', () => {
    const p = provider('a', { knownModels: ['m'], defaultModel: 'm' });
    expect(saveInputOf(p)).toEqual({
      id: p.id,
      kind: p.kind,
      name: 'a',
      baseUrl: p.baseUrl,
      defaultModel: 'm',
      knownModels: ['m'],
      maxOutputTokens: null,
      isDefault: false,
    });
  });

  it('adds and removes skill folders, keeps the error for the form, and recounts on skills:changed', async () => {
    const folder = (p: string, extra: Partial<SkillSourceInfo> = {}): SkillSourceInfo => ({
      kind: 'folder',
      path: p,
      exists: true,
      active: true,
      offered: false,
      removable: true,
      precedence: 1,
      namespace: null,
      pluginDir: null,
      installedAs: null,
      skillCount: 0,
      findings: [],
      ...extra,
    });
    let list: SkillSourceInfo[] = [folder('/data/skills', { kind: 'user', removable: false, precedence: 0 })];
    const fake = createFakeTransport({
      'skills:sources': () => ok(list),
      'skills:addSource': (input) => {
        const p = (input as { path: string }).path;
        if (p === '/nope') return fail('NOT_FOUND', 'there is no folder /nope');
        list = [...list, folder(p)];
        return ok(list);
      },
      'skills:removeSource': (input) => {
        list = list.filter((s) => s.path !== (input as { path: string }).path);
        return ok(list);
      },
    });
    const store = createSettingsStore(createClient(fake.transport));
    await store.getState().loadSources();
    expect(store.getState().sources?.map((s) => s.path)).toEqual(['/data/skills']);

    expect(await store.getState().addSource('/nope')).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
    expect(store.getState().sources?.map((s) => s.path)).toEqual(['/data/skills']);
    expect((await store.getState().addSource('/srv/skills')).ok).toBe(true);
    expect(store.getState().sources?.map((s) => s.path)).toEqual(['/data/skills', '/srv/skills']);

    list = list.map((s) => (s.path === '/srv/skills' ? { ...s, skillCount: 3 } : s));
    fake.emit('skills:changed', { reason: 'on disk: a added' });
    await settle();
    expect(store.getState().sources?.find((s) => s.path === '/srv/skills')?.skillCount).toBe(3);

    await store.getState().removeSource('/srv/skills');
    expect(store.getState().sources?.map((s) => s.path)).toEqual(['/data/skills']);
  });

  it('adds, edits and removes keys, showing the provider the host answers, and reloads on providers:changed', async () => {
    const work = { id: 'k1', label: 'Work', source: 'stored' as const, health: { state: 'ok' as const } };
    const { fake, store } = setup([provider('a')]);
    fake.answers['providers:addKey'] = () => ok(provider('a', { hasKey: true, keys: [work] }));
    fake.answers['providers:editKey'] = () =>
      ok(provider('a', { hasKey: true, keys: [{ ...work, label: 'Old work' }] }));
    fake.answers['providers:removeKey'] = () => fail('NOT_FOUND', '"a" has no key with id "k9"');
    await store.getState().load();
    await store.getState().addKey({ providerId: 'id-a', label: 'Work', key: 'sk-1' });
    expect(fake.callsOf('providers:addKey')[0]!.input).toEqual({
      providerId: 'id-a',
      label: 'Work',
      key: 'sk-1',
    });
    expect(store.getState().providers?.[0]!.keys.map((k) => k.label)).toEqual(['Work']);
    await store.getState().editKey({ providerId: 'id-a', keyId: 'k1', label: 'Old work' });
    expect(store.getState().providers?.[0]!.keys.map((k) => k.label)).toEqual(['Old work']);
    expect(await store.getState().removeKey('id-a', 'k9')).toMatchObject({ ok: false });
    expect(store.getState().providers?.[0]!.keys.map((k) => k.label)).toEqual(['Old work']);

    const listed = fake.callsOf('providers:list').length;
    fake.emit('providers:changed', { providerId: 'id-a' });
    await settle();
    expect(fake.callsOf('providers:list')).toHaveLength(listed + 1);
    // the host's list again: the key set aside after a run shows
    expect(store.getState().providers?.[0]!.keys).toEqual([]);
  });
});
