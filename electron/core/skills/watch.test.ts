import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../fs/atomic-write';
import { skillText, tempFolder } from '../test-support';
import { createSkillRegistry, type RegistryChange, type SkillEntry, type SkillRegistry } from './registry';
import { resolveSourceRoots } from './sources';

// Real files, real chokidar: what an editor saving SKILL.md does, seen through the registry.

let tmp: ReturnType<typeof tempFolder>;
let registry: SkillRegistry | undefined;
afterEach(async () => {
  await registry?.close();
  registry = undefined;
  tmp?.remove();
});

interface Heard {
  change: RegistryChange;
  /** The listing at the moment of the change. */
  entries: SkillEntry[];
}

async function watched(files: Record<string, string> = {}, extra: { missingFolder?: string } = {}) {
  tmp = tempFolder();
  const user = path.join(tmp.dir, 'user');
  fs.mkdirSync(user);
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(user, rel)), { recursive: true });
    fs.writeFileSync(path.join(user, rel), text);
  }
  registry = createSkillRegistry({
    roots: resolveSourceRoots({
      userDir: user,
      skillDirs: extra.missingFolder ? [{ dir: extra.missingFolder, source: 'folder' }] : [],
    }),
    watch: true,
    pollMs: 50,
  });
  const heard: Heard[] = [];
  registry.onChange((change) => heard.push({ change, entries: registry!.list().map((e) => ({ ...e })) }));
  await registry.watching();
  const r = registry;
  /** Resolves with the first change (from now on) whose listing satisfies `test`. */
  const until = (test: (r: SkillRegistry) => boolean, timeoutMs = 4000) =>
    new Promise<RegistryChange>((resolve, reject) => {
      const timer = setTimeout(() => {
        off();
        reject(
          new Error(
            `no matching change in ${timeoutMs} ms; heard ${JSON.stringify(heard.map((h) => h.change))}`,
          ),
        );
      }, timeoutMs);
      const off = r.onChange((change) => {
        if (!test(r)) return;
        clearTimeout(timer);
        off();
        resolve(change);
      });
    });
  return { registry: r, user, heard, until, at: (p: string) => path.join(user, p) };
}

