import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { expectWordsSayMessage } from '../testing/error-words';
import { skillText, tempFolder, writeTree } from '../test-support';
import { createSkillRegistry, type RegistryChange, type SkillRegistry } from './registry';
import { resolveSourceRoots } from './sources';

// Real symlink loops under real chokidar. Six `ln -s . L/lN` in a skill folder used to make the watcher
// follow L/l1/l2/l3/… to its depth limit: millions of paths, the host unresponsive, then out of memory.

let temps: ReturnType<typeof tempFolder>[] = [];
let registry: SkillRegistry | undefined;
afterEach(async () => {
  await registry?.close();
  registry = undefined;
  for (const t of temps) t.remove();
  temps = [];
});

function folder(files: Record<string, string> = {}) {
  const t = tempFolder();
  temps.push(t);
  writeTree(t.dir, files);
  return t.dir;
}

async function watched(
  dirs: string[],
  options: { maxWatchedPaths?: number; maxFoldersSearched?: number } = {},
) {
  registry = createSkillRegistry({
    roots: resolveSourceRoots({
      userDir: dirs[0]!,
      skillDirs: dirs.slice(1).map((dir) => ({ dir, source: 'folder' as const })),
    }),
    watch: true,
    ...options,
  });
  const heard: RegistryChange[] = [];
  registry.onChange((change) => heard.push(change));
  await registry.watching();
  return { registry, heard };
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

const ids = (r: SkillRegistry) =>
  r
    .list()
    .map((e) => e.id)
    .sort();

describe.skipIf(process.platform === 'win32')('the watcher and symlink loops', () => {
  it('watches a folder holding six links to itself as one folder, and hears a change there once', async () => {
    const dir = folder({ 'a/SKILL.md': skillText('a'), 'group/b/SKILL.md': skillText('b') });
    for (let i = 1; i <= 6; i++) fs.symlinkSync('.', path.join(dir, `l${i}`));
    fs.symlinkSync('..', path.join(dir, 'group', 'up'));
    const { registry, heard } = await watched([dir]);

    expect(ids(registry)).toEqual(['a', 'b']);
    // the folder, its 8 entries, group's 2, and the two SKILL.md files: nothing through the links
    expect(registry.watchedPaths()).toBeLessThanOrEqual(20);
    expect(registry.rootFindings(dir)).toEqual([]);

    const added = until(registry, (r) => r.get('c') !== undefined);
    writeTree(dir, { 'c/SKILL.md': skillText('c') });
    expect(await added).toMatchObject({ ids: ['c'] });
    const edited = until(registry, (r) => r.get('b')?.description === 'Edited.');
    fs.writeFileSync(path.join(dir, 'group', 'b', 'SKILL.md'), skillText('b', 'Edited.'));
    await edited;
    expect(ids(registry)).toEqual(['a', 'b', 'c']);
    expect(heard.map((h) => h.ids)).toEqual([['c'], ['b']]);
    expect(registry.watchedPaths()).toBeLessThanOrEqual(24);
  });

  it('watches a linked folder outside once, through loops out there and back, and hears it', async () => {
    const outside = folder({ 'far/SKILL.md': skillText('far') });
    const dir = folder({ 'near/SKILL.md': skillText('near') });
    fs.symlinkSync(outside, path.join(dir, 'ext'));
    fs.symlinkSync(outside, path.join(dir, 'ext-again')); // the same real folder by another link
    fs.symlinkSync(dir, path.join(outside, 'back')); // out there, a link back into the source folder
    fs.symlinkSync('.', path.join(outside, 'self')); // and one to itself
    const { registry, heard } = await watched([dir]);

    expect(registry.list().map((e) => path.relative(dir, e.dir))).toEqual([path.join('ext', 'far'), 'near']);
    expect(registry.watchedPaths()).toBeLessThanOrEqual(20);

    const edited = until(registry, (r) => r.get('far')?.description === 'Edited out there.');
    fs.writeFileSync(path.join(outside, 'far', 'SKILL.md'), skillText('far', 'Edited out there.'));
    await edited;
    const added = until(registry, (r) => r.get('farther') !== undefined);
    writeTree(outside, { 'farther/SKILL.md': skillText('farther') });
    await added;
    expect(registry.get('farther')!.dir).toBe(path.join(dir, 'ext', 'farther'));
    expect(heard.map((h) => h.ids)).toEqual([['far'], ['farther']]);
    expect(ids(registry)).toEqual(['far', 'farther', 'near']);
  });

  it('watches a source folder that is itself a symlink once, under the path it was given as', async () => {
    const real = folder({ 'mine/SKILL.md': skillText('mine') });
    const given = path.join(folder(), 'skills');
    fs.symlinkSync(real, given);
    const { registry, heard } = await watched([given]);
    expect(registry.get('mine')?.dir).toBe(path.join(given, 'mine'));
    const watchedAtFirst = registry.watchedPaths();
    expect(watchedAtFirst).toBeLessThanOrEqual(4);
    const edited = until(registry, (r) => r.get('mine')?.description === 'Edited.');
    fs.writeFileSync(path.join(real, 'mine', 'SKILL.md'), skillText('mine', 'Edited.'));
    await edited;
    expect(heard).toEqual([{ reason: expect.any(String), ids: ['mine'] }]);
    expect(registry.watchedPaths()).toBe(watchedAtFirst);
  });

  it('follows a link made while watching, and forgets what it led to when it goes', async () => {
    const outside = folder({ 'linked/SKILL.md': skillText('linked') });
    const dir = folder({ 'mine/SKILL.md': skillText('mine') });
    const { registry } = await watched([dir]);
    const appeared = until(registry, (r) => r.get('linked') !== undefined);
    fs.symlinkSync(outside, path.join(dir, 'more'));
    await appeared;
    await registry.watching();
    const edited = until(registry, (r) => r.get('linked')?.description === 'Seen through the new link.');
    fs.writeFileSync(
      path.join(outside, 'linked', 'SKILL.md'),
      skillText('linked', 'Seen through the new link.'),
    );
    await edited;
    const gone = until(registry, (r) => r.get('linked') === undefined);
    fs.unlinkSync(path.join(dir, 'more'));
    await gone;
    expect(ids(registry)).toEqual(['mine']);
  });

  it('stops watching at the limit of a source folder, and says so with words', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 60; i++) files[`s${i}/SKILL.md`] = skillText(`s${i}`);
    const dir = folder(files);
    const { registry } = await watched([dir], { maxWatchedPaths: 50 });
    expect(registry.list()).toHaveLength(60); // searched in full; only watching is bounded
    expect(registry.watchedPaths()).toBeLessThanOrEqual(51); // the limit, and the folder itself
    const [finding] = registry.rootFindings(dir);
    expect(finding).toMatchObject({ code: 'folder-watch-limit', severity: 'warning' });
    expectWordsSayMessage(finding!.words, finding!.message);
  });

  it('says when a search stopped at the folder limit', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 12; i++) files[`g${i}/x/SKILL.md`] = skillText(`x${i}`);
    const dir = folder(files);
    const { registry } = await watched([dir], { maxFoldersSearched: 10 });
    const [finding] = registry.rootFindings(dir);
    expect(finding).toMatchObject({ code: 'folder-too-large', severity: 'warning' });
    expectWordsSayMessage(finding!.words, finding!.message);
  });

  it.skipIf(process.platform !== 'linux')('neither searches nor watches /proc, and says why', async () => {
    const mine = folder({ 'mine/SKILL.md': skillText('mine') });
    const { registry } = await watched([mine, '/proc']);
    expect(ids(registry)).toEqual(['mine']);
    expect(registry.watchedPaths()).toBeLessThanOrEqual(5);
    const [finding] = registry.rootFindings('/proc');
    expect(finding).toMatchObject({ code: 'folder-refused', severity: 'error' });
    expectWordsSayMessage(finding!.words, finding!.message);
  });
});
