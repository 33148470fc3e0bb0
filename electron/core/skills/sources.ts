import fs from 'node:fs';
import path from 'node:path';
import type { SkillSource } from '../../../shared/types/skill';
import { readPluginName, type PluginProblem } from './plugins';

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
  /** Plugin sources: the plugin's folder (`dir` is its `skills/`). */
  pluginDir?: string;
  /** Why the folder is not searched (a plugin whose name cannot begin ids). */
  problem?: PluginProblem;
}

export interface SourcesConfig {
  /** `<data dir>/skills`. */
  userDir: string;
  /** Extra folders and the built-in folder, as configured. */
  skillDirs: readonly SkillDir[];
  /** Plugin folders: each holds `skills/<name>/SKILL.md` (plugins.ts). */
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
    ...(config.pluginDirs ?? []).map((dir) => {
      const named = readPluginName(dir);
      return {
        kind: 'plugin' as const,
        dir: path.join(dir, 'skills'),
        pluginDir: path.resolve(dir),
        ...('name' in named ? { namespace: named.name } : { problem: named.problem }),
      };
    }),
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

/** What Settings added: skill folders (`skills.folders`) and plugin folders (`skills.plugins`). */
export interface AddedSources {
  folders: readonly string[];
  plugins: readonly string[];
}

/**
 * The folders a host searches: its own (`--skills-dir`, `--plugin-dir`, built-ins) and then those added
 * in Settings, each kind in that order (the host's win a collision of ids).
 */
export function rootsWith(host: SourcesConfig, added: AddedSources): SourceRoot[] {
  return resolveSourceRoots({
    userDir: host.userDir,
    skillDirs: [...host.skillDirs, ...added.folders.map((dir) => ({ dir, source: 'folder' as const }))],
    pluginDirs: [...(host.pluginDirs ?? []), ...added.plugins],
  });
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
