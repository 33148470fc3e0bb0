import fs from 'node:fs';
import path from 'node:path';
import type { SkillSource } from '../../../shared/types/skill';

/** A folder of skills as the host configures it (CLI `--skills-dir`, Electron's built-in folder). */
export interface SkillDir {
  dir: string;
  source: SkillSource;
}

/** A folder the registry searches, with its place in the precedence order. */
export interface SourceRoot {
  kind: SkillSource;
  /** Absolute path of the folder searched for skills. */
  dir: string;
  /** 0 is searched first and wins a collision of ids. */
  precedence: number;
  /** Plugin sources: ids become `<namespace>:<folder name>`. */
  namespace?: string;
}

export interface SourcesConfig {
  /** `<data dir>/skills`. */
  userDir: string;
  /** Extra folders and the built-in folder, as configured. */
  skillDirs: readonly SkillDir[];
  /** Plugin folders: each holds `skills/<name>/SKILL.md`. */
  pluginDirs?: readonly string[];
}

const KIND_ORDER: Record<SkillSource, number> = { user: 0, folder: 1, plugin: 2, builtin: 3 };

/**
 * The folders to search, highest precedence first: the user folder, extra folders, plugins, built-ins
 * (configuration order within a kind). A folder listed twice is searched once, at its first place.
 */
export function resolveSourceRoots(config: SourcesConfig): SourceRoot[] {
  const wanted: Omit<SourceRoot, 'precedence'>[] = [
    { kind: 'user', dir: config.userDir },
    ...config.skillDirs.map((d) => ({ kind: d.source, dir: d.dir })),
    ...(config.pluginDirs ?? []).map((dir) => ({
      kind: 'plugin' as const,
      dir: path.join(dir, 'skills'),
      namespace: pluginNamespace(dir),
    })),
  ];
  const sorted = wanted
    .map((root, index) => ({ root: { ...root, dir: path.resolve(root.dir) }, index }))
    .sort((a, b) => KIND_ORDER[a.root.kind] - KIND_ORDER[b.root.kind] || a.index - b.index);
  const seen = new Set<string>();
  const roots: SourceRoot[] = [];
  for (const { root } of sorted) {
    if (seen.has(root.dir)) continue;
    seen.add(root.dir);
    roots.push({ ...root, precedence: roots.length });
  }
  return roots;
}

/**
 * A plugin's name: `name` in `.claude-plugin/plugin.json` (Claude Code's manifest) when it is a plain
 * word, else the folder name.
 */
export function pluginNamespace(pluginDir: string): string {
  try {
    const manifest = JSON.parse(
      fs.readFileSync(path.join(pluginDir, '.claude-plugin', 'plugin.json'), 'utf8'),
    ) as { name?: unknown };
    if (typeof manifest.name === 'string' && /^[\w.-]{1,64}$/.test(manifest.name)) return manifest.name;
  } catch {
    // no manifest, or unreadable: the folder name names the plugin
  }
  return path.basename(path.resolve(pluginDir));
}

/** The id of the skill in `folderName` of a root: the folder name, namespaced for plugins. */
export function skillIdIn(root: Pick<SourceRoot, 'namespace'>, folderName: string): string {
  return root.namespace ? `${root.namespace}:${folderName}` : folderName;
}

/** Skill folders of other tools that Skilldeck offers to link (read in place, never copied). */
export const OFFERED_FOLDERS = ['.claude/skills', '.agents/skills', '.codex/skills'] as const;

export interface OfferedFolder {
  path: string;
  exists: boolean;
}

export function offeredFolders(homeDir: string): OfferedFolder[] {
  return OFFERED_FOLDERS.map((rel) => {
    const dir = path.join(homeDir, ...rel.split('/'));
    let exists = false;
    try {
      exists = fs.statSync(dir).isDirectory();
    } catch {
      // not there
    }
    return { path: dir, exists };
  });
}
