import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { skillText, tempFolder, writeTree } from '../test-support';
import { discoverSkillFolders } from './discover';

let tmp: ReturnType<typeof tempFolder>;
afterEach(() => tmp?.remove());

const rel = (root: string, found: { dir: string }[]) =>
  found.map((f) => path.relative(root, f.dir).split(path.sep).join('/'));

describe('discoverSkillFolders', () => {
  it('finds nested skill folders, and does not search inside a skill folder', async () => {
    tmp = tempFolder();
    writeTree(tmp.dir, {
      'top/SKILL.md': skillText('top'),
      'top/examples/inner/SKILL.md': skillText('inner'), // part of `top`, not a skill of its own
      'group/writing/polish/SKILL.md': skillText('polish'),
      'group/writing/README.md': '# not a skill',
      'a/b/c/d/deep/SKILL.md': skillText('deep'), // depth 5: too deep
      'a/b/c/four/SKILL.md': skillText('four'), // depth 4: found
      'lower/skill.md': skillText('lower'),
    });
    const found = await discoverSkillFolders(tmp.dir);
    expect(rel(tmp.dir, found)).toEqual(['a/b/c/four', 'group/writing/polish', 'lower', 'top']);
    expect(found.find((f) => f.dir.endsWith('lower'))!.fileName).toBe('skill.md');
  });

  it('prefers SKILL.md over skill.md when a folder has both', async () => {
    tmp = tempFolder();
    writeTree(tmp.dir, { 'both/SKILL.md': skillText('both'), 'both/skill.md': skillText('other') });
    const entries = fs.readdirSync(path.join(tmp.dir, 'both'));
    // case-insensitive filesystems keep one of the two
    const expected = entries.includes('SKILL.md') ? 'SKILL.md' : 'skill.md';
    expect((await discoverSkillFolders(tmp.dir))[0]!.fileName).toBe(expected);
  });

  it('skips hidden folders and node_modules', async () => {
    tmp = tempFolder();
    writeTree(tmp.dir, {
      '.git/hooks/SKILL.md': skillText('hooks'),
      '.hidden/SKILL.md': skillText('hidden'),
      'node_modules/pkg/SKILL.md': skillText('pkg'),
      'tools/node_modules/x/SKILL.md': skillText('x'),
      'seen/SKILL.md': skillText('seen'),
    });
    expect(rel(tmp.dir, await discoverSkillFolders(tmp.dir))).toEqual(['seen']);
  });

  it.skipIf(process.platform === 'win32')(
    'follows a symlinked folder once: no loop, and one real folder reached twice is found once',
    async () => {
      tmp = tempFolder();
      const outside = path.join(tmp.dir, 'outside');
      const root = path.join(tmp.dir, 'root');
      writeTree(tmp.dir, {
        'outside/linked/SKILL.md': skillText('linked'),
        'root/real/SKILL.md': skillText('real'),
        'root/group/keep.txt': '',
      });
      fs.symlinkSync(path.join(outside, 'linked'), path.join(root, 'linked')); // followed
      fs.symlinkSync(root, path.join(root, 'group', 'loop')); // a loop back to the root
      fs.symlinkSync(path.join(root, 'group'), path.join(root, 'group', 'self')); // a loop to itself
      fs.symlinkSync(path.join(root, 'real'), path.join(root, 'group', 'again')); // the same skill again
      fs.symlinkSync(path.join(tmp.dir, 'nowhere'), path.join(root, 'dangling'));
      const found = await discoverSkillFolders(root);
      expect(rel(root, found).sort()).toEqual(['linked', 'real']);
      expect(found.find((f) => f.dir.endsWith('linked'))!.realDir).toBe(path.join(outside, 'linked'));
    },
  );

  it('returns nothing for a folder that does not exist', async () => {
    expect(await discoverSkillFolders('/no/such/folder/anywhere')).toEqual([]);
  });

  it('notes a phases/ folder for the layout reader', async () => {
    tmp = tempFolder();
    writeTree(tmp.dir, {
      'p/SKILL.md': skillText('p'),
      'p/phases/01-a.md': 'a',
      'q/SKILL.md': skillText('q'),
    });
    const found = await discoverSkillFolders(tmp.dir);
    expect(found.map((f) => f.hasPhases)).toEqual([true, false]);
  });
});
