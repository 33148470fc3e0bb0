import Database from 'better-sqlite3';
import path from 'node:path';
import { DATABASE_FILE } from './store/db';
import { LATEST_SCHEMA_VERSION } from './store/migrations';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../shared/ipc/result';
import { createTestCore, skillText, type TestCore } from './test-support';

let t: TestCore;
afterEach(() => t?.dispose());

describe('core over the in-memory transport', () => {
  it('app:info reports the runtime, version, data dir and schema version', async () => {
    t = createTestCore();
    expect(await t.client.invoke('app:info', undefined)).toMatchObject({
      name: 'Skilldeck',
      version: '0.0.0-test',
      runtime: 'node',
      dataDir: t.dataDir,
      schemaVersion: LATEST_SCHEMA_VERSION,
      folderPicker: false,
    });
  });

  it('skills:list returns name, description, folder id, source and default look of each SKILL.md', async () => {
    t = createTestCore();
    t.writeSkill('translate', skillText('translate', 'Translate text.'));
    t.writeSkill('my-notes', skillText('my-notes'));
    t.writeSkill('broken', 'no frontmatter here');
    const skills = await t.client.invoke('skills:list', undefined);
    expect(skills.map((s) => s.id)).toEqual(['broken', 'my-notes', 'translate']);
    const translate = skills.find((s) => s.id === 'translate')!;
    expect(translate).toMatchObject({
      name: 'translate',
      description: 'Translate text.',
      source: 'builtin',
      findings: [],
      runnable: true,
      shadowedBy: null,
      meta: {
        skillId: 'translate',
        emoji: '🌐',
        color: '#2563eb',
        hotkey: null,
        enabled: true,
        builtin: true,
        updatedAt: 0,
      },
    });
    expect(skills.find((s) => s.id === 'broken')).toMatchObject({
      runnable: false,
      findings: [{ code: 'no-frontmatter', severity: 'error', line: 1 }],
    });
  });

  it('skills in the user folder come first and shadow a built-in of the same id', async () => {
    t = createTestCore();
    t.writeSkill('polish', skillText('polish', 'Built-in polish.'));
    const fs = await import('node:fs');
    const path = await import('node:path');
    fs.mkdirSync(path.join(t.dataDir, 'skills', 'polish'), { recursive: true });
    fs.writeFileSync(path.join(t.dataDir, 'skills', 'polish', 'SKILL.md'), skillText('polish', 'My polish.'));
    const [polish, builtin] = await t.client.invoke('skills:list', undefined);
    expect(polish).toMatchObject({
      id: 'polish',
      description: 'My polish.',
      source: 'user',
      shadowedBy: null,
    });
    expect(builtin).toMatchObject({
      id: 'polish',
      source: 'builtin',
      shadowedBy: { source: 'user', path: path.join(t.dataDir, 'skills', 'polish') },
    });
  });

  it('meta:update persists emoji and color across a restart and emits meta:changed', async () => {
    t = createTestCore();
    t.writeSkill('translate', skillText('translate'));
    const seen: unknown[] = [];
    t.client.on('meta:changed', (meta) => seen.push(meta));
    const updated = await t.client.invoke('meta:update', {
      skillId: 'translate',
      patch: { emoji: '🦜', color: '#AABBCC' },
    });
    expect(updated).toMatchObject({ emoji: '🦜', color: '#aabbcc', builtin: true });
    expect(updated.updatedAt).toBeGreaterThan(0);
    expect(seen).toEqual([updated]);

    t = t.reopen();
    expect(await t.client.invoke('meta:get', { skillId: 'translate' })).toEqual(updated);
    const [listed] = await t.client.invoke('skills:list', undefined);
    expect(listed!.meta).toEqual(updated);
  });

  it('a partial patch changes only what it names', async () => {
    t = createTestCore();
    t.writeSkill('a', skillText('a'));
    await t.client.invoke('meta:update', { skillId: 'a', patch: { emoji: '🧪', color: '#111111' } });
    const after = await t.client.invoke('meta:update', { skillId: 'a', patch: { enabled: false } });
    expect(after).toMatchObject({ emoji: '🧪', color: '#111111', enabled: false });
  });

  it('refuses a hotkey another skill already holds (case-insensitive) and clears one with null', async () => {
    t = createTestCore();
    t.writeSkill('a', skillText('a'));
    t.writeSkill('b', skillText('b'));
    const hotkey = { accelerator: 'CommandOrControl+Alt+T', display: 'Ctrl+Alt+T' };
    await t.client.invoke('meta:update', { skillId: 'a', patch: { hotkey } });
    const clash = await t.client.request('meta:update', {
      skillId: 'b',
      patch: { hotkey: { accelerator: 'commandorcontrol+alt+t', display: 'Ctrl+Alt+T' } },
    });
    expect(clash).toEqual({
      ok: false,
      error: {
        code: 'CONFLICT',
        message: expect.stringMatching(/Ctrl\+Alt\+T is already the hotkey of "a"/),
      },
    });
    // the holder itself may save it again
    expect((await t.client.request('meta:update', { skillId: 'a', patch: { hotkey } })).ok).toBe(true);
    expect(
      (await t.client.invoke('meta:update', { skillId: 'a', patch: { hotkey: null } })).hotkey,
    ).toBeNull();
    expect((await t.client.request('meta:update', { skillId: 'b', patch: { hotkey } })).ok).toBe(true);
  });

  it('a memo saved by a skill is titled by its first line, not by the skill', async () => {
    t = createTestCore({ watchSkills: false });
    // like the built-in memo skill: no model, the input saved as it is
    t.writeSkill(
      'memo',
      '---\nname: memo\ndescription: Saves the text.\nallowed-tools: save_memo\noutput: save_memo\n---\n',
    );
    const { runId } = await t.client.invoke('runs:start', {
      skillId: 'memo',
      input: 'Buy oat milk\nand bread',
    });
    await t.core.executor.settled(runId);
    expect(t.core.runs.get(runId)?.status).toBe('succeeded');
    const { items } = await t.client.invoke('memos:list', { limit: 10, offset: 0 });
    expect(items.map((m) => [m.title, m.skillId])).toEqual([['Buy oat milk', 'memo']]);
  });

  it('answers NOT_FOUND for a skill that does not exist, and invoke throws an AppError with that code', async () => {
    t = createTestCore();
    const result = await t.client.request('meta:get', { skillId: 'nope' });
    expect(result).toEqual({
      ok: false,
      error: { code: 'NOT_FOUND', message: 'no skill "nope" in any skill folder' },
    });
    await expect(
      t.client.invoke('meta:update', { skillId: 'nope', patch: { emoji: '🙂' } }),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(t.client.invoke('meta:get', { skillId: 'nope' })).rejects.toBeInstanceOf(AppError);
  });

  it.each([
    ['a bad color', { skillId: 'a', patch: { color: 'red' } }, /color: a color is #rrggbb/],
    ['an unknown field', { skillId: 'a', patch: { emoji: '🙂', shape: 'round' } }, /Unrecognized key/],
    ['a path as skill id', { skillId: '../../etc', patch: {} }, /skillId: a skill id is a folder name/],
    [
      'an invalid accelerator',
      { skillId: 'a', patch: { hotkey: { accelerator: 'Ctrl+Banana', display: 'x' } } },
      /"Banana" is not a key/,
    ],
    ['text as emoji', { skillId: 'a', patch: { emoji: 'two words' } }, /emoji cannot contain spaces/],
  ])('rejects %s with INVALID_INPUT naming the field', async (_label, input, message) => {
    t = createTestCore();
    t.writeSkill('a', skillText('a'));
    const result = await t.client.request('meta:update', input as never);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('INVALID_INPUT');
      expect(result.error.message).toMatch(message);
    }
  });
});

describe('core settings', () => {
  /** Stores a language the settings schema refuses, as a hand edit or a newer version might, and reopens. */
  const reopenWithDamagedLanguage = (core: TestCore): TestCore => {
    const db = new Database(path.join(core.dataDir, DATABASE_FILE));
    db.prepare('INSERT OR REPLACE INTO settings (key, value_json) VALUES (?, ?)').run(
      'ui.language',
      '"klingon"',
    );
    db.close();
    return core.reopen();
  };

  it('a damaged stored language counts as the system one, said once as a warning (not an internal error)', async () => {
    const reported: unknown[] = [];
    const warnings: string[] = [];
    t = createTestCore({
      locale: 'zh_CN.UTF-8',
      onInternalError: (e) => reported.push(e),
      onWarning: (m) => warnings.push(m),
    });
    await t.client.invoke('app:setLanguage', { language: 'en' });
    t = reopenWithDamagedLanguage(t);
    expect((await t.client.invoke('app:info', undefined)).language).toBe('zh-CN');
    expect(t.core.settings.get('ui.language')).toBeNull();
    expect(warnings).toEqual([expect.stringMatching(/^setting ui\.language: /)]);
    expect(reported).toEqual([]);
  });

  it('without a warning hook, a damaged setting goes to onInternalError', async () => {
    const reported: unknown[] = [];
    t = createTestCore({ onInternalError: (e) => reported.push(e) });
    t = reopenWithDamagedLanguage(t);
    await t.client.invoke('app:info', undefined);
    expect(reported).toEqual([
      expect.objectContaining({
        code: 'SETTING_DAMAGED',
        message: expect.stringMatching(/^setting ui\.language: /),
      }),
    ]);
  });
});
