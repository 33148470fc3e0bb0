import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { skillText, tempFolder, writeTree } from '../test-support';
import { discoverSkills, MAX_SKILL_DEPTH } from './discover';
import { createSkillRegistry, type RegistryChange, type SkillRegistry } from './registry';
import { resolveSourceRoots } from './sources';
import { findSkillFolders } from './validate';

// One rule finds skills for `skilldeck validate`, the registry and its watcher. The fixture copies the
// layouts people drop into their skill folders: a collection whose category skills hold sub-skills
// (antigravity's `game-development/2d-games`), openai/skills' `.curated/`, `.experimental/`, `.system/`,
// and deep trees.

let tmp: ReturnType<typeof tempFolder>;
let registry: SkillRegistry | undefined;
afterEach(async () => {
  await registry?.close();
  registry = undefined;
  tmp?.remove();
});

const COLLECTIONS: Record<string, string> = {
  // a category skill with its sub-skills inside its folder
  'antigravity/skills/game-development/SKILL.md': skillText('game-development'),
  'antigravity/skills/game-development/2d-games/SKILL.md': skillText('2d-games'),
  'antigravity/skills/game-development/3d-games/SKILL.md': skillText('3d-games'),
  'antigravity/skills/game-development/3d-games/shaders/SKILL.md': skillText('shaders'),
  // a skill's own folders hold its files, not skills (a template SKILL.md is a resource)
  'antigravity/skills/game-development/references/template/SKILL.md': skillText('template'),
  'antigravity/skills/game-development/scripts/gen/SKILL.md': skillText('gen'),
  'antigravity/skills/game-development/assets/demo/SKILL.md': skillText('demo'),
  'antigravity/skills/game-development/phases/01-plan.md': 'Plan.',
  // openai/skills: the skills live in dot-folders; a repository's own dot-folders are not searched
  'openai-skills/skills/.curated/gh-fix-ci/SKILL.md': skillText('gh-fix-ci'),
  'openai-skills/skills/.experimental/notion-spec/SKILL.md': skillText('notion-spec'),
  'openai-skills/skills/.system/skill-installer/SKILL.md': skillText('skill-installer'),
  'openai-skills/.git/hooks/pre-commit/SKILL.md': skillText('pre-commit'),
  'openai-skills/.github/checks/SKILL.md': skillText('checks'),
  'openai-skills/node_modules/pkg/SKILL.md': skillText('pkg'),
  'openai-skills/skills/.venv/lib/SKILL.md': skillText('lib'),
  // Skilldeck's and editors' temp folders (a dot, then more than a plain word)
  '.new-skill.4242.beefcafe.tmp/SKILL.md': skillText('new-skill'),
  // as deep as the rule goes, and one level more
  'deep/2/3/4/5/6/7/eight/SKILL.md': skillText('eight'),
  'deep/2/3/4/5/6/7/8/nine/SKILL.md': skillText('nine'),
};

const FOUND = [
  'antigravity/skills/game-development',
  'antigravity/skills/game-development/2d-games',
  'antigravity/skills/game-development/3d-games',
  'antigravity/skills/game-development/3d-games/shaders',
  'deep/2/3/4/5/6/7/eight',
  'openai-skills/skills/.curated/gh-fix-ci',
  'openai-skills/skills/.experimental/notion-spec',
  'openai-skills/skills/.system/skill-installer',
];

const rel = (root: string, dirs: string[]) =>
  dirs.map((d) => path.relative(root, d).split(path.sep).join('/')).sort();

function watchedRegistry(root: string, watch: boolean) {
  registry = createSkillRegistry({
    roots: resolveSourceRoots({ userDir: root, skillDirs: [] }),
    watch,
    pollMs: 50,
  });
  return registry;
}

/** The first change from now on after which the listing satisfies `test`. */
function until(r: SkillRegistry, test: (r: SkillRegistry) => boolean, timeoutMs = 4000) {
  return new Promise<RegistryChange>((resolve, reject) => {
    const timer = setTimeout(
      () => (off(), reject(new Error(`no matching change in ${timeoutMs} ms`))),
      timeoutMs,
    );
    const off = r.onChange((change) => {
      if (!test(r)) return;
      clearTimeout(timer);
      off();
      resolve(change);
    });
  });
}

