import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { IpcError } from '../../../shared/ipc/result';
import { createTestCore, skillText, tempFolder, writeTree, type TestCore } from '../test-support';
import { expectWordsSayMessage } from '../testing/error-words';
import { DATABASE_FILE } from '../store/db';
import { folderFromInput, MAX_ADDED_FOLDERS } from './source-handlers';

// Skill folders added and removed in Settings: through the real core, its dispatch and a real disk.

let t: TestCore | undefined;
const temps: ReturnType<typeof tempFolder>[] = [];
afterEach(async () => {
  await t?.dispose();
  t = undefined;
  for (const tmp of temps.splice(0)) tmp.remove();
});

function setup() {
  const home = tempFolder('skilldeck-home-');
  const extra = tempFolder('skilldeck-extra-');
  temps.push(home, extra);
  writeTree(extra.dir, {
    'summarize/SKILL.md': skillText('summarize', 'From the added folder.'),
    'nested/outline/SKILL.md': skillText('outline'),
  });
  t = createTestCore({ homeDir: home.dir, watchSkills: false });
  return { t, home: home.dir, extra: extra.dir };
}

// Each refusal carries its words for the dashboard (errors:folders.<key>), which must say what the
// host's English message says.
function expectWorded(error: IpcError) {
  expectWordsSayMessage(error.words, error.message);
}

/** A value stored by hand or by an older version, past the settings store's checks. */
function plantSetting(dataDir: string, key: string, value: unknown) {
  const db = new Database(path.join(dataDir, DATABASE_FILE));
  db.prepare('INSERT OR REPLACE INTO settings (key, value_json) VALUES (?, ?)').run(
    key,
    JSON.stringify(value),
  );
  db.close();
}

const ids = async (core: TestCore) => (await core.client.invoke('skills:list', undefined)).map((s) => s.id);

