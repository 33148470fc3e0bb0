import type { Database } from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../store/db';
import { createSkillMetaRepo, type SkillMetaRepo } from '../store/skill-meta';
import { loadSkillFile } from './load';
import { findSkillFiles, migrateSkillFiles, type FileMigrationReport } from './migrate-files';

const legacyDir = path.join(import.meta.dirname, 'testdata', 'legacy');
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

/** A copy of the legacy fixtures in a temp folder, and a real database next to it. */
function setup() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'skilldeck-migrate-'));
  cleanups.push(() => fs.rmSync(root, { recursive: true, force: true }));
  const skills = path.join(root, 'skills');
  fs.cpSync(legacyDir, skills, { recursive: true });
  const db: Database = openDatabase(path.join(root, 'data', 'skilldeck.db'));
  cleanups.push(() => db.close());
  const repo = createSkillMetaRepo(db);
  return { root, skills, repo, file: (id: string) => path.join(skills, id, 'SKILL.md') };
}

/** Every file below `dir` with its bytes: a run that should change nothing must leave this equal. */
function snapshot(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile())
      files.set(
        path.join(entry.parentPath, entry.name),
        fs.readFileSync(path.join(entry.parentPath, entry.name)),
      );
  }
  return files;
}

const run = async (skills: string, repo: SkillMetaRepo | null, dryRun = false) =>
  migrateSkillFiles(await findSkillFiles(skills), {
    dryRun,
    metaRepo: () => repo,
    now: () => 1_700_000_000_000,
  });
const byId = (reports: FileMigrationReport[]) => Object.fromEntries(reports.map((r) => [r.id, r]));

