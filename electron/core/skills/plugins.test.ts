// Plugins: the layout read (skills/<name>/SKILL.md, ids `<plugin>:<skill>`), names that could not begin an
// id refused, Claude Code's marketplace installs found and offered (paths leading out of its plugins folder
// refused), and the Settings list of plugins — add, validated, kept across restarts, removed — through the
// real core and a real disk.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { IpcError } from '../../../shared/ipc/result';
import { createTestCore, skillText, tempFolder, writeTree, type TestCore } from '../test-support';
import { expectWordsSayMessage } from '../testing/error-words';
import { installedClaudePlugins } from './claude-plugins';
import { createSkillRegistry, type SkillRegistry } from './registry';
import { checkPluginFolder, readPluginName } from './plugins';
import { resolveSourceRoots } from './sources';

const temps: ReturnType<typeof tempFolder>[] = [];
let registry: SkillRegistry | undefined;
let t: TestCore | undefined;
afterEach(async () => {
  await registry?.close();
  registry = undefined;
  await t?.dispose();
  t = undefined;
  for (const tmp of temps.splice(0)) tmp.remove();
});
const temp = (prefix?: string) => {
  const tmp = tempFolder(prefix);
  temps.push(tmp);
  return tmp.dir;
};
const manifest = (name: unknown) => JSON.stringify({ name, version: '1.0.0' });

describe('a plugin’s name', () => {
  it('comes from .claude-plugin/plugin.json, else its folder (a cached install: the plugin’s folder)', () => {
    const dir = temp();
    writeTree(dir, {
      'named/.claude-plugin/plugin.json': manifest('review-kit'),
      '.claude/plugins/cache/market/lint-kit/1.2.0/skills/.keep': '',
    });
    expect(readPluginName(path.join(dir, 'named'))).toEqual({ name: 'review-kit' });
    expect(readPluginName(path.join(dir, 'plain-folder'))).toEqual({ name: 'plain-folder' });
    expect(readPluginName(path.join(dir, '.claude/plugins/cache/market/lint-kit/1.2.0'))).toEqual({
      name: 'lint-kit',
    });
  });

  it.each([
    ['../escape'],
    ['..'],
    ['.hidden'],
    ['a/b'],
    ['a:b'],
    ['two words'],
    ['new\nline'],
    [''],
    ['x'.repeat(65)],
    [42],
  ])('refuses %j in the manifest, in words the dashboard can say', (name) => {
    const dir = temp();
    writeTree(dir, { 'p/.claude-plugin/plugin.json': manifest(name) });
    const read = readPluginName(path.join(dir, 'p'));
    expect(read).toHaveProperty('problem');
    if (!('problem' in read)) return;
    expect(read.problem.message).toContain('is named');
    expectWordsSayMessage(read.problem.words, read.problem.message);
  });

  it('refuses a folder name that could not begin an id, and says how to name it', () => {
    const dir = temp();
    const read = readPluginName(path.join(dir, 'My Plugin'));
    expect('problem' in read && read.problem.message).toContain(
      'name the plugin in .claude-plugin/plugin.json',
    );
    if ('problem' in read) expectWordsSayMessage(read.problem.words, read.problem.message);
  });

  it('a plugin folder must hold skills/', () => {
    const dir = temp();
    writeTree(dir, { 'empty/README.md': 'hi', 'file-plugin': 'x', 'ok/skills/a/SKILL.md': skillText('a') });
    for (const [name, key] of [
      ['empty', 'plugins.noSkills'],
      ['file-plugin', 'plugins.isFile'],
      ['missing', 'plugins.missing'],
    ]) {
      const checked = checkPluginFolder(path.join(dir, name!));
      expect('problem' in checked && checked.problem.words.key).toBe(key);
      if ('problem' in checked) expectWordsSayMessage(checked.problem.words, checked.problem.message);
    }
    expect(checkPluginFolder(path.join(dir, 'ok'))).toEqual({
      name: 'ok',
      skillsDir: path.join(dir, 'ok', 'skills'),
    });
  });
});

