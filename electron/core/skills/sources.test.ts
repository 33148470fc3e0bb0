import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempFolder, writeTree } from '../test-support';
import { readPluginName } from './plugins';
import { offeredFolders, resolveSourceRoots, skillIdIn } from './sources';

let tmp: ReturnType<typeof tempFolder>;
afterEach(() => tmp?.remove());

describe('skill sources', () => {
  it('orders user, folders, plugins, built-ins whatever the configuration order, once each', () => {
    const roots = resolveSourceRoots({
      userDir: '/data/skills',
      skillDirs: [
        { dir: '/app/skills', source: 'builtin' },
        { dir: '/home/me/.claude/skills', source: 'folder' },
        { dir: '/work/skills', source: 'folder' },
        { dir: '/work/skills/', source: 'folder' },
      ],
      pluginDirs: ['/plugins/acme'],
    });
    expect(roots).toEqual([
      { kind: 'user', dir: path.resolve('/data/skills'), precedence: 0 },
      { kind: 'folder', dir: path.resolve('/home/me/.claude/skills'), precedence: 1 },
      { kind: 'folder', dir: path.resolve('/work/skills'), precedence: 2 },
      {
        kind: 'plugin',
        dir: path.resolve('/plugins/acme/skills'),
        pluginDir: path.resolve('/plugins/acme'),
        namespace: 'acme',
        precedence: 3,
      },
      { kind: 'builtin', dir: path.resolve('/app/skills'), precedence: 4 },
    ]);
  });

  it("names a plugin from its manifest, else from its folder, and namespaces its skills' ids", () => {
    tmp = tempFolder();
    writeTree(tmp.dir, {
      'with-manifest/.claude-plugin/plugin.json': JSON.stringify({ name: 'review-kit' }),
      'bad-manifest/.claude-plugin/plugin.json': '{ not json',
    });
    expect(readPluginName(path.join(tmp.dir, 'with-manifest'))).toEqual({ name: 'review-kit' });
    expect(readPluginName(path.join(tmp.dir, 'bad-manifest'))).toEqual({ name: 'bad-manifest' });
    expect(readPluginName(path.join(tmp.dir, 'plain'))).toEqual({ name: 'plain' });
    expect(skillIdIn({ namespace: 'review-kit' }, 'lint')).toBe('review-kit:lint');
    expect(skillIdIn({}, 'lint')).toBe('lint');
  });

  it('reports which well-known folders of other tools exist', () => {
    tmp = tempFolder();
    fs.mkdirSync(path.join(tmp.dir, '.claude', 'skills'), { recursive: true });
    fs.mkdirSync(path.join(tmp.dir, '.codex'), { recursive: true });
    fs.writeFileSync(path.join(tmp.dir, '.codex', 'skills'), 'a file, not a folder');
    expect(offeredFolders(tmp.dir)).toEqual([
      { path: path.join(tmp.dir, '.claude', 'skills'), exists: true },
      { path: path.join(tmp.dir, '.agents', 'skills'), exists: false },
      { path: path.join(tmp.dir, '.codex', 'skills'), exists: false },
    ]);
  });
});
