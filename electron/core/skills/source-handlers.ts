import fs from 'node:fs';
import path from 'node:path';
import type { Handlers } from '../../../shared/ipc/contract';
import { AppError, type ErrorCode } from '../../../shared/ipc/result';
import type { SkillSourceInfo } from '../../../shared/types/skill';
import type { SkillRegistry } from './registry';
import { offeredFolders, type SourceRoot } from './sources';
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
  /** The roots to search for a list of added folders (the host's own folders stay as they are). */
  rootsFor(added: readonly string[]): SourceRoot[];
  /** Where `~` points and `~/.claude/skills` and friends are looked for. */
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

/** A refusal with its words for the dashboard (`errors:folders.<key>` in the renderer's locales). */
function refusal(code: ErrorCode, message: string, key: string, values?: Record<string, string | number>) {
  return new AppError(code, message, { words: { key: `folders.${key}`, ...(values ? { values } : {}) } });
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

/** The `skills:sources` list, and adding and removing the folders kept in Settings. */
export function createSourceHandlers(deps: SourceHandlerDeps): Pick<Handlers, SourceChannel> {
  const { registry, settings } = deps;
  const stored = {
    get: () => settings.get('skills.folders'),
    set: (folders: string[]) => settings.set('skills.folders', folders),
  };

  async function sources(): Promise<SkillSourceInfo[]> {
    await registry.ready();
    const counts = new Map<string, number>();
    for (const e of registry.list()) counts.set(e.root, (counts.get(e.root) ?? 0) + 1);
    const offered = offeredFolders(deps.homeDir);
    const offeredPaths = new Set(offered.map((o) => o.path));
    const added = new Set(stored.get());
    const active: SkillSourceInfo[] = registry.roots.map((root) => ({
      kind: root.kind,
      path: root.dir,
      exists: fs.existsSync(root.dir),
      active: true,
      offered: offeredPaths.has(root.dir),
      removable: added.has(root.dir),
      precedence: root.precedence,
      namespace: root.namespace ?? null,
      skillCount: counts.get(root.dir) ?? 0,
      findings: registry.rootFindings(root.dir),
    }));
    const suggested: SkillSourceInfo[] = offered
      .filter((o) => !registry.roots.some((r) => r.dir === o.path))
      .map((o) => ({
        kind: 'folder',
        path: o.path,
        exists: o.exists,
        active: false,
        offered: true,
        removable: false,
        precedence: null,
        namespace: null,
        skillCount: 0,
        findings: [],
      }));
    return [...active, ...suggested];
  }

  /** Stores the list, then searches exactly what it says. */
  async function apply(next: string[], reason: string) {
    const previous = stored.get();
    stored.set(next);
    try {
      await registry.setRoots(deps.rootsFor(next), reason);
    } catch (error) {
      stored.set(previous);
      await registry.setRoots(deps.rootsFor(previous), 'skill folders restored').catch(() => undefined);
      throw error;
    }
  }

  function refuseToAdd(dir: string) {
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
        {
          dir,
        },
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
        {
          dir,
        },
      );
    }
    const real = realOrSame(dir);
    const same = registry.roots.find((r) => r.dir === dir || realOrSame(r.dir) === real);
    if (same)
      throw same.dir === dir
        ? refusal('CONFLICT', `${dir} is already searched for skills`, 'alreadySearched', { dir })
        : refusal(
            'CONFLICT',
            `${dir} is the same folder as ${same.dir}, which is already searched for skills`,
            'sameAs',
            { dir, other: same.dir },
          );
    if (stored.get().length >= MAX_ADDED_FOLDERS)
      throw refusal(
        'INVALID_INPUT',
        `${MAX_ADDED_FOLDERS} folders are already added: remove one you no longer use first`,
        'tooMany',
        { max: MAX_ADDED_FOLDERS },
      );
  }

  return {
    'skills:sources': sources,

    'skills:addSource': async ({ path: input }) => {
      const dir = folderFromInput(input, deps.homeDir);
      refuseToAdd(dir);
      await apply([...stored.get(), dir], `skill folder added: ${dir}`);
      return sources();
    },

    'skills:removeSource': async ({ path: input }) => {
      const dir = folderFromInput(input, deps.homeDir);
      const added = stored.get();
      if (!added.includes(dir)) {
        const root = registry.roots.find((r) => r.dir === dir);
        if (!root) throw refusal('NOT_FOUND', `${dir} is not among the skill folders`, 'notAmong', { dir });
        const why =
          root.kind === 'user'
            ? 'it is your own skills folder, where new skills are created'
            : root.kind === 'builtin'
              ? 'it holds the built-in skills (turn a skill off instead)'
              : root.kind === 'plugin'
                ? 'it belongs to a plugin'
                : 'it was given when Skilldeck started (--skills-dir)';
        throw refusal('FORBIDDEN', `${dir} cannot be removed here: ${why}`, `notRemovable.${root.kind}`, {
          dir,
        });
      }
      await apply(
        added.filter((d) => d !== dir),
        `skill folder removed: ${dir}`,
      );
      return sources();
    },
  };
}