describe('migrating files on disk', () => {
  it('rewrites each legacy file after a byte-identical backup, and stores its metadata in SQLite', async () => {
    const { skills, repo, file } = setup();
    const originals = snapshot(skills);
    const reports = byId(await run(skills, repo));

    expect(Object.fromEntries(Object.values(reports).map((r) => [r.id, r.status]))).toEqual({
      current: 'current',
      'custom-reply': 'migrated',
      'ghost-twin': 'migrated',
      memo: 'migrated',
      polish: 'migrated',
      translate: 'migrated',
      'translate-en-ja': 'migrated',
      'web-search': 'migrated',
    });
    for (const report of Object.values(reports)) {
      if (report.status !== 'migrated') continue;
      expect(report.backup).toBe(`${report.path}.ghostype.bak`);
      expect(fs.readFileSync(report.backup!)).toEqual(originals.get(report.path));
      const loaded = loadSkillFile(fs.readFileSync(report.path), {
        file: report.path,
        folderName: report.id,
      });
      expect(loaded.findings.filter((f) => f.code === 'legacy-field' || f.severity === 'error')).toEqual([]);
    }
    expect(fs.existsSync(`${file('current')}.ghostype.bak`)).toBe(false);

    expect(repo.get('translate')).toMatchObject({
      emoji: '🌐',
      color: '#4a90d9',
      hotkey: { accelerator: 'CommandOrControl+Shift+T', display: '⌘⇧T' },
      builtin: false,
      updatedAt: 1_700_000_000_000,
    });
    expect(repo.get('memo')).toMatchObject({ emoji: '📌', color: '#f5a623', hotkey: null });
    expect(repo.get('custom-reply')?.hotkey).toEqual({ accelerator: 'Command+Control+R', display: '⌃⌘R' });
    expect(repo.findByAccelerator('commandorcontrol+alt+g')).toBe('ghost-twin');
    expect(repo.get('current')).toBeUndefined();
    expect(reports.translate!.metadata).toEqual({
      emoji: '🌐',
      color: '#4a90d9',
      hotkey: { accelerator: 'CommandOrControl+Shift+T', display: '⌘⇧T' },
    });
    // no temp file is left behind
    expect(fs.readdirSync(path.join(skills, 'translate')).sort()).toEqual([
      'SKILL.md',
      'SKILL.md.ghostype.bak',
    ]);
  });

  it('a second run changes nothing: every file current, bytes identical, no new backup or row change', async () => {
    const { skills, repo } = setup();
    await run(skills, repo);
    const after = snapshot(skills);
    const rows = repo.list();

    const second = await run(skills, repo);
    expect(new Set(second.map((r) => r.status))).toEqual(new Set(['current']));
    expect(second.every((r) => r.changes.length === 0 && r.backup === undefined)).toBe(true);
    expect(snapshot(skills)).toEqual(after);
    expect(repo.list()).toEqual(rows);
  });

  it('a dry run reports what would change and writes nothing', async () => {
    const { skills, repo } = setup();
    const before = snapshot(skills);
    const reports = byId(await run(skills, repo, true));
    expect(reports.translate).toMatchObject({
      status: 'would-migrate',
      metadata: { emoji: '🌐', hotkey: { accelerator: 'CommandOrControl+Shift+T' } },
      changes: expect.arrayContaining(['skill_type translate (中英互译) → config.source_language: Chinese']),
    });
    expect(reports.translate!.backup).toBeUndefined();
    expect(reports.current!.status).toBe('current');
    expect(snapshot(skills)).toEqual(before);
    expect(repo.list()).toEqual([]);
  });

  it('a hotkey another skill holds is not taken, in the database or earlier in the same run', async () => {
    const { skills, repo, file } = setup();
    repo.upsert(
      'someone-else',
      false,
      { hotkey: { accelerator: 'commandorcontrol+shift+t', display: 'Ctrl+Shift+T' } },
      1,
    );
    fs.mkdirSync(path.join(skills, 'zz-polish-copy'));
    fs.copyFileSync(file('polish'), path.join(skills, 'zz-polish-copy', 'SKILL.md'));

    const reports = byId(await run(skills, repo));
    expect(reports.translate!.status).toBe('migrated');
    expect(reports.translate!.metadata).toEqual({ emoji: '🌐', color: '#4a90d9' });
    expect(reports.translate!.warnings).toContain(
      'hotkey ⌘⇧T not stored: it is already the hotkey of "someone-else"',
    );
    expect(repo.get('translate')?.hotkey).toBeNull();
    expect(reports['zz-polish-copy']!.warnings).toContain(
      'hotkey ⌘⇧P not stored: it is already the hotkey of "polish"',
    );
    expect(repo.get('polish')?.hotkey?.accelerator).toBe('CommandOrControl+Shift+P');

    // the same clash is found by a dry run, before anything is stored
    const fresh = setup();
    fs.mkdirSync(path.join(fresh.skills, 'zz-polish-copy'));
    fs.copyFileSync(fresh.file('polish'), path.join(fresh.skills, 'zz-polish-copy', 'SKILL.md'));
    const dry = byId(await run(fresh.skills, null, true));
    expect(dry['zz-polish-copy']!.warnings).toContain(
      'hotkey ⌘⇧P not stored: it is already the hotkey of "polish"',
    );
  });

  it('what the user already chose in Skilldeck wins over the legacy values', async () => {
    const { skills, repo } = setup();
    repo.upsert('translate', false, { emoji: '🦜', hotkey: { accelerator: 'Alt+T', display: '⌥T' } }, 1);
    const reports = byId(await run(skills, repo));
    expect(repo.get('translate')).toMatchObject({
      emoji: '🦜',
      color: '#4a90d9',
      hotkey: { accelerator: 'Alt+T' },
    });
    expect(reports.translate!.metadata).toEqual({ color: '#4a90d9' });
    expect(reports.translate!.warnings).toEqual([
      'emoji 🌐 not stored: the skill already has 🦜 in Skilldeck',
      'hotkey ⌘⇧T not stored: the skill already has ⌥T in Skilldeck',
    ]);
  });

  it('a broken file is reported as failed and left untouched, while the others migrate', async () => {
    const { skills, repo, file } = setup();
    fs.mkdirSync(path.join(skills, 'broken'));
    const broken = '---\nname: broken\nskill_type: memo\nicon: [unclosed\n---\nbody\n';
    fs.writeFileSync(path.join(skills, 'broken', 'SKILL.md'), broken);
    fs.mkdirSync(path.join(skills, 'binary'));
    fs.writeFileSync(
      path.join(skills, 'binary', 'SKILL.md'),
      Buffer.from([0x2d, 0x2d, 0x2d, 0x0a, 0x00, 0xff]),
    );

    const reports = byId(await run(skills, repo));
    expect(reports.broken).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/^line \d+: YAML error/),
    });
    expect(reports.binary).toMatchObject({ status: 'failed', error: expect.stringMatching(/NUL bytes/) });
    expect(fs.readFileSync(path.join(skills, 'broken', 'SKILL.md'), 'utf8')).toBe(broken);
    expect(fs.readdirSync(path.join(skills, 'broken'))).toEqual(['SKILL.md']);
    expect(repo.get('broken')).toBeUndefined();
    expect(reports.translate!.status).toBe('migrated');
    expect(fs.readFileSync(file('memo'), 'utf8')).not.toContain('skill_type');
  });

  it('keeps CRLF files CRLF and the backup byte-identical', async () => {
    const { skills, repo, file } = setup();
    const crlf = fs.readFileSync(file('memo'), 'utf8').replace(/\n/g, '\r\n');
    fs.writeFileSync(file('memo'), crlf);
    await run(skills, repo);
    const migrated = fs.readFileSync(file('memo'), 'utf8');
    expect(migrated).toMatch(/^---\r\nname: memo\r\n/);
    expect(migrated.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(fs.readFileSync(`${file('memo')}.ghostype.bak`, 'utf8')).toBe(crlf);
  });

  it('never overwrites an earlier backup: an identical one is reused, a different one kept beside a new one', async () => {
    const { skills, repo, file } = setup();
    const original = fs.readFileSync(file('translate'));
    fs.writeFileSync(`${file('translate')}.ghostype.bak`, original);
    fs.writeFileSync(`${file('memo')}.ghostype.bak`, 'an older backup\n');

    const reports = byId(await run(skills, repo));
    expect(reports.translate!.backup).toBe(`${file('translate')}.ghostype.bak`);
    expect(reports.memo!.backup).toBe(`${file('memo')}.ghostype.2.bak`);
    expect(fs.readFileSync(`${file('memo')}.ghostype.bak`, 'utf8')).toBe('an older backup\n');
    expect(fs.readFileSync(`${file('memo')}.ghostype.2.bak`, 'utf8')).toContain('skill_type: memo');
  });

  it('a file migrates without any database when it has no emoji, color or hotkey', async () => {
    const { skills } = setup();
    const only = path.join(skills, 'plain');
    fs.mkdirSync(only);
    fs.writeFileSync(
      path.join(only, 'SKILL.md'),
      '---\ndescription: Plain\nskill_type: custom\nis_editable: true\n---\nDo it.\n',
    );
    const [report] = await migrateSkillFiles(await findSkillFiles(only), {
      dryRun: false,
      metaRepo: () => {
        throw new Error('no database should be opened');
      },
    });
    expect(report).toMatchObject({ id: 'plain', status: 'migrated', metadata: {} });
  });

  it('a database that cannot be opened fails the files that need it, untouched', async () => {
    const { file } = setup();
    const before = fs.readFileSync(file('translate'));
    const [report] = await migrateSkillFiles([file('translate')], {
      dryRun: false,
      metaRepo: () => {
        throw new Error('schema 99 is newer');
      },
    });
    expect(report).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/cannot open the database.*schema 99/),
    });
    expect(fs.readFileSync(file('translate'))).toEqual(before);
    expect(fs.existsSync(`${file('translate')}.ghostype.bak`)).toBe(false);
  });

  it('migrates a symlinked SKILL.md where it points, keeping the link', async () => {
    const { root, repo } = setup();
    const target = path.join(root, 'elsewhere.md');
    fs.copyFileSync(path.join(legacyDir, 'polish', 'SKILL.md'), target);
    const folder = path.join(root, 'linked', 'polish');
    fs.mkdirSync(folder, { recursive: true });
    fs.symlinkSync(target, path.join(folder, 'SKILL.md'));
    const [report] = await migrateSkillFiles(await findSkillFiles(folder), {
      dryRun: false,
      metaRepo: () => repo,
    });
    expect(report).toMatchObject({ id: 'polish', status: 'migrated', backup: `${target}.ghostype.bak` });
    expect(fs.lstatSync(path.join(folder, 'SKILL.md')).isSymbolicLink()).toBe(true);
    expect(fs.readFileSync(target, 'utf8')).not.toContain('skill_type');
  });
});

