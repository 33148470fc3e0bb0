import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { skillText, tempFolder, writeTree } from '../test-support';
import { createSkillRegistry, type SkillRegistry } from './registry';
import { resolveSourceRoots } from './sources';

let tmp: ReturnType<typeof tempFolder>;
let registry: SkillRegistry | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await registry?.close();
  registry = undefined;
  tmp?.remove();
});

/** user, two extra folders, one plugin, built-ins — all under one temp folder. */
function setup(files: Record<string, string>, { onDemand = false } = {}) {
  tmp = tempFolder();
  writeTree(tmp.dir, files);
  const at = (p: string) => path.join(tmp.dir, p);
  registry = createSkillRegistry({
    roots: resolveSourceRoots({
      userDir: at('user'),
      skillDirs: [
        { dir: at('builtin'), source: 'builtin' },
        { dir: at('folder1'), source: 'folder' },
        { dir: at('folder2'), source: 'folder' },
      ],
      pluginDirs: [at('acme')],
    }),
    onDemand,
  });
  return { registry, at };
}

const view = (r: SkillRegistry) =>
  r.list().map((e) => ({ id: e.id, source: e.source, shadowedBy: e.shadowedBy?.source ?? null }));

describe('skill registry', () => {
  it('resolves collisions by precedence and still lists the losers with shadowedBy', async () => {
    const { registry, at } = setup({
      'builtin/translate/SKILL.md': skillText('translate', 'Built-in.'),
      'builtin/polish/SKILL.md': skillText('polish'),
      'folder2/translate/SKILL.md': skillText('translate', 'Second folder.'),
      'folder1/nested/translate/SKILL.md': skillText('translate', 'First folder.'),
      'user/translate/SKILL.md': skillText('translate', 'Mine.'),
      'folder2/only-here/SKILL.md': skillText('only-here'),
    });
    await registry.ready();
    expect(view(registry)).toEqual([
      { id: 'translate', source: 'user', shadowedBy: null },
      { id: 'translate', source: 'folder', shadowedBy: 'user' },
      { id: 'only-here', source: 'folder', shadowedBy: null },
      { id: 'translate', source: 'folder', shadowedBy: 'user' },
      { id: 'polish', source: 'builtin', shadowedBy: null },
      { id: 'translate', source: 'builtin', shadowedBy: 'user' },
    ]);
    expect(registry.get('translate')).toMatchObject({ description: 'Mine.', dir: at('user/translate') });
    const loser = registry.list().find((e) => e.source === 'builtin' && e.id === 'translate')!;
    expect(loser.shadowedBy).toEqual({ source: 'user', path: at('user/translate') });
    expect(registry.list().map((e) => e.precedence)).toEqual([0, 1, 2, 2, 4, 4]);
  });

  it('namespaces plugin skills as plugin:name, so they never collide with others', async () => {
    const { registry } = setup({
      'acme/skills/lint/SKILL.md': skillText('lint'),
      'acme/.claude-plugin/plugin.json': JSON.stringify({ name: 'acme-tools' }),
      'builtin/lint/SKILL.md': skillText('lint'),
    });
    await registry.ready();
    expect(view(registry)).toEqual([
      { id: 'acme-tools:lint', source: 'plugin', shadowedBy: null },
      { id: 'lint', source: 'builtin', shadowedBy: null },
    ]);
    // the folder name is what `name` is checked against: no name-mismatch warning
    expect(registry.get('acme-tools:lint')!.findings).toEqual([]);
    expect((await registry.activate('acme-tools:lint')).loaded.body).toBe('You do lint.\n');
  });

  it.skipIf(process.platform === 'win32')(
    'lists a folder linked into two sources once, under the source of higher precedence',
    async () => {
      const { registry, at } = setup({ 'folder2/shared/SKILL.md': skillText('shared') });
      fs.mkdirSync(at('user'));
      fs.symlinkSync(at('folder2/shared'), at('user/shared'));
      await registry.ready();
      expect(view(registry)).toEqual([{ id: 'shared', source: 'user', shadowedBy: null }]);
      expect(registry.get('shared')).toMatchObject({ dir: at('user/shared'), realDir: at('folder2/shared') });
    },
  );

  it('keeps metadata only; activate reads the body and the full definition from the file', async () => {
    const { registry, at } = setup({
      'user/notes/SKILL.md':
        '---\nname: notes\ndescription: Keep notes.\nwhen_to_use: When you jot.\nconfig:\n  tone: dry\n---\nBe brief.\n',
    });
    await registry.ready();
    const entry = registry.get('notes')!;
    expect(entry).toMatchObject({
      name: 'notes',
      description: 'Keep notes.',
      whenToUse: 'When you jot.',
      mode: 'prompt',
    });
    expect(entry).not.toHaveProperty('body');
    expect(entry).not.toHaveProperty('definition');
    fs.writeFileSync(
      at('user/notes/SKILL.md'),
      '---\nname: notes\ndescription: Keep notes.\n---\nBe briefer.\n',
    );
    const active = await registry.activate('notes');
    expect(active.loaded.body).toBe('Be briefer.\n');
    expect(active.loaded.definition).toMatchObject({ config: {} });
    // the listing caught up with what activation read
    expect(registry.get('notes')!.whenToUse).toBeNull();
    // a second activation of the same bytes is served from the parse cache, and equal
    const again = await registry.activate('notes');
    expect(again.loaded).toBe(active.loaded);
    // an edit is read again, never served from that cache
    fs.writeFileSync(
      at('user/notes/SKILL.md'),
      '---\nname: notes\ndescription: Keep notes.\n---\nBe briefest.\n',
    );
    expect((await registry.activate('notes')).loaded.body).toBe('Be briefest.\n');
  });

  it('notices an edit that keeps the file’s length (its change token is the length and a CRC-32)', async () => {
    const text = (description: string) => `---\nname: same\ndescription: ${description}\n---\nBody.\n`;
    const { registry, at } = setup({ 'user/same/SKILL.md': text('Says yes.') });
    await registry.ready();
    fs.writeFileSync(at('user/same/SKILL.md'), text('Says no!.'));
    const active = await registry.activate('same');
    expect(active.loaded.definition?.description).toBe('Says no!.');
    expect(registry.get('same')!.description).toBe('Says no!.');
    const changed = await registry.reload([at('user/same')], 'test');
    expect(changed).toBeNull(); // already caught up by the activation
    fs.writeFileSync(at('user/same/SKILL.md'), text('Says ok!.'));
    expect(await registry.reload([at('user/same')], 'edited')).toEqual({ reason: 'edited', ids: ['same'] });
  });

  it('keeps a broken skill listed with its errors, not runnable', async () => {
    const { registry } = setup({
      'user/broken/SKILL.md': '---\nname: broken\ndescription: [unclosed\n---\nbody\n',
      'user/fine/SKILL.md': skillText('fine'),
    });
    await registry.ready();
    expect(registry.get('broken')).toMatchObject({
      runnable: false,
      name: 'broken',
      findings: [{ code: 'yaml-error', severity: 'error', line: 3 }],
    });
    expect(registry.get('fine')!.runnable).toBe(true);
  });

  it('detects the phases layout, ordering 02.5 between 02 and 03, and the orchestrator layout', async () => {
    const { registry } = setup({
      'user/video/SKILL.md': skillText('video'),
      'user/video/phases/03-script.md': 'c',
      'user/video/phases/02.5-review.md': 'r',
      'user/video/phases/02-outline.md': 'b',
      'user/video/phases/01-topic.md': 'a',
      'user/video/phases/10-publish.md': 'p',
      'user/video/phases/notes.txt': '',
      'user/agent/SKILL.md': skillText('agent'),
      'user/agent/phases/orchestrator.md': 'o',
      'user/agent/phases/actions/search.md': 's',
      'user/agent/phases/actions/answer.md': 'a',
    });
    await registry.ready();
    expect(registry.get('video')).toMatchObject({
      mode: 'phases',
      layout: {
        kind: 'phases',
        phases: [
          'phases/01-topic.md',
          'phases/02-outline.md',
          'phases/02.5-review.md',
          'phases/03-script.md',
          'phases/10-publish.md',
        ],
      },
    });
    expect(registry.get('agent')).toMatchObject({
      mode: 'autonomous',
      layout: {
        kind: 'autonomous',
        orchestrator: 'phases/orchestrator.md',
        actions: ['phases/actions/answer.md', 'phases/actions/search.md'],
      },
    });
  });

  it('require() notices a skill deleted or created on disk before any watcher could say so', async () => {
    const { registry, at } = setup({ 'user/gone/SKILL.md': skillText('gone') });
    await registry.ready();
    fs.rmSync(at('user/gone'), { recursive: true });
    await expect(registry.require('gone')).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'no skill "gone" in any skill folder',
    });
    expect(registry.get('gone')).toBeUndefined();
    writeTree(tmp.dir, { 'folder1/fresh/SKILL.md': skillText('fresh') });
    expect(await registry.require('fresh')).toMatchObject({ source: 'folder' });
  });

  it('reload() reports the ids whose listing changed, and nothing when nothing did', async () => {
    const { registry, at } = setup({
      'builtin/polish/SKILL.md': skillText('polish'),
      'user/other/SKILL.md': skillText('other'),
    });
    await registry.ready();
    const heard: unknown[] = [];
    registry.onChange((c) => heard.push(c));
    writeTree(tmp.dir, { 'user/polish/SKILL.md': skillText('polish', 'Mine.') });
    expect(await registry.reload([at('user/polish')], 'test')).toEqual({ reason: 'test', ids: ['polish'] });
    expect(await registry.reload([at('user/polish')], 'again')).toBeNull();
    expect(heard).toEqual([{ reason: 'test', ids: ['polish'] }]);
  });

  it('reads nothing and creates nothing for sources that do not exist', async () => {
    const { registry, at } = setup({});
    await registry.ready();
    expect(registry.list()).toEqual([]);
    expect(fs.existsSync(at('user'))).toBe(false);
  });
});

