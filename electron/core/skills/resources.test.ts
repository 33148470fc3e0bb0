import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { skillText, tempFolder, writeTree } from '../test-support';
import { expandBaseDir, listResources, readResource } from './resources';

let tmp: ReturnType<typeof tempFolder>;
afterEach(() => tmp?.remove());

function skill() {
  tmp = tempFolder();
  writeTree(tmp.dir, {
    'skill/SKILL.md': skillText('skill'),
    'skill/references/guide.md': '# Guide\n',
    'skill/references/deep/more.md': 'more',
    'skill/references/.hidden.md': 'hidden',
    'skill/scripts/run.sh': '#!/bin/sh\necho hi\n',
    'skill/assets/logo.svg': '<svg/>',
    'skill/notes.md': 'not a resource folder, still inside the skill',
    'secret.txt': 'outside the skill',
  });
  return path.join(tmp.dir, 'skill');
}

describe('skill resources', () => {
  it('lists references/, scripts/ and assets/ with sizes, reading nothing', async () => {
    const dir = skill();
    expect(await listResources(dir)).toEqual([
      { path: 'references/deep/more.md', size: 4 },
      { path: 'references/guide.md', size: 8 },
      { path: 'scripts/run.sh', size: 18 },
      { path: 'assets/logo.svg', size: 6 },
    ]);
  });

  it('reads a file on request, with {baseDir} resolved to the skill folder', async () => {
    const dir = skill();
    expect((await readResource(dir, 'references/guide.md')).data.toString()).toBe('# Guide\n');
    expect(await readResource(dir, '{baseDir}/scripts/run.sh')).toMatchObject({
      path: 'scripts/run.sh',
      size: 18,
    });
    expect((await readResource(dir, 'notes.md')).path).toBe('notes.md');
    expect(expandBaseDir('python {baseDir}/scripts/x.py {baseDir}', '/s/k')).toBe(
      'python /s/k/scripts/x.py /s/k',
    );
  });

  it.each([
    ['a parent path', '../secret.txt', /resolves outside the skill folder/],
    ['a sneaky parent path', 'references/../../secret.txt', /resolves outside the skill folder/],
    ['{baseDir} then ..', '{baseDir}/../secret.txt', /resolves outside the skill folder/],
    ['an absolute path', '/etc/passwd', /is an absolute path/],
    ['a Windows absolute path', 'C:\\Windows\\win.ini', /is an absolute path/],
  ])('refuses %s', async (_label, rel, message) => {
    const dir = skill();
    await expect(readResource(dir, rel)).rejects.toMatchObject({ code: 'FORBIDDEN', message });
  });

  it.skipIf(process.platform === 'win32')(
    'refuses a symlink that leads out of the skill folder',
    async () => {
      const dir = skill();
      fs.symlinkSync(path.join(tmp.dir, 'secret.txt'), path.join(dir, 'references', 'escape.md'));
      fs.symlinkSync(tmp.dir, path.join(dir, 'assets', 'up'));
      fs.symlinkSync(path.join(dir, 'references', 'guide.md'), path.join(dir, 'references', 'alias.md'));
      await expect(readResource(dir, 'references/escape.md')).rejects.toMatchObject({
        code: 'FORBIDDEN',
        message: expect.stringMatching(/is a link to a place outside the skill folder/),
      });
      await expect(readResource(dir, 'assets/up/secret.txt')).rejects.toMatchObject({ code: 'FORBIDDEN' });
      // a link that stays inside is fine, and escaping links are not even listed
      expect((await readResource(dir, 'references/alias.md')).data.toString()).toBe('# Guide\n');
      const listed = (await listResources(dir)).map((r) => r.path);
      expect(listed).toContain('references/alias.md');
      expect(listed).not.toContain('references/escape.md');
      expect(listed.some((p) => p.startsWith('assets/up'))).toBe(false);
    },
  );

  it('answers NOT_FOUND for a missing file and refuses folders and empty names', async () => {
    const dir = skill();
    await expect(readResource(dir, 'references/none.md')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(readResource(dir, 'references')).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    await expect(readResource(dir, '{baseDir}')).rejects.toMatchObject({ code: 'INVALID_INPUT' });
  });
});