describe('skill folders added in Settings', () => {
  it('adds a folder: its skills are listed, it is kept across restarts, and it can be removed again', async () => {
    const { extra } = setup();
    let c = t!;
    const changes: { reason: string; ids?: string[] }[] = [];
    c.client.on('skills:changed', (c) => changes.push(c));
    expect(await ids(c)).toEqual([]);

    const sources = await c.client.invoke('skills:addSource', { path: extra });
    expect(sources.find((s) => s.path === extra)).toEqual({
      kind: 'folder',
      path: extra,
      exists: true,
      active: true,
      offered: false,
      removable: true,
      precedence: 1,
      namespace: null,
      pluginDir: null,
      installedAs: null,
      skillCount: 2,
      findings: [],
    });
    // the user folder comes first and cannot be removed; nor can the built-in one
    expect(sources.filter((s) => s.active).map((s) => [s.kind, s.removable])).toEqual([
      ['user', false],
      ['folder', true],
      ['builtin', false],
    ]);
    expect((await ids(c)).sort()).toEqual(['outline', 'summarize']);
    expect(changes).toEqual([{ reason: `skill folder added: ${extra}`, ids: ['outline', 'summarize'] }]);
    // a skill of the added folder runs like any other: its detail is read from there
    expect(await c.client.invoke('skills:get', { skillId: 'summarize' })).toMatchObject({
      source: 'folder',
      path: path.join(extra, 'summarize'),
      readOnly: false,
    });

    t = c = c.reopen();
    expect((await ids(c)).sort()).toEqual(['outline', 'summarize']);

    const after = await c.client.invoke('skills:removeSource', { path: extra });
    expect(after.some((s) => s.path === extra)).toBe(false);
    expect(await ids(c)).toEqual([]);
    // the folder itself is untouched
    expect(fs.existsSync(path.join(extra, 'summarize', 'SKILL.md'))).toBe(true);
    t = c = c.reopen();
    expect(await ids(c)).toEqual([]);
  });

  it('offers the folders of other tools, and once added lists them as active', async () => {
    const { t, home } = setup();
    const claude = path.join(home, '.claude', 'skills');
    writeTree(claude, { 'commit-message/SKILL.md': skillText('commit-message') });
    const before = await t.client.invoke('skills:sources', undefined);
    expect(before.find((s) => s.path === claude)).toMatchObject({
      active: false,
      offered: true,
      exists: true,
    });

    const after = await t.client.invoke('skills:addSource', { path: '~/.claude/skills/' });
    expect(after.filter((s) => s.path === claude)).toEqual([
      expect.objectContaining({ active: true, offered: true, removable: true, skillCount: 1 }),
    ]);
    expect(await ids(t)).toEqual(['commit-message']);
  });

  it('refuses what is not a folder of skills, saying what to do', async () => {
    const { t, home, extra } = setup();
    const file = path.join(extra, 'notes.txt');
    fs.writeFileSync(file, 'not a folder');
    const refused = async (p: string) => {
      const result = await t.client.request('skills:addSource', { path: p });
      expect(result.ok).toBe(false);
      if (!result.ok) expectWorded(result.error);
      return result.ok ? null : result.error;
    };
    expect(await refused('skills')).toMatchObject({ code: 'INVALID_INPUT', message: /not a full path/ });
    expect(await refused('   ')).toMatchObject({ code: 'INVALID_INPUT', message: /type the path/ });
    expect(await refused(path.join(extra, 'missing'))).toMatchObject({
      code: 'NOT_FOUND',
      message: /create the folder first/,
    });
    expect(await refused(file)).toMatchObject({ code: 'INVALID_INPUT', message: /is a file/ });
    expect(await refused('/')).toMatchObject({ code: 'INVALID_INPUT', message: /root of the disk/ });
    expect(await refused('~')).toMatchObject({ code: 'INVALID_INPUT', message: /home folder/ });
    expect(await refused(path.join(t.dataDir, 'skills'))).toMatchObject({ code: 'INVALID_INPUT' });
    expect(await refused(t.skillsDir)).toMatchObject({ code: 'CONFLICT', message: /already searched/ });
    // not JSON the contract accepts
    expect(await t.client.request('skills:addSource', { path: 5 } as never)).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT' },
    });

    await t.client.invoke('skills:addSource', { path: extra });
    expect(await refused(`${extra}/`)).toMatchObject({ code: 'CONFLICT' });
    if (process.platform !== 'win32') {
      const link = path.join(home, 'linked-skills');
      fs.symlinkSync(extra, link);
      expect(await refused(link)).toMatchObject({ code: 'CONFLICT', message: /same folder as/ });
    }
    // nothing refused was stored
    expect(t.core.settings.get('skills.folders')).toEqual([extra]);
  });

  it.skipIf(process.platform !== 'linux')(
    'refuses /proc, /sys, /dev and what is below them or leads there, with words',
    async () => {
      const { t, home } = setup();
      fs.symlinkSync('/proc', path.join(home, 'proc-link'));
      for (const p of ['/proc', '/proc/self', '/sys', '/sys/fs/cgroup', '/dev', '/dev/shm', '~/proc-link']) {
        const result = await t.client.request('skills:addSource', { path: p });
        expect(result, p).toMatchObject({
          ok: false,
          error: {
            code: 'INVALID_INPUT',
            message: /is a system folder .*: pick the folder that holds the skills/,
          },
        });
        if (!result.ok) expectWorded(result.error);
      }
      expect(t.core.settings.get('skills.folders')).toEqual([]);
    },
  );

  it('reports what went wrong with a folder itself: a stored /proc is listed, refused, never read', async () => {
    let c = setup().t;
    c.core.settings.set('skills.folders', ['/proc']);
    t = c = c.reopen();
    const sources = await c.client.invoke('skills:sources', undefined);
    const proc = sources.find((s) => s.path === '/proc');
    expect(proc).toMatchObject({ active: true, removable: true, skillCount: 0 });
    if (process.platform === 'linux') {
      expect(proc!.findings).toEqual([
        expect.objectContaining({ code: 'folder-refused', severity: 'error' }),
      ]);
      expectWordsSayMessage(proc!.findings[0]!.words, proc!.findings[0]!.message);
    }
    expect(sources.filter((s) => s.path !== '/proc').every((s) => s.findings.length === 0)).toBe(true);
  });

  it('refuses past the most folders it watches', async () => {
    const { t } = setup();
    const many = Array.from({ length: MAX_ADDED_FOLDERS + 1 }, () => {
      const f = tempFolder('skilldeck-many-');
      temps.push(f);
      return f.dir;
    });
    t.core.settings.set('skills.folders', many.slice(0, MAX_ADDED_FOLDERS));
    const result = await t.client.request('skills:addSource', { path: many[MAX_ADDED_FOLDERS]! });
    expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', message: /remove one/ } });
    if (!result.ok) expectWorded(result.error);
  });

  it('removes only folders added in Settings', async () => {
    const { t, extra } = setup();
    for (const p of [t.skillsDir, path.join(t.dataDir, 'skills'), extra]) {
      const result = await t.client.request('skills:removeSource', { path: p });
      if (!result.ok) expectWorded(result.error);
    }
    expect(await t.client.request('skills:removeSource', { path: t.skillsDir })).toMatchObject({
      ok: false,
      error: { code: 'FORBIDDEN', message: /built-in/ },
    });
    expect(
      await t.client.request('skills:removeSource', { path: path.join(t.dataDir, 'skills') }),
    ).toMatchObject({ ok: false, error: { code: 'FORBIDDEN', message: /your own skills folder/ } });
    expect(await t.client.request('skills:removeSource', { path: extra })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
  });

  it('starts with what it can use of a stored list that was damaged', async () => {
    const { extra } = setup();
    plantSetting(t!.dataDir, 'skills.folders', [extra, 'relative/path', 42]);
    const again = t!.reopen();
    t = again;
    expect((await ids(again)).sort()).toEqual(['outline', 'summarize']);
    plantSetting(again.dataDir, 'skills.folders', { not: 'a list' });
    const third = again.reopen();
    t = third;
    expect(await ids(third)).toEqual([]);
  });
});