// A registry `onDemand` (what `skilldeck run SKILL` opens): until something needs the whole listing, asking
// for a skill reads that skill's folders only, and answers as the full listing would — the same
// precedence, plugins' namespaces, nested folders, NOT_FOUND.

/** The SKILL.md files read while `work` runs. */
async function filesRead(work: () => Promise<unknown>): Promise<string[]> {
  const read: string[] = [];
  const readFile = fs.readFile.bind(fs);
  vi.spyOn(fs, 'readFile').mockImplementation(((file: fs.PathOrFileDescriptor, ...rest: unknown[]) => {
    if (typeof file === 'string' && /SKILL\.md$/i.test(file)) read.push(path.relative(tmp.dir, file));
    return (readFile as (...a: unknown[]) => void)(file, ...rest);
  }) as typeof fs.readFile);
  await work();
  vi.restoreAllMocks();
  return read.sort();
}

const tree = {
  'builtin/translate/SKILL.md': skillText('translate', 'Built-in.'),
  'builtin/polish/SKILL.md': skillText('polish'),
  'folder1/nested/translate/SKILL.md': skillText('translate', 'First folder.'),
  'folder1/nested/deeper/summarize/SKILL.md': skillText('summarize', 'Deep.'),
  'user/translate/SKILL.md': skillText('translate', 'Mine.'),
  'user/explain/SKILL.md': skillText('explain'),
  'acme/skills/lint/SKILL.md': skillText('lint'),
  'acme/.claude-plugin/plugin.json': JSON.stringify({ name: 'acme-tools' }),
};

