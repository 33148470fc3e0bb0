import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../core/store/db';
import { createSkillMetaRepo } from '../../core/store/skill-meta';
import { runCli as run } from '../test-support';

const legacyDir = path.join(import.meta.dirname, '..', '..', 'core', 'skills', 'testdata', 'legacy');
const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function setup() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'skilldeck-cli-migrate-'));
  temps.push(root);
  const skills = path.join(root, 'skills');
  fs.cpSync(legacyDir, skills, { recursive: true });
  return { root, skills, dataDir: path.join(root, 'data') };
}

function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  if (!fs.existsSync(dir)) return files;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name);
    if (entry.isFile()) files[path.relative(dir, full)] = fs.readFileSync(full).toString('base64');
  }
  return files;
}

interface JsonReport {
  path: string;
  id: string;
  status: string;
  changes: string[];
  metadata: { emoji?: string; color?: string; hotkey?: { accelerator: string; display: string } };
  warnings: string[];
  backup?: string;
  error?: string;
}

describe('skilldeck migrate', () => {
  it('migrates a folder, prints a line per file and a summary, stores metadata in <data-dir>/skilldeck.db', async () => {
    const { skills, dataDir } = setup();
    const result = await run(['migrate', skills, '--data-dir', dataDir]);
    expect(result).toMatchObject({ code: 0, err: '' });
    expect(result.out).toContain(
      `migrated: ${path.join(skills, 'translate', 'SKILL.md')} (backup: SKILL.md.ghostype.bak)`,
    );
    expect(result.out).toContain(`already current: ${path.join(skills, 'current', 'SKILL.md')}`);
    expect(result.out).toContain('    modifier_key_display ⌘⇧T → hotkey CommandOrControl+Shift+T (database)');
    expect(result.out).toMatch(/ {2}! hotkey not kept: "⌥" is a modifier key alone/);
    expect(result.out.split('\n').at(-1)).toBe('8 files: 7 migrated, 1 already current, 0 failed');

    const db = openDatabase(path.join(dataDir, 'skilldeck.db'));
    try {
      const repo = createSkillMetaRepo(db);
      expect(repo.get('translate')).toMatchObject({
        emoji: '🌐',
        color: '#4a90d9',
        hotkey: { accelerator: 'CommandOrControl+Shift+T', display: '⌘⇧T' },
      });
      expect(repo.get('web-search')).toMatchObject({ emoji: '🔎', color: '#1abc9c', hotkey: null });
    } finally {
      db.close();
    }

    const again = await run(['migrate', skills, '--data-dir', dataDir]);
    expect(again.code).toBe(0);
    expect(again.out.split('\n').at(-1)).toBe('8 files: 0 migrated, 8 already current, 0 failed');
  });

  it('--json prints one object per file in the documented shape', async () => {
    const { skills, dataDir } = setup();
    const result = await run(['migrate', path.join(skills, 'translate'), '--data-dir', dataDir, '--json']);
    expect(result.code).toBe(0);
    const reports = JSON.parse(result.out) as JsonReport[];
    expect(reports).toEqual([
      {
        path: path.join(skills, 'translate', 'SKILL.md'),
        id: 'translate',
        status: 'migrated',
        changes: expect.arrayContaining([
          'skill_type translate (中英互译) → config.target_language: English',
        ]),
        metadata: {
          emoji: '🌐',
          color: '#4a90d9',
          hotkey: { accelerator: 'CommandOrControl+Shift+T', display: '⌘⇧T' },
        },
        warnings: [],
        backup: path.join(skills, 'translate', 'SKILL.md.ghostype.bak'),
      },
    ]);

    const again = JSON.parse(
      (await run(['migrate', path.join(skills, 'translate', 'SKILL.md'), '--data-dir', dataDir, '--json']))
        .out,
    ) as JsonReport[];
    expect(again).toEqual([
      {
        path: path.join(skills, 'translate', 'SKILL.md'),
        id: 'translate',
        status: 'current',
        changes: [],
        metadata: {},
        warnings: [],
      },
    ]);
  });

  it('--dry-run writes nothing: no file, no backup, no database', async () => {
    const { root, skills, dataDir } = setup();
    const before = snapshot(root);
    const result = await run(['migrate', skills, '--dry-run', '--data-dir', dataDir, '--json']);
    expect(result.code).toBe(0);
    const reports = JSON.parse(result.out) as JsonReport[];
    expect(reports.filter((r) => r.status === 'would-migrate')).toHaveLength(7);
    expect(reports.find((r) => r.id === 'memo')).toMatchObject({
      metadata: { emoji: '📌', color: '#f5a623' },
    });
    expect(reports.every((r) => r.backup === undefined)).toBe(true);
    expect(snapshot(root)).toEqual(before);
    expect(fs.existsSync(dataDir)).toBe(false);

    const text = await run(['migrate', skills, '--dry-run', '--data-dir', dataDir]);
    expect(text.out).toContain(`would migrate: ${path.join(skills, 'memo', 'SKILL.md')}`);
    expect(text.out.split('\n').at(-1)).toBe(
      '8 files: 7 would migrate, 1 already current, 0 failed (dry run: nothing was written)',
    );
  });

  it('--dry-run reads an existing database for hotkey clashes and leaves the data directory byte-for-byte alone', async () => {
    const { skills, dataDir } = setup();
    const db = openDatabase(path.join(dataDir, 'skilldeck.db'));
    createSkillMetaRepo(db).upsert(
      'mine',
      false,
      { hotkey: { accelerator: 'Control+Alt+J', display: '⌃⌥J' } },
      1,
    );
    db.close();
    const before = snapshot(dataDir);

    const result = await run(['migrate', skills, '--dry-run', '--data-dir', dataDir, '--json']);
    const reports = JSON.parse(result.out) as JsonReport[];
    expect(reports.find((r) => r.id === 'translate-en-ja')?.warnings).toContain(
      'hotkey Ctrl+Alt+J not stored: it is already the hotkey of "mine"',
    );
    expect(snapshot(dataDir)).toEqual(before);
  });

  it('a broken file fails the run with exit 1 and is left untouched; the others still migrate', async () => {
    const { skills, dataDir } = setup();
    const broken = path.join(skills, 'broken', 'SKILL.md');
    fs.mkdirSync(path.dirname(broken));
    fs.writeFileSync(broken, '---\nskill_type: memo\n  icon: : :\n---\n');
    const before = fs.readFileSync(broken);

    const result = await run(['migrate', skills, '--data-dir', dataDir]);
    expect(result.code).toBe(1);
    expect(result.out).toMatch(
      new RegExp(`^failed: ${broken.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: line \\d+: YAML error`, 'm'),
    );
    expect(result.out.split('\n').at(-1)).toBe('9 files: 7 migrated, 1 already current, 1 failed');
    expect(fs.readFileSync(broken)).toEqual(before);

    const json = JSON.parse(
      (await run(['migrate', broken, '--data-dir', dataDir, '--json'])).out,
    ) as JsonReport[];
    expect(json).toEqual([
      expect.objectContaining({ id: 'broken', status: 'failed', error: expect.stringMatching(/YAML error/) }),
    ]);
  });

  it('usage errors exit 2: no PATH, two PATHs, a PATH that does not exist', async () => {
    const { root } = setup();
    expect(await run(['migrate'])).toMatchObject({
      code: 2,
      err: expect.stringMatching(/`migrate` takes one PATH/),
    });
    expect((await run(['migrate', root, root])).code).toBe(2);
    expect(await run(['migrate', path.join(root, 'nope')])).toMatchObject({
      code: 2,
      err: expect.stringMatching(/nope: no such file or folder/),
    });
  });

  it('a folder without skills is not an error', async () => {
    const { root } = setup();
    const empty = path.join(root, 'empty');
    fs.mkdirSync(empty);
    expect(await run(['migrate', empty])).toEqual({
      code: 0,
      out: `No SKILL.md files under ${empty}`,
      err: '',
    });
    expect(await run(['migrate', empty, '--json'])).toEqual({ code: 0, out: '[]', err: '' });
  });
});