describe('plugin skills in the registry', () => {
  it('are namespaced plugin:skill, nested ones too; a plugin with a bad name is not searched and says so', async () => {
    const dir = temp();
    writeTree(dir, {
      'kit/.claude-plugin/plugin.json': manifest('kit'),
      'kit/skills/lint/SKILL.md': skillText('lint'),
      'kit/skills/group/format/SKILL.md': skillText('format'),
      'evil/.claude-plugin/plugin.json': manifest('../../etc'),
      'evil/skills/steal/SKILL.md': skillText('steal'),
    });
    registry = createSkillRegistry({
      roots: resolveSourceRoots({
        userDir: path.join(dir, 'user'),
        skillDirs: [],
        pluginDirs: [path.join(dir, 'kit'), path.join(dir, 'evil')],
      }),
      watch: false,
    });
    await registry.ready();
    expect(registry.list().map((e) => e.id)).toEqual(['kit:format', 'kit:lint']);
    expect(registry.get('kit:lint')).toMatchObject({ source: 'plugin', folderName: 'lint' });
    const evil = registry.roots.find((r) => r.pluginDir === path.join(dir, 'evil'))!;
    expect(evil.namespace).toBeUndefined();
    const [finding] = registry.rootFindings(evil.dir);
    expect(finding).toMatchObject({ code: 'plugin-refused', severity: 'error' });
    expectWordsSayMessage(finding!.words, finding!.message);
  });
});

/** A home with Claude Code's plugins as its marketplace installs lay them out. */
function claudeHome() {
  const home = temp('skilldeck-home-');
  const outside = temp('skilldeck-outside-');
  const plugins = path.join(home, '.claude', 'plugins');
  writeTree(outside, { 'stolen/skills/x/SKILL.md': skillText('x') });
  writeTree(plugins, {
    'cache/market/review-kit/1.0.0/.claude-plugin/plugin.json': manifest('review-kit'),
    'cache/market/review-kit/1.0.0/skills/review/SKILL.md': skillText('review'),
    'cache/market/no-skills/2.0.0/.claude-plugin/plugin.json': manifest('no-skills'),
    'marketplaces/market/plugins/old-kit/skills/tidy/SKILL.md': skillText('tidy'),
    'cache/market/proj-kit/1.0.0/skills/p/SKILL.md': skillText('p'),
  });
  fs.symlinkSync(path.join(outside, 'stolen'), path.join(plugins, 'cache', 'market', 'linked'));
  const installPath = (p: string) => path.join(plugins, p);
  fs.writeFileSync(
    path.join(plugins, 'installed_plugins.json'),
    JSON.stringify({
      version: 2,
      plugins: {
        'review-kit@market': [
          { scope: 'user', installPath: installPath('cache/market/review-kit/1.0.0'), version: '1.0.0' },
        ],
        'no-skills@market': [{ scope: 'user', installPath: installPath('cache/market/no-skills/2.0.0') }],
        // an older install without installPath: the marketplace's own clone
        'old-kit@market': [{ scope: 'user' }],
        // a project's install is that project's
        'proj-kit@market': [
          {
            scope: 'project',
            projectPath: '/work/p',
            installPath: installPath('cache/market/proj-kit/1.0.0'),
          },
        ],
        // paths leading out of ~/.claude/plugins, and names that are not plain words
        'outside@market': [{ scope: 'user', installPath: path.join(outside, 'stolen') }],
        'linked@market': [{ scope: 'user', installPath: installPath('cache/market/linked') }],
        'relative@market': [{ scope: 'user', installPath: '../../outside' }],
        '../up@market': [{ scope: 'user' }],
        'a@b@c': [{ scope: 'user' }],
      },
    }),
  );
  return { home, plugins };
}

describe('Claude Code’s installed plugins', () => {
  it('are the user’s installs that hold skills, inside ~/.claude/plugins only', () => {
    const { home, plugins } = claudeHome();
    expect(installedClaudePlugins(home)).toEqual([
      {
        id: 'review-kit@market',
        dir: path.join(plugins, 'cache/market/review-kit/1.0.0'),
        name: 'review-kit',
      },
      {
        id: 'old-kit@market',
        dir: path.join(plugins, 'marketplaces/market/plugins/old-kit'),
        name: 'old-kit',
      },
    ]);
  });

  it('read version 1 of the file, and nothing from a damaged or missing one', () => {
    const { home, plugins } = claudeHome();
    const file = path.join(plugins, 'installed_plugins.json');
    fs.writeFileSync(
      file,
      JSON.stringify({
        version: 1,
        plugins: {
          'review-kit@market': { installPath: path.join(plugins, 'cache/market/review-kit/1.0.0') },
        },
      }),
    );
    expect(installedClaudePlugins(home).map((p) => p.id)).toEqual(['review-kit@market']);
    for (const damaged of ['{ not json', '[]', '{"plugins": 3}', '{"plugins": {"x@y": 7}}']) {
      fs.writeFileSync(file, damaged);
      expect(installedClaudePlugins(home)).toEqual([]);
    }
    expect(installedClaudePlugins(temp())).toEqual([]);
  });
});

const worded = (error: IpcError) => expectWordsSayMessage(error.words, error.message);