function writeTreeAtomically(file: string, text: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(`${file}.tmp`, text);
  fs.renameSync(`${file}.tmp`, file);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('hot reload (chokidar)', () => {
  it('picks up a new skill folder, an atomic edit, an in-place edit and a deletion', async () => {
    const { registry, until, at } = await watched({ 'translate/SKILL.md': skillText('translate') });

    let change = until((r) => r.get('haiku') !== undefined);
    fs.mkdirSync(at('haiku'));
    await writeFileAtomic(at('haiku/SKILL.md'), skillText('haiku', 'Turn text into a haiku.'));
    expect(await change).toMatchObject({ ids: ['haiku'], reason: expect.stringMatching(/haiku/) });

    change = until((r) => r.get('haiku')?.description === 'Seventeen syllables.');
    await writeFileAtomic(at('haiku/SKILL.md'), skillText('haiku', 'Seventeen syllables.'));
    expect(await change).toMatchObject({ ids: ['haiku'] });

    change = until((r) => r.get('translate')?.description === 'Edited in place.');
    fs.writeFileSync(at('translate/SKILL.md'), skillText('translate', 'Edited in place.'));
    expect(await change).toMatchObject({ ids: ['translate'] });

    change = until((r) => r.get('haiku') === undefined);
    fs.rmSync(at('haiku'), { recursive: true });
    expect(await change).toMatchObject({ ids: ['haiku'] });
    expect(registry.list().map((e) => e.id)).toEqual(['translate']);
  });

  it('follows a renamed skill folder, and a SKILL.md removed from a folder that stays', async () => {
    const { registry, until, at } = await watched({
      'old-name/SKILL.md': skillText('old-name'),
      'keeper/SKILL.md': skillText('keeper'),
      'keeper/references/a.md': 'kept',
    });
    const renamed = until((r) => r.get('new-name') !== undefined && r.get('old-name') === undefined);
    fs.renameSync(at('old-name'), at('new-name'));
    await renamed;
    expect(registry.get('new-name')!.findings.map((f) => f.code)).toEqual(['name-mismatch']);

    const removed = until((r) => r.get('keeper') === undefined);
    fs.rmSync(at('keeper/SKILL.md'));
    expect(await removed).toMatchObject({ ids: ['keeper'] });
  });

  it('keeps a skill listed with its error while its YAML is broken, and back to normal once fixed', async () => {
    const { until, at } = await watched({ 'polish/SKILL.md': skillText('polish') });
    let change = until((r) => r.get('polish')?.runnable === false);
    await writeFileAtomic(at('polish/SKILL.md'), '---\nname: polish\ndescription: "unclosed\n---\nPolish.\n');
    await change;
    change = until((r) => r.get('polish')?.runnable === true);
    await writeFileAtomic(at('polish/SKILL.md'), skillText('polish', 'Fixed.'));
    await change;
  });

  it('never loads a half-written file: the write is read once it has gone quiet', async () => {
    const { registry, heard, until, at } = await watched({ 'memo/SKILL.md': skillText('memo') });
    const full = skillText('memo', 'A description written in two parts.');
    const done = until((r) => r.get('memo')?.description === 'A description written in two parts.');
    const fd = fs.openSync(at('memo/SKILL.md'), 'w');
    fs.writeSync(fd, full.slice(0, 20)); // `---\nname: memo\ndesc`: unterminated frontmatter
    await sleep(15);
    fs.writeSync(fd, full.slice(20));
    fs.closeSync(fd);
    await done;
    await sleep(100);
    const states = heard.map((h) => h.entries.find((e) => e.id === 'memo'));
    expect(states.every((s) => s?.runnable)).toBe(true);
    expect(registry.get('memo')!.runnable).toBe(true);
  });

  it('ends on the last write of a quick burst, although chokidar drops changes 50 ms apart', async () => {
    const { registry, until, at } = await watched({ 'burst/SKILL.md': skillText('burst') });
    const last = until((r) => r.get('burst')?.description === 'Version 9.');
    for (let i = 0; i < 10; i++) {
      await writeFileAtomic(at('burst/SKILL.md'), skillText('burst', `Version ${i}.`));
      await sleep(45);
    }
    await last;
    expect(registry.get('burst')!.description).toBe('Version 9.');
  });

  it('reloads a phased skill when a phase file is added, and ignores hidden temp files', async () => {
    const { registry, heard, until, at } = await watched({
      'video/SKILL.md': skillText('video'),
      'video/phases/01-topic.md': 'a',
    });
    fs.writeFileSync(at('video/.SKILL.md.1234.tmp'), 'half');
    fs.writeFileSync(at('.DS_Store'), '');
    await sleep(150);
    expect(heard).toEqual([]);
    const change = until(
      (r) =>
        r.get('video')?.layout?.kind === 'phases' &&
        (r.get('video')!.layout as { phases: string[] }).phases.length === 2,
    );
    fs.writeFileSync(at('video/phases/02.5-review.md'), 'r');
    await change;
    expect(registry.get('video')!.layout).toEqual({
      kind: 'phases',
      phases: ['phases/01-topic.md', 'phases/02.5-review.md'],
    });
  });

  it.skipIf(process.platform === 'win32')(
    'watches a folder holding a symlink loop without hanging',
    async () => {
      const { registry, until, at } = await watched({ 'group/a/SKILL.md': skillText('a') });
      fs.symlinkSync(path.dirname(at('group')), at('group/loop'));
      const added = until((r) => r.get('b') !== undefined);
      writeTreeAtomically(at('group/b/SKILL.md'), skillText('b'));
      await added;
      expect(registry.list().map((e) => e.id)).toEqual(['a', 'b']);
    },
  );

  it('starts reading a source folder that appears after start', async () => {
    const later = path.join(tempFolder('skilldeck-later-').dir, 'skills');
    const { until } = await watched({}, { missingFolder: later });
    const appeared = until((r) => r.get('late') !== undefined);
    fs.mkdirSync(path.join(later, 'late'), { recursive: true });
    fs.writeFileSync(path.join(later, 'late', 'SKILL.md'), skillText('late'));
    await appeared;
    fs.rmSync(path.dirname(later), { recursive: true, force: true });
  });

  it('setRoots() reads and watches an added folder, forgets a removed one and stops watching it', async () => {
    const { registry, user, heard, until } = await watched({ 'mine/SKILL.md': skillText('mine') });
    const extra = tempFolder('skilldeck-extra-');
    try {
      fs.mkdirSync(path.join(extra.dir, 'linked'));
      fs.writeFileSync(path.join(extra.dir, 'linked', 'SKILL.md'), skillText('linked', 'From the folder.'));
      // a skill of the same id as the user's: shadowed, listed below it
      fs.mkdirSync(path.join(extra.dir, 'mine'));
      fs.writeFileSync(path.join(extra.dir, 'mine', 'SKILL.md'), skillText('mine', 'Shadowed.'));
      const withExtra = resolveSourceRoots({
        userDir: user,
        skillDirs: [{ dir: extra.dir, source: 'folder' }],
      });

      const added = await registry.setRoots(withExtra, 'skill folder added');
      expect(added).toEqual({ reason: 'skill folder added', ids: ['linked', 'mine'] });
      expect(registry.roots.map((r) => [r.kind, r.dir])).toEqual([
        ['user', user],
        ['folder', extra.dir],
      ]);
      expect(registry.get('linked')).toMatchObject({ source: 'folder', precedence: 1 });
      expect(registry.list().find((e) => e.source === 'folder' && e.id === 'mine')?.shadowedBy?.source).toBe(
        'user',
      );

      // the added folder is watched: an edit there is heard
      const edited = until((r) => r.get('linked')?.description === 'Edited.');
      writeFileAtomic(path.join(extra.dir, 'linked', 'SKILL.md'), skillText('linked', 'Edited.'));
      await edited;

      const removed = await registry.setRoots(resolveSourceRoots({ userDir: user, skillDirs: [] }), 'gone');
      expect(removed).toEqual({ reason: 'gone', ids: ['linked', 'mine'] });
      expect(registry.get('linked')).toBeUndefined();
      await expect(registry.require('linked')).rejects.toMatchObject({ code: 'NOT_FOUND' });
      expect(registry.list().map((e) => e.id)).toEqual(['mine']);

      // no longer watched: a change there is not heard
      const heardBefore = heard.length;
      fs.writeFileSync(path.join(extra.dir, 'linked', 'SKILL.md'), skillText('linked', 'After removal.'));
      await sleep(300);
      expect(heard.length).toBe(heardBefore);
      // the same roots again: nothing changes, nothing is said
      expect(await registry.setRoots(registry.roots, 'again')).toBeNull();
    } finally {
      extra.remove();
    }
  });

  it('setRoots() keeps the skills of folders that stay, with their new precedence', async () => {
    const { registry, user } = await watched({ 'mine/SKILL.md': skillText('mine') });
    const a = tempFolder('skilldeck-a-');
    const b = tempFolder('skilldeck-b-');
    try {
      fs.mkdirSync(path.join(b.dir, 'only-b'));
      fs.writeFileSync(path.join(b.dir, 'only-b', 'SKILL.md'), skillText('only-b'));
      fs.mkdirSync(path.join(a.dir, 'only-a'));
      fs.writeFileSync(path.join(a.dir, 'only-a', 'SKILL.md'), skillText('only-a'));
      const roots = (dirs: string[]) =>
        resolveSourceRoots({
          userDir: user,
          skillDirs: dirs.map((dir) => ({ dir, source: 'folder' as const })),
        });
      await registry.setRoots(roots([b.dir]), 'b');
      const entryB = registry.get('only-b');
      expect(entryB?.precedence).toBe(1);
      await registry.setRoots(roots([a.dir, b.dir]), 'a before b');
      // the same entry object, not read again, moved down one place
      expect(registry.get('only-b')).toBe(entryB);
      expect(registry.get('only-b')?.precedence).toBe(2);
      expect(registry.get('only-a')?.precedence).toBe(1);
      expect(registry.list().map((e) => e.id)).toEqual(['mine', 'only-a', 'only-b']);
    } finally {
      a.remove();
      b.remove();
    }
  });

  it('stops watching on close()', async () => {
    const { registry, heard, at } = await watched({ 'a/SKILL.md': skillText('a') });
    await registry.close();
    fs.writeFileSync(at('a/SKILL.md'), skillText('a', 'After close.'));
    await sleep(150);
    expect(heard).toEqual([]);
  });
});