describe('findSkillFiles', () => {
  it('takes a SKILL.md, a skill folder, or a folder searched recursively without dot-folders and node_modules', async () => {
    const { root, skills, file } = setup();
    for (const hidden of ['.git/x', 'node_modules/pkg', 'nested/deeper/.cache/y']) {
      fs.mkdirSync(path.join(root, hidden), { recursive: true });
      fs.writeFileSync(path.join(root, hidden, 'SKILL.md'), '---\nskill_type: memo\n---\n');
    }
    fs.mkdirSync(path.join(root, 'nested', 'deeper', 'found'), { recursive: true });
    fs.writeFileSync(
      path.join(root, 'nested', 'deeper', 'found', 'SKILL.md'),
      '---\nskill_type: memo\n---\n',
    );

    expect(await findSkillFiles(file('memo'))).toEqual([file('memo')]);
    expect(await findSkillFiles(path.join(skills, 'memo'))).toEqual([file('memo')]);
    const all = await findSkillFiles(root);
    expect(all.map((f) => path.relative(root, f))).toEqual([
      'nested/deeper/found/SKILL.md',
      ...fs
        .readdirSync(legacyDir)
        .sort()
        .map((id) => `skills/${id}/SKILL.md`),
    ]);
    await expect(findSkillFiles(path.join(root, 'missing'))).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
