import fs from 'node:fs';
import path from 'node:path';
import type { Handlers } from '../../../shared/ipc/contract';
import { AppError, type ErrorCode } from '../../../shared/ipc/result';
import type { SkillSourceInfo } from '../../../shared/types/skill';
import type { SkillRegistry } from './registry';
import { installedClaudePlugins } from './claude-plugins';
import { checkPluginFolder } from './plugins';
import { offeredFolders, type AddedSources as Added, type SourceRoot } from './sources';
import { isInside } from '../fs/inside';
import { pseudoFilesystem } from '../fs/pseudo-fs';
import type { SettingsStore } from '../store/settings';

export type SourceChannel = 'skills:sources' | 'skills:addSource' | 'skills:removeSource';

/** Each folder is watched: past this many, the watchers cost more than a list of folders is worth. */
export const MAX_ADDED_FOLDERS = 20;

export interface SourceHandlerDeps {
  registry: SkillRegistry;
  /** Where the folders added in Settings are kept, in the order they were added (`skills.folders`). */
  settings: Pick<SettingsStore, 'get' | 'set'>;
  /** The roots to search for the added folders and plugins (the host's own stay as they are). */
  rootsFor(added: Added): SourceRoot[];
  /** Where `~` points, and `~/.claude/skills`, Claude Code's plugins and friends are looked for. */
  homeDir: string;
  /** The data folder: its own `skills/` is already searched; nothing else in it holds skills. */
  dataDir: string;
}

function realOrSame(p: string): string {
  try {
    return fs.realpathSync(p);
  } catch {
    return p;
  }
}

/**
 * A refusal with its words for the dashboard (`errors:folders.<key>` in the renderer's locales; a key
 * that names its section, `plugins.…`, as it is).
 */
function refusal(code: ErrorCode, message: string, key: string, values?: Record<string, string | number>) {
  const full = key.startsWith('plugins.') ? key : `folders.${key}`;
  return new AppError(code, message, { words: { key: full, ...(values ? { values } : {}) } });
}

/** The folder a person typed or picked, as an absolute path (`~` expanded). Throws when it cannot be one. */
export function folderFromInput(input: string, homeDir: string): string {
  const typed = input.trim();
  if (typed === '') throw refusal('INVALID_INPUT', 'type the path of a folder that holds skills', 'empty');
  if (typed.includes('\0'))
    throw refusal('INVALID_INPUT', 'a folder path cannot contain a NUL character', 'nul');
  const expanded =
    typed === '~' ? homeDir : /^~[/\\]/.test(typed) ? path.join(homeDir, typed.slice(2)) : typed;
  if (!path.isAbsolute(expanded)) {
    const example = path.join(homeDir, 'skills');
    throw refusal(
      'INVALID_INPUT',
      `"${typed}" is not a full path: give the whole path, e.g. ${example}`,
      'notFull',
      { typed, example },
    );
  }
  const resolved = path.resolve(expanded);
  // "/a/b/" and "/a/b" are the same folder
  return resolved.length > 1 && resolved.endsWith(path.sep) ? resolved.slice(0, -1) : resolved;
}