describe('the discovery rule', () => {
  it(`is the same for validate and the registry: nested skills, collection dot-folders, depth ${MAX_SKILL_DEPTH}`, async () => {
    tmp = tempFolder();
    writeTree(tmp.dir, COLLECTIONS);
    expect(MAX_SKILL_DEPTH).toBe(8);
    expect(rel(tmp.dir, await findSkillFolders(tmp.dir))).toEqual(FOUND);
    const r = watchedRegistry(tmp.dir, false);
    await r.ready();
    expect(
      rel(
        tmp.dir,
        r.list().map((e) => e.dir),
      ),
    ).toEqual(FOUND);
    // a nested skill's id is its folder name, like every other skill's
    expect(r.get('2d-games')?.dir).toBe(path.join(tmp.dir, 'antigravity/skills/game-development/2d-games'));
    expect(r.get('skill-installer')?.source).toBe('user');
  });

  it('lists one id twice in a folder once as the winner: the shallower folder, the other shadowed', async () => {
    tmp = tempFolder();
    writeTree(tmp.dir, {
      'kit/tools/SKILL.md': skillText('tools', 'The nested one.'),
      'tools/SKILL.md': skillText('tools', 'The top one.'),
    });
    const r = watchedRegistry(tmp.dir, false);
    await r.ready();
    expect(r.get('tools')?.description).toBe('The top one.');
    const shadowed = r.list().find((e) => e.description === 'The nested one.');
    expect(shadowed?.shadowedBy).toEqual({ source: 'user', path: path.join(tmp.dir, 'tools') });
  });

  it('stops after the folder limit, in name order, breadth first, and says so', async () => {
    tmp = tempFolder();
    const files: Record<string, string> = {};
    for (let i = 0; i < 30; i++) files[`f${String(i).padStart(2, '0')}/s/SKILL.md`] = skillText(`s${i}`);
    writeTree(tmp.dir, files);
    const found = await discoverSkills(tmp.dir, { maxFolders: 41 });
    // the root and its 30 folders, then the first 10 of the level below
    expect(found.truncated).toBe(true);
    expect(
      rel(
        tmp.dir,
        found.skills.map((s) => s.dir),
      ),
    ).toEqual(Array.from({ length: 10 }, (_, i) => `f${String(i).padStart(2, '0')}/s`));
    expect((await discoverSkills(tmp.dir)).truncated).toBe(false);
  });

  it('is the rule the watcher follows: nested and dot-folder skills appear, resource folders do not', async () => {
    tmp = tempFolder();
    writeTree(tmp.dir, COLLECTIONS);
    const r = watchedRegistry(tmp.dir, true);
    await r.watching();
    const at = (p: string) => path.join(tmp.dir, p);

    // ignored places first; the skills written after them are heard, then the listing is checked
    writeTree(tmp.dir, {
      'antigravity/skills/game-development/references/other/SKILL.md': skillText('other'),
      'openai-skills/.git/refs/SKILL.md': skillText('refs'),
    });
    let change = until(r, (x) => x.get('puzzle') !== undefined);
    writeTree(tmp.dir, {
      'antigravity/skills/game-development/2d-games/puzzle/SKILL.md': skillText('puzzle'),
    });
    expect((await change).ids).toEqual(['puzzle']);

    change = until(r, (x) => x.get('frontend') !== undefined);
    fs.mkdirSync(at('openai-skills/skills/.curated/frontend'));
    fs.writeFileSync(at('openai-skills/skills/.curated/frontend/SKILL.md'), skillText('frontend'));
    expect((await change).ids).toEqual(['frontend']);

    change = until(r, (x) => x.get('deep-new') !== undefined);
    writeTree(tmp.dir, { 'deep/2/3/4/5/6/7/deep-new/SKILL.md': skillText('deep-new') });
    await change;

    change = until(r, (x) => x.get('2d-games')?.description === 'Edited.');
    fs.writeFileSync(
      at('antigravity/skills/game-development/2d-games/SKILL.md'),
      skillText('2d-games', 'Edited.'),
    );
    expect((await change).ids).toEqual(['2d-games']);

    expect(r.get('other')).toBeUndefined();
    expect(r.get('refs')).toBeUndefined();
    expect(
      rel(
        tmp.dir,
        r.list().map((e) => e.dir),
      ),
    ).toEqual(
      [
        ...FOUND,
        'antigravity/skills/game-development/2d-games/puzzle',
        'openai-skills/skills/.curated/frontend',
        'deep/2/3/4/5/6/7/deep-new',
      ].sort(),
    );
  });
});