describe('app:pickFolder', () => {
  it('is refused where there is no folder dialog, and app:info says so', async () => {
    const { t } = setup();
    expect((await t.client.invoke('app:info', undefined)).folderPicker).toBe(false);
    expect(await t.client.request('app:pickFolder', {})).toMatchObject({
      ok: false,
      error: { code: 'BAD_REQUEST', message: /type the folder path/ },
    });
  });

  it("returns the desktop dialog's choice", async () => {
    const asked: (string | undefined)[] = [];
    t = createTestCore({
      watchSkills: false,
      pickFolder: async (title) => {
        asked.push(title);
        return asked.length === 1 ? '/home/ada/skills' : null;
      },
    });
    expect((await t.client.invoke('app:info', undefined)).folderPicker).toBe(true);
    expect(await t.client.invoke('app:pickFolder', { title: 'Add a skill folder' })).toEqual({
      path: '/home/ada/skills',
    });
    expect(await t.client.invoke('app:pickFolder', {})).toEqual({ path: null });
    expect(asked).toEqual(['Add a skill folder', undefined]);
  });
});

describe('folderFromInput', () => {
  it('expands ~ and drops a trailing separator', () => {
    expect(folderFromInput('~/skills/', '/home/ada')).toBe(path.resolve('/home/ada/skills'));
    expect(folderFromInput('  /srv/skills  ', '/home/ada')).toBe(path.resolve('/srv/skills'));
    expect(folderFromInput('/srv/a/../skills', '/home/ada')).toBe(path.resolve('/srv/skills'));
    expect(() => folderFromInput('~ada/skills', '/home/ada')).toThrow(/not a full path/);
  });
});
