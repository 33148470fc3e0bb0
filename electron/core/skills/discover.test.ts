import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { skillText, tempFolder, writeTree } from '../test-support';
import { discoverSkillFolders, discoverSkills } from './discover';

let tmp: ReturnType<typeof tempFolder>;
afterEach(() => tmp?.remove());

const rel = (root: string, found: { dir: string }[]) =>
  found.map((f) => path.relative(root, f.dir).split(path.sep).join('/'));

describe('discoverSkillFolders', () => {
  it("finds skill folders, nested ones too, down to depth 8, but not in a skill's own folders", async () => {
    tmp = tempFolder();
    writeTree(tmp.dir, {
      'top/SKILL.md': skillText('top'),
      'top/examples/inner/SKILL.md': skillText('inner'), // a skill inside a skill: found
      'top/references/template/SKILL.md': skillText('template'), // a resource of `top`: not a skill
      'group/writing/polish/SKILL.md': skillText('polish'),
      'group/writing/README.md': '# not a skill',
      'a/b/c/d/e/f/g/h/deep/SKILL.md': skillText('deep'), // depth 9: too deep
      'a/b/c/d/e/f/g/eight/SKILL.md': skillText('eight'), // depth 8: found
      'lower/skill.md': skillText('lower'),
    });
    const found = await discoverSkillFolders(tmp.dir);
    expect(rel(tmp.dir, found)).toEqual([
      'a/b/c/d/e/f/g/eight',
      'group/writing/polish',
      'lower',
      'top',
      'top/examples/inner',
    ]);
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

  it("skips tools' folders and temp folders, and searches the other dot-folders", async () => {
    tmp = tempFolder();
    writeTree(tmp.dir, {
      '.git/hooks/SKILL.md': skillText('hooks'),
      '.GitHub/x/SKILL.md': skillText('ci'),
      '.skill.1234.abcd.tmp/SKILL.md': skillText('half-written'),
      '.curated/SKILL.md': skillText('curated'),
      'node_modules/pkg/SKILL.md': skillText('pkg'),
      'tools/node_modules/x/SKILL.md': skillText('x'),
      'seen/SKILL.md': skillText('seen'),
    });
    expect(rel(tmp.dir, await discoverSkillFolders(tmp.dir))).toEqual(['.curated', 'seen']);
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
      fs.symlinkSync(path.join(root, 'real'), path.join(root, 'inside')); // inside the folder: found as real
      fs.symlinkSync(tmp.dir, path.join(root, 'ancestor')); // holds the folder: not followed
      writeTree(tmp.dir, { 'outside/linked/again/SKILL.md': skillText('again') });
      fs.symlinkSync(path.join(outside, 'linked'), path.join(outside, 'linked', 'again', 'up')); // a loop outside
      const found = await discoverSkills(root);
      expect(rel(root, found.skills)).toEqual(['linked', 'linked/again', 'real']);
      expect(found.skills.find((f) => f.dir.endsWith('linked'))!.realDir).toBe(path.join(outside, 'linked'));
      // the one link entered, for the watcher
      expect(found.links).toEqual([
        { dir: path.join(root, 'linked'), realDir: path.join(outside, 'linked'), depth: 1 },
      ]);
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

  it.skipIf(process.platform !== 'linux')(
    'never enters /proc, /sys or /dev, as a start or through a link',
    async () => {
      tmp = tempFolder();
      writeTree(tmp.dir, { 'mine/SKILL.md': skillText('mine') });
      for (const target of ['/proc', '/sys', '/dev', '/proc/self']) {
        fs.symlinkSync(target, path.join(tmp.dir, path.basename(target) + '-link'));
      }
      const found = await discoverSkills(tmp.dir);
      expect(rel(tmp.dir, found.skills)).toEqual(['mine']);
      expect(found.links).toEqual([]);
      expect(await discoverSkills('/proc')).toEqual({
        skills: [],
        links: [],
        truncated: false,
        refused: '/proc',
      });
      expect((await discoverSkills(path.join(tmp.dir, 'sys-link'))).refused).toBe('/sys');
    },
  );
});