/** The `skills:sources` list, and adding and removing the folders and plugins kept in Settings. */
export function createSourceHandlers(deps: SourceHandlerDeps): Pick<Handlers, SourceChannel> {
  const { registry, settings } = deps;
  const stored = (): Added => ({
    folders: settings.get('skills.folders'),
    plugins: settings.get('skills.plugins'),
  });
  const store = (added: Added) => {
    settings.set('skills.folders', [...added.folders]);
    settings.set('skills.plugins', [...added.plugins]);
  };

  async function sources(): Promise<SkillSourceInfo[]> {
    await registry.ready();
    const counts = new Map<string, number>();
    for (const e of registry.list()) counts.set(e.root, (counts.get(e.root) ?? 0) + 1);
    const offered = offeredFolders(deps.homeDir);
    const offeredPaths = new Set(offered.map((o) => o.path));
    const installed = installedClaudePlugins(deps.homeDir);
    const installedAs = (dir: string) => installed.find((p) => realOrSame(p.dir) === realOrSame(dir))?.id;
    const added = stored();
    const active: SkillSourceInfo[] = registry.roots.map((root) => ({
      kind: root.kind,
      path: root.dir,
      exists: fs.existsSync(root.dir),
      active: true,
      offered: offeredPaths.has(root.dir) || (root.pluginDir !== undefined && !!installedAs(root.pluginDir)),
      removable:
        root.kind === 'plugin'
          ? added.plugins.includes(root.pluginDir ?? '')
          : added.folders.includes(root.dir),
      precedence: root.precedence,
      namespace: root.namespace ?? null,
      pluginDir: root.pluginDir ?? null,
      installedAs: (root.pluginDir && installedAs(root.pluginDir)) || null,
      skillCount: counts.get(root.dir) ?? 0,
      findings: registry.rootFindings(root.dir),
    }));
    const searched = (dir: string) => registry.roots.some((r) => realOrSame(r.dir) === realOrSame(dir));
    const suggested = (): Omit<SkillSourceInfo, 'kind' | 'path' | 'exists'> => ({
      active: false,
      offered: true,
      removable: false,
      precedence: null,
      namespace: null,
      pluginDir: null,
      installedAs: null,
      skillCount: 0,
      findings: [],
    });
    const folders: SkillSourceInfo[] = offered
      .filter((o) => !registry.roots.some((r) => r.dir === o.path))
      .map((o) => ({ kind: 'folder', path: o.path, exists: o.exists, ...suggested() }));
    const plugins: SkillSourceInfo[] = installed
      .filter((p) => !searched(path.join(p.dir, 'skills')))
      .map((p) => ({
        kind: 'plugin',
        path: path.join(p.dir, 'skills'),
        exists: true,
        ...suggested(),
        namespace: p.name,
        pluginDir: p.dir,
        installedAs: p.id,
      }));
    return [...active, ...folders, ...plugins];
  }

  /** Stores the lists, then searches exactly what they say. */
  async function apply(next: Added, reason: string) {
    const previous = stored();
    store(next);
    try {
      await registry.setRoots(deps.rootsFor(next), reason);
    } catch (error) {
      store(previous);
      await registry.setRoots(deps.rootsFor(previous), 'skill folders restored').catch(() => undefined);
      throw error;
    }
  }

  /** Where no folder of skills (or plugin) can be: the disk root, home, a system folder, the data folder. */
  function refuseWhere(dir: string) {
    const home = path.resolve(deps.homeDir);
    if (path.dirname(dir) === dir)
      throw refusal(
        'INVALID_INPUT',
        `${dir} is the root of the disk: pick the folder that holds the skills`,
        'diskRoot',
        { dir },
      );
    if (dir === home || realOrSame(dir) === realOrSame(home))
      throw refusal(
        'INVALID_INPUT',
        `${dir} is your home folder: pick the folder that holds the skills, e.g. ${path.join(home, '.claude', 'skills')}`,
        'home',
        { dir, example: path.join(home, '.claude', 'skills') },
      );
    const system = pseudoFilesystem(dir);
    if (system)
      throw refusal(
        'INVALID_INPUT',
        `${dir} is a system folder (${system}): pick the folder that holds the skills`,
        'systemFolder',
        { dir, kind: system },
      );
    const data = path.resolve(deps.dataDir);
    if (isInside(data, dir) || isInside(realOrSame(data), realOrSame(dir)))
      throw refusal(
        'INVALID_INPUT',
        `${dir} is inside Skilldeck's data folder, whose skills/ folder is already searched`,
        'dataFolder',
        { dir },
      );
    let stat: fs.Stats;
    try {
      stat = fs.statSync(dir);
    } catch {
      throw refusal(
        'NOT_FOUND',
        `there is no folder ${dir}: check the path, or create the folder first`,
        'missing',
        { dir },
      );
    }
    if (!stat.isDirectory())
      throw refusal('INVALID_INPUT', `${dir} is a file, not a folder`, 'isFile', { dir });
    try {
      fs.accessSync(dir, fs.constants.R_OK | fs.constants.X_OK);
    } catch {
      throw refusal(
        'FORBIDDEN',
        `Skilldeck may not read ${dir}: check the folder's permissions`,
        'unreadable',
        { dir },
      );
    }
  }

  /** A folder (of skills, or a plugin's skills/) already searched, as itself or through a link. */
  function refuseSearched(dir: string, searchedDir: string) {
    const real = realOrSame(searchedDir);
    const same = registry.roots.find((r) => r.dir === searchedDir || realOrSame(r.dir) === real);
    if (same)
      throw same.dir === searchedDir
        ? refusal('CONFLICT', `${dir} is already searched for skills`, 'alreadySearched', { dir })
        : refusal(
            'CONFLICT',
            `${dir} is the same folder as ${same.dir}, which is already searched for skills`,
            'sameAs',
            { dir, other: same.dir },
          );
  }

  function refuseTooMany(count: number) {
    if (count >= MAX_ADDED_FOLDERS)
      throw refusal(
        'INVALID_INPUT',
        `${MAX_ADDED_FOLDERS} folders are already added: remove one you no longer use first`,
        'tooMany',
        { max: MAX_ADDED_FOLDERS },
      );
  }

  /** A plugin folder: somewhere a folder may be, holding skills/, named, its name not another plugin's. */
  function refusePlugin(dir: string) {
    refuseWhere(dir);
    const checked = checkPluginFolder(dir);
    if ('problem' in checked) {
      const { message, words } = checked.problem;
      throw refusal('INVALID_INPUT', message, words.key, words.values);
    }
    refuseSearched(dir, checked.skillsDir);
    const namesake = registry.roots.find((r) => r.kind === 'plugin' && r.namespace === checked.name);
    if (namesake)
      throw refusal(
        'CONFLICT',
        `a plugin named "${checked.name}" is already searched (${namesake.pluginDir ?? namesake.dir}): its skills' ids would be the same`,
        'plugins.nameTaken',
        { name: checked.name, other: namesake.pluginDir ?? namesake.dir },
      );
    refuseTooMany(stored().plugins.length);
  }

  return {
    'skills:sources': sources,

    'skills:addSource': async ({ path: input, kind = 'folder' }) => {
      const dir = folderFromInput(input, deps.homeDir);
      const added = stored();
      if (kind === 'plugin') {
        refusePlugin(dir);
        await apply({ ...added, plugins: [...added.plugins, dir] }, `plugin added: ${dir}`);
      } else {
        refuseWhere(dir);
        refuseSearched(dir, dir);
        refuseTooMany(added.folders.length);
        await apply({ ...added, folders: [...added.folders, dir] }, `skill folder added: ${dir}`);
      }
      return sources();
    },

    'skills:removeSource': async ({ path: input }) => {
      const dir = folderFromInput(input, deps.homeDir);
      const added = stored();
      if (added.folders.includes(dir)) {
        await apply(
          { ...added, folders: added.folders.filter((d) => d !== dir) },
          `skill folder removed: ${dir}`,
        );
        return sources();
      }
      // a plugin is named by its folder, or by the skills/ folder searched in it
      const plugin = [dir, path.dirname(dir)].find(
        (d, i) => added.plugins.includes(d) && (i === 0 || path.basename(dir) === 'skills'),
      );
      if (plugin) {
        await apply(
          { ...added, plugins: added.plugins.filter((d) => d !== plugin) },
          `plugin removed: ${plugin}`,
        );
        return sources();
      }
      const root = registry.roots.find((r) => r.dir === dir || r.pluginDir === dir);
      if (!root) throw refusal('NOT_FOUND', `${dir} is not among the skill folders`, 'notAmong', { dir });
      const why =
        root.kind === 'user'
          ? 'it is your own skills folder, where new skills are created'
          : root.kind === 'builtin'
            ? 'it holds the built-in skills (turn a skill off instead)'
            : root.kind === 'plugin'
              ? 'it was given when Skilldeck started (--plugin-dir)'
              : 'it was given when Skilldeck started (--skills-dir)';
      throw refusal('FORBIDDEN', `${dir} cannot be removed here: ${why}`, `notRemovable.${root.kind}`, {
        dir,
      });
    },
  };
}
