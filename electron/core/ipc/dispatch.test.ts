import { describe, expect, it, vi } from 'vitest';
import type { Handlers } from '../../../shared/ipc/contract';
import { AppError } from '../../../shared/ipc/result';
import { createDispatch } from './dispatch';

const meta = {
  skillId: 'a',
  emoji: '🙂',
  color: '#000000',
  hotkey: null,
  enabled: true,
  sortOrder: 0,
  builtin: false,
  updatedAt: 0,
};
const notUnderTest = () => {
  throw new AppError('INTERNAL', 'not under test here');
};
const handlers = (overrides: Partial<Handlers> = {}): Handlers => ({
  'app:info': () => ({
    name: 'Skilldeck',
    version: '1',
    runtime: 'node',
    platform: 'linux',
    dataDir: '/d',
    schemaVersion: 10,
    folderPicker: false,
    language: 'en',
    secretStore: 'system',
  }),
  'app:pickFolder': notUnderTest,
  'apps:list': notUnderTest,
  'apps:save': notUnderTest,
  'apps:delete': notUnderTest,
  'apps:nextPasteKey': notUnderTest,
  'apps:toolbar': notUnderTest,
  'packs:export': notUnderTest,
  'packs:upload': notUnderTest,
  'packs:fetch': notUnderTest,
  'packs:preview': notUnderTest,
  'packs:install': notUnderTest,
  'packs:discard': notUnderTest,
  'speech:settings': notUnderTest,
  'speech:update': notUnderTest,
  'speech:test': notUnderTest,
  'speech:begin': notUnderTest,
  'speech:append': notUnderTest,
  'speech:finish': notUnderTest,
  'speech:discard': notUnderTest,
  'app:setLanguage': notUnderTest,
  'skills:list': () => [],
  'skills:get': notUnderTest,
  'skills:create': notUnderTest,
  'skills:update': notUnderTest,
  'skills:duplicate': notUnderTest,
  'skills:delete': notUnderTest,
  'skills:restore': notUnderTest,
  'skills:trash': notUnderTest,
  'skills:check': notUnderTest,
  'skills:sources': notUnderTest,
  'skills:addSource': notUnderTest,
  'skills:removeSource': notUnderTest,
  'meta:get': () => meta,
  'meta:update': () => meta,
  'runs:start': notUnderTest,
  'runs:cancel': notUnderTest,
  'runs:list': notUnderTest,
  'runs:get': notUnderTest,
  'runs:delete': notUnderTest,
  'runs:resume': notUnderTest,
  'runs:answer': notUnderTest,
  'runs:usage': notUnderTest,
  'runs:continue': notUnderTest,
  'runs:deliver': notUnderTest,
  'permissions:respond': notUnderTest,
  'permissions:pending': notUnderTest,
  'permissions:rules': notUnderTest,
  'permissions:grant': notUnderTest,
  'permissions:revoke': notUnderTest,
  'permissions:audit': notUnderTest,
  'permissions:mode': notUnderTest,
  'mcp:list': notUnderTest,
  'mcp:save': notUnderTest,
  'mcp:delete': notUnderTest,
  'trigger:run': notUnderTest,
  'trigger:launcher': notUnderTest,
  'hotkeys:setLauncher': notUnderTest,
  'hotkeys:behaviour': notUnderTest,
  'hotkeys:status': notUnderTest,
  'hotkeys:pause': notUnderTest,
  'hotkeys:test': notUnderTest,
  'desktop:check': notUnderTest,
  'toolbar:settings': notUnderTest,
  'search:settings': notUnderTest,
  'search:update': notUnderTest,
  'search:test': notUnderTest,
  'toolbar:update': notUnderTest,
  'providers:list': () => [],
  'providers:save': notUnderTest,
  'providers:delete': notUnderTest,
  'providers:test': notUnderTest,
  'providers:models': notUnderTest,
  'providers:addKey': notUnderTest,
  'providers:editKey': notUnderTest,
  'providers:removeKey': notUnderTest,
  'memos:list': notUnderTest,
  'memos:search': notUnderTest,
  'memos:get': notUnderTest,
  'memos:delete': notUnderTest,
  'memos:export': notUnderTest,
  ...overrides,
});

describe('createDispatch', () => {
  it('answers an unknown or non-string channel with UNKNOWN_CHANNEL', async () => {
    const dispatch = createDispatch(handlers());
    expect(await dispatch('skills:explode', {})).toMatchObject({
      ok: false,
      error: { code: 'UNKNOWN_CHANNEL' },
    });
    expect(await dispatch({ toString: 1 }, {})).toMatchObject({
      ok: false,
      error: { code: 'UNKNOWN_CHANNEL' },
    });
    expect(await dispatch('__proto__', {})).toMatchObject({ ok: false, error: { code: 'UNKNOWN_CHANNEL' } });
  });

  it('never calls the handler with input that fails the schema', async () => {
    const get = vi.fn(() => meta);
    const dispatch = createDispatch(handlers({ 'meta:get': get }));
    expect(await dispatch('meta:get', { skillId: 42 })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT' },
    });
    expect(await dispatch('app:info', { surprise: true })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT' },
    });
    expect(get).not.toHaveBeenCalled();
  });

  it('passes AppError codes through and turns other throws into INTERNAL, reporting them', async () => {
    const onInternalError = vi.fn();
    const dispatch = createDispatch(
      handlers({
        'meta:get': () => {
          throw new AppError('CONFLICT', 'taken');
        },
        'skills:list': async () => {
          throw new TypeError('boom');
        },
      }),
      onInternalError,
    );
    expect(await dispatch('meta:get', { skillId: 'a' })).toEqual({
      ok: false,
      error: { code: 'CONFLICT', message: 'taken' },
    });
    expect(await dispatch('skills:list', undefined)).toEqual({
      ok: false,
      error: { code: 'INTERNAL', message: 'skills:list failed: boom' },
    });
    expect(onInternalError).toHaveBeenCalledTimes(1);
  });

  it('refuses to send an answer that breaks the contract', async () => {
    const onInternalError = vi.fn();
    const dispatch = createDispatch(
      handlers({ 'meta:get': () => ({ ...meta, color: 42 }) as never }),
      onInternalError,
    );
    expect(await dispatch('meta:get', { skillId: 'a' })).toMatchObject({
      ok: false,
      error: { code: 'INTERNAL' },
    });
    expect(onInternalError).toHaveBeenCalledTimes(1);
  });
});