describe('a registry that reads skills on demand', () => {
  it('reads only the folders of the id asked, and answers the one of highest precedence', async () => {
    const { registry, at } = setup(tree, { onDemand: true });
    let found;
    const read = await filesRead(async () => (found = await registry.require('translate')));
    expect(read).toEqual([
      'builtin/translate/SKILL.md',
      'folder1/nested/translate/SKILL.md',
      'user/translate/SKILL.md',
    ]);
    expect(found).toMatchObject({ description: 'Mine.', dir: at('user/translate'), shadowedBy: null });
    expect(registry.get('translate')).toBe(found);
    expect(registry.get('polish')).toBeUndefined();
    expect(registry.list()).toEqual([]);
    // asked again: answered from what was read
    expect(await filesRead(() => registry.require('translate'))).toEqual([]);
  });

  it('finds nested skills and plugin skills by their ids, and says NOT_FOUND for an unknown one', async () => {
    const { registry } = setup(tree, { onDemand: true });
    expect(await filesRead(() => registry.require('summarize'))).toEqual([
      'folder1/nested/deeper/summarize/SKILL.md',
    ]);
    expect(await filesRead(() => registry.require('acme-tools:lint'))).toEqual(['acme/skills/lint/SKILL.md']);
    await expect(registry.require('lint')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(registry.require('nowhere')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('activates the skill asked from its own file', async () => {
    const { registry } = setup(tree, { onDemand: true });
    const activated = await registry.activate('explain');
    expect(activated.entry.id).toBe('explain');
    expect(activated.text).toBe(tree['user/explain/SKILL.md']);
  });

  it('sees a skill removed since it was read, and one added since an id was not found', async () => {
    const { registry, at } = setup(tree, { onDemand: true });
    await registry.require('translate');
    fs.rmSync(at('user/translate'), { recursive: true });
    expect(await registry.require('translate')).toMatchObject({ description: 'First folder.' });
    await expect(registry.require('fresh')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    writeTree(tmp.dir, { 'folder1/fresh/SKILL.md': skillText('fresh', 'New.') });
    expect(await registry.require('fresh')).toMatchObject({ description: 'New.' });
  });

  it('lists everything once the full listing is asked for, as a registry without onDemand does', async () => {
    const { registry } = setup(tree, { onDemand: true });
    await registry.require('translate');
    await registry.ready();
    const listing = (r: SkillRegistry) =>
      r.list().map((e) => [e.id, path.relative(tmp.dir, e.dir), e.shadowedBy?.source ?? null]);
    const onDemandList = listing(registry);
    await registry.close();
    tmp.remove();
    const { registry: full } = setup(tree);
    await full.ready();
    expect(onDemandList).toEqual(listing(full));
    expect(onDemandList).toHaveLength(7);
  });

  it('reads every skill first when not on demand', async () => {
    const { registry } = setup(tree);
    expect(await filesRead(() => registry.require('explain'))).toHaveLength(7);
  });
});
