import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../core';
import { createTestCore, skillText, type TestCore } from '../test-support';
import { excludedFromToolbar } from './exclusion';

let test: TestCore;
let core: Core;

beforeEach(async () => {
  test = createTestCore({ watchSkills: false });
  for (const name of ['polish', 'translate']) test.writeSkill(name, skillText(name));
  core = test.core;
  await core.skills.ready();
});

afterEach(() => test.dispose());

describe('toolbar:settings / toolbar:update', () => {
  it('off by default, nothing pinned', async () => {
    const result = await core.dispatch('toolbar:settings', undefined);
    expect(result).toEqual({
      ok: true,
      value: { mode: 'off', modifier: 'ctrl', pinned: [] },
    });
  });

  it('keeps the pinned order given, once each; refuses a skill that does not exist', async () => {
    const told: unknown[] = [];
    core.events.subscribe((name, payload) => name === 'toolbar:changed' && told.push(payload));
    const set = await core.dispatch('toolbar:update', {
      mode: 'modifier',
      modifier: 'alt',
      pinned: ['translate', 'polish', 'translate'],
    });
    expect(set).toMatchObject({ ok: true, value: { mode: 'modifier', pinned: ['translate', 'polish'] } });
    expect(told).toEqual([set.ok && set.value]);

    const refused = await core.dispatch('toolbar:update', { pinned: ['polish', 'nope'], mode: 'off' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    expect(refused.ok || refused.error.message).toContain('"nope"');
    expect(told).toHaveLength(1);
    // nothing of a refused update is kept
    expect(await core.dispatch('toolbar:settings', undefined)).toMatchObject({
      value: { mode: 'modifier', modifier: 'alt', pinned: ['translate', 'polish'] },
    });
  });

  it('the toolbar list sets the per-app flag: any case, a Windows .exe aside; off again drops a rule that says nothing more', async () => {
    const excluded = excludedFromToolbar(core.appRules);
    const set = await core.dispatch('apps:toolbar', { app: ' KeePassXC.exe ', excluded: true });
    expect(set).toMatchObject({ ok: true });
    expect(excluded('keepassxc')).toBe(true);
    expect(excluded('KeePassXC')).toBe(true);
    expect(excluded('gedit')).toBe(false);
    const rules = () => core.appRules.list().filter((r) => r.origin === 'user');
    expect(rules()).toEqual([
      expect.objectContaining({ app: 'keepassxc', toolbarExcluded: true, capture: 'auto' }),
    ]);
    await core.dispatch('apps:toolbar', { app: 'keepassxc', excluded: false });
    expect(excluded('keepassxc')).toBe(false);
    expect(rules()).toEqual([]); // nothing left but the defaults: no rule of the user's
  });

  it('a terminal keeps its shipped rule when excluded and again when let back in', async () => {
    const excluded = excludedFromToolbar(core.appRules);
    await core.dispatch('apps:toolbar', { app: 'xterm', excluded: true });
    expect(excluded('xterm')).toBe(true);
    expect(core.appRules.ruleFor('xterm')).toMatchObject({ capture: 'never', pasteKey: 'shift+insert' });
    await core.dispatch('apps:toolbar', { app: 'xterm', excluded: false });
    expect(core.appRules.list().find((r) => r.app === 'xterm')).toMatchObject({ origin: 'builtin' });
  });

  it('an app whose rule (Settings › Apps) excludes it from the toolbar is excluded too', async () => {
    const excluded = excludedFromToolbar(core.appRules);
    expect(excluded('gedit')).toBe(false);
    const saved = await core.dispatch('apps:save', {
      app: 'gedit',
      capture: 'auto',
      pasteKey: 'ctrl+v',
      toolbarExcluded: true,
      defaultSkill: null,
      restoreDelayMs: null,
    });
    expect(saved).toMatchObject({ ok: true });
    expect(excluded('gedit')).toBe(true);
    expect(excluded('GEdit')).toBe(true);
    expect(excluded('mousepad')).toBe(false);
  });

  it('refuses a mode it does not know and an empty app name (INVALID_INPUT)', async () => {
    expect(await core.dispatch('toolbar:update', { mode: 'always' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT' },
    });
    expect(await core.dispatch('apps:toolbar', { app: ' ', excluded: true })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT' },
    });
  });
});
