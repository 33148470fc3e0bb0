// A registry `onDemand` (what `skilldeck run SKILL` opens): until something needs the whole listing, asking
// for a skill reads that skill's folders only, and answers as the full listing would — the same
// precedence, plugins' namespaces, nested folders, NOT_FOUND.
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

function setup(files: Record<string, string>, onDemand = true) {
  tmp = tempFolder();
  writeTree(tmp.dir, files);
  const at = (p: string) => path.join(tmp.dir, p);
  registry = createSkillRegistry({
    roots: resolveSourceRoots({
      userDir: at('user'),
      skillDirs: [
        { dir: at('builtin'), source: 'builtin' },
        { dir: at('folder1'), source: 'folder' },
      ],
      pluginDirs: [at('acme')],
    }),
    onDemand,
  });
  return { registry, at };
}

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
    const { registry, at } = setup(tree);
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
    const { registry } = setup(tree);
    expect(await filesRead(() => registry.require('summarize'))).toEqual([
      'folder1/nested/deeper/summarize/SKILL.md',
    ]);
    expect(await filesRead(() => registry.require('acme-tools:lint'))).toEqual(['acme/skills/lint/SKILL.md']);
    await expect(registry.require('lint')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(registry.require('nowhere')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('activates the skill asked from its own file', async () => {
    const { registry } = setup(tree);
    const activated = await registry.activate('explain');
    expect(activated.entry.id).toBe('explain');
    expect(activated.text).toBe(tree['user/explain/SKILL.md']);
  });

  it('sees a skill removed since it was read, and one added since an id was not found', async () => {
    const { registry, at } = setup(tree);
    await registry.require('translate');
    fs.rmSync(at('user/translate'), { recursive: true });
    expect(await registry.require('translate')).toMatchObject({ description: 'First folder.' });
    await expect(registry.require('fresh')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    writeTree(tmp.dir, { 'folder1/fresh/SKILL.md': skillText('fresh', 'New.') });
    expect(await registry.require('fresh')).toMatchObject({ description: 'New.' });
  });

  it('lists everything once the full listing is asked for, as a registry without onDemand does', async () => {
    const { registry } = setup(tree);
    await registry.require('translate');
    await registry.ready();
    const listing = (r: SkillRegistry) =>
      r.list().map((e) => [e.id, path.relative(tmp.dir, e.dir), e.shadowedBy?.source ?? null]);
    const onDemandList = listing(registry);
    await registry.close();
    tmp.remove();
    const { registry: full } = setup(tree, false);
    await full.ready();
    expect(onDemandList).toEqual(listing(full));
    expect(onDemandList).toHaveLength(7);
  });

  it('reads every skill first when not on demand', async () => {
    const { registry } = setup(tree, false);
    expect(await filesRead(() => registry.require('explain'))).toHaveLength(7);
  });
});
