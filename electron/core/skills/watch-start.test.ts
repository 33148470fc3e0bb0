import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { skillText, tempFolder } from '../test-support';
import { createSkillRegistry, type SkillRegistry } from './registry';
import { resolveSourceRoots } from './sources';

// Real files, real chokidar: the registry lists first and watches after, so the first answer does not
// wait for chokidar's crawl; what changes in between is still seen.

let tmp: ReturnType<typeof tempFolder>;
let registry: SkillRegistry | undefined;
afterEach(async () => {
  await registry?.close();
  registry = undefined;
  tmp?.remove();
});

function folderOf(files: Record<string, string>) {
  tmp = tempFolder();
  const user = path.join(tmp.dir, 'user');
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(user, rel)), { recursive: true });
    fs.writeFileSync(path.join(user, rel), text);
  }
  registry = createSkillRegistry({
    roots: resolveSourceRoots({ userDir: user, skillDirs: [] }),
    watch: true,
  });
  return { registry, at: (p: string) => path.join(user, p) };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('watching starts after the first listing', () => {
  it('answers ready() before any watcher is set up, then watches', async () => {
    const { registry } = folderOf({ 'translate/SKILL.md': skillText('translate') });
    await registry.ready();
    expect(registry.watchedPaths()).toBe(0);
    await registry.watching();
    expect(registry.watchedPaths()).toBeGreaterThan(0);
  });

  it('sees a skill added, edited, removed or nested while it was listing, before its watchers were set up', async () => {
    const { registry, at } = folderOf({
      'edited/SKILL.md': skillText('edited'),
      'gone/SKILL.md': skillText('gone'),
      'outer/SKILL.md': skillText('outer'),
    });
    await registry.ready();
    // no watcher sees these: they happen before watching starts (the registry waits a turn of the loop)
    fs.mkdirSync(at('late'));
    fs.writeFileSync(at('late/SKILL.md'), skillText('late'));
    fs.writeFileSync(at('edited/SKILL.md'), skillText('edited', 'Edited before watching.'));
    fs.rmSync(at('gone'), { recursive: true });
    fs.mkdirSync(at('outer/inner'));
    fs.writeFileSync(at('outer/inner/SKILL.md'), skillText('inner'));
    expect(registry.watchedPaths()).toBe(0);
    await registry.watching();
    for (let waited = 0; waited < 4000; waited += 50) {
      if (registry.get('late') && registry.get('inner') && !registry.get('gone')) break;
      await sleep(50);
    }
    expect(registry.get('late')?.dir).toBe(at('late'));
    expect(registry.get('inner')?.dir).toBe(at('outer/inner'));
    expect(registry.get('edited')?.description).toBe('Edited before watching.');
    expect(registry.get('gone')).toBeUndefined();
  });

  it('starts no watcher when closed before watching began', async () => {
    const { registry } = folderOf({ 'translate/SKILL.md': skillText('translate') });
    await registry.ready();
    await registry.close();
    await registry.watching();
    expect(registry.watchedPaths()).toBe(0);
  });
});
