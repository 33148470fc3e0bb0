import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, DATABASE_FILE } from '../../core/core';
import { runCli as run } from '../test-support';

// --skills-dir takes a folder of skills, never a kernel filesystem; and `skills list` says what went wrong
// with a folder itself.

const temps: string[] = [];
const tempDir = (prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  temps.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(process.platform !== 'linux')('skill folders on the command line', () => {
  it('refuses /proc, /sys and /dev as --skills-dir, for every command that takes it', async () => {
    const dataDir = path.join(tempDir('skilldeck-cli-'), 'data');
    const link = path.join(tempDir('skilldeck-cli-link-'), 'proc');
    fs.symlinkSync('/proc', link);
    for (const [dir, kind] of [
      ['/proc', '/proc'],
      ['/sys/kernel', '/sys'],
      ['/dev', '/dev'],
      [link, '/proc'],
    ]) {
      for (const args of [
        ['skills', 'list'],
        ['skills', 'show', 'x'],
        ['serve', '--port', '0'],
        ['run', 'x', '--input', 'hi'],
        ['mcp'],
      ]) {
        const result = await run([...args, '--skills-dir', dir!, '--data-dir', dataDir]);
        expect(result, `${args.join(' ')} --skills-dir ${dir}`).toMatchObject({
          code: 2,
          out: '',
          err: expect.stringContaining(
            `--skills-dir ${dir} is a system folder (${kind}), not a folder of skills`,
          ) as string,
        });
      }
    }
    expect(fs.existsSync(dataDir)).toBe(false);
  });

  it('skills list prints the findings of a folder itself under it', async () => {
    const dataDir = tempDir('skilldeck-cli-data-');
    const core = createCore({ dataDir, skillDirs: [], runtime: 'node', version: '0', watchSkills: false });
    core.close();
    await core.skills.close();
    // a list stored before such folders were refused
    const db = new Database(path.join(dataDir, DATABASE_FILE));
    db.prepare('INSERT OR REPLACE INTO settings (key, value_json) VALUES (?, ?)').run(
      'skills.folders',
      JSON.stringify(['/proc']),
    );
    db.close();
    const listed = await run(['skills', 'list', '--data-dir', dataDir]);
    expect(listed.code).toBe(0);
    const lines = listed.out.split('\n');
    const at = lines.findIndex((l) => l.includes('folder   /proc'));
    expect(lines[at]).toContain('— 0 skills');
    expect(lines[at + 1]).toBe(
      '       ✗ /proc is a system folder (/proc), not a folder of skills: it is not searched',
    );
  });
});

describe('the folders added in Settings, read by the CLI', () => {
  it('skills list says when the stored list is damaged, and lists without it', async () => {
    const dataDir = tempDir('skilldeck-cli-data-');
    const core = createCore({ dataDir, skillDirs: [], runtime: 'node', version: '0', watchSkills: false });
    core.close();
    await core.skills.close();
    const db = new Database(path.join(dataDir, DATABASE_FILE));
    db.prepare('INSERT OR REPLACE INTO settings (key, value_json) VALUES (?, ?)').run(
      'skills.folders',
      JSON.stringify({ not: 'a list' }),
    );
    db.close();
    for (const json of [false, true]) {
      const listed = await run(['skills', 'list', '--data-dir', dataDir, ...(json ? ['--json'] : [])]);
      expect(listed.code).toBe(0);
      expect(listed.err).toMatch(/^skilldeck: setting skills\.folders: the stored value does not fit: /);
      expect(listed.err.match(/skills\.folders/g)).toHaveLength(1);
      if (json)
        expect((JSON.parse(listed.out) as { source: string }[]).map((s) => s.source)).not.toContain('folder');
      else expect(listed.out).not.toMatch(/\d\. folder /);
    }
  });
});