describe('the Plugins list in Settings', () => {
  it('offers Claude Code’s installs; adding one lists its skills as plugin:skill, kept across restarts', async () => {
    const { home, plugins } = claudeHome();
    t = createTestCore({ homeDir: home, watchSkills: false });
    const kit = path.join(plugins, 'cache/market/review-kit/1.0.0');
    const offered = (await t.client.invoke('skills:sources', undefined)).filter((s) => s.kind === 'plugin');
    expect(offered).toEqual([
      expect.objectContaining({
        active: false,
        offered: true,
        pluginDir: kit,
        namespace: 'review-kit',
        installedAs: 'review-kit@market',
      }),
      expect.objectContaining({
        active: false,
        offered: true,
        namespace: 'old-kit',
        installedAs: 'old-kit@market',
      }),
    ]);

    const after = await t.client.invoke('skills:addSource', { path: kit, kind: 'plugin' });
    expect(after.find((s) => s.pluginDir === kit)).toMatchObject({
      kind: 'plugin',
      path: path.join(kit, 'skills'),
      active: true,
      removable: true,
      namespace: 'review-kit',
      installedAs: 'review-kit@market',
      skillCount: 1,
    });
    t = t.reopen();
    const listed = await t.client.invoke('skills:list', undefined);
    expect(listed.map((s) => s.id)).toContain('review-kit:review');
    // a hotkey for a plugin skill, by its namespaced id
    const meta = await t.client.invoke('meta:update', {
      skillId: 'review-kit:review',
      patch: { hotkey: { accelerator: 'Alt+R', display: 'Alt+R' } },
    });
    expect(meta.hotkey?.accelerator).toBe('Alt+R');

    // removed by its folder (or its skills/ folder), the files untouched
    const removed = await t.client.invoke('skills:removeSource', { path: path.join(kit, 'skills') });
    expect(removed.find((s) => s.pluginDir === kit)).toMatchObject({ active: false, offered: true });
    expect((await t.client.invoke('skills:list', undefined)).map((s) => s.id)).not.toContain(
      'review-kit:review',
    );
    expect(fs.existsSync(path.join(kit, 'skills', 'review', 'SKILL.md'))).toBe(true);
  });

  it('refuses what is not a plugin, a bad name, the same plugin twice, a namesake, with words', async () => {
    const { home } = claudeHome();
    const dir = temp();
    writeTree(dir, {
      'kit/skills/a/SKILL.md': skillText('a'),
      'kit-copy/.claude-plugin/plugin.json': manifest('kit'),
      'kit-copy/skills/b/SKILL.md': skillText('b'),
      'bare/README.md': 'no skills',
      'evil/.claude-plugin/plugin.json': manifest('../x'),
      'evil/skills/c/SKILL.md': skillText('c'),
    });
    fs.symlinkSync(path.join(dir, 'kit'), path.join(dir, 'kit-link'));
    t = createTestCore({ homeDir: home, watchSkills: false });
    const add = (p: string) => t!.core.dispatch('skills:addSource', { path: p, kind: 'plugin' });
    expect((await add(path.join(dir, 'kit'))).ok).toBe(true);
    const cases: [string, string][] = [
      ['bare', 'plugins.noSkills'],
      ['evil', 'plugins.badManifestName'],
      ['kit', 'folders.alreadySearched'],
      ['kit-link', 'folders.sameAs'],
      ['kit-copy', 'plugins.nameTaken'],
      ['nowhere', 'folders.missing'],
    ];
    for (const [name, key] of cases) {
      const result = await add(path.join(dir, name));
      expect(result.ok, name).toBe(false);
      if (result.ok) continue;
      expect(result.error.words?.key, name).toBe(key);
      worded(result.error);
    }
    const ids = (await t.client.invoke('skills:list', undefined)).map((s) => s.id);
    expect(ids).toEqual(['kit:a']);
  });

  it('a plugin given when Skilldeck started (--plugin-dir) is listed, and not removed here', async () => {
    const dir = temp();
    writeTree(dir, { 'kit/skills/a/SKILL.md': skillText('a') });
    t = createTestCore({ homeDir: temp(), watchSkills: false, pluginDirs: [path.join(dir, 'kit')] });
    const sources = await t.client.invoke('skills:sources', undefined);
    expect(sources.find((s) => s.kind === 'plugin')).toMatchObject({ removable: false, namespace: 'kit' });
    const refused = await t.core.dispatch('skills:removeSource', { path: path.join(dir, 'kit') });
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.error.message).toContain('--plugin-dir');
      worded(refused.error);
    }
  });
});
