import fs from 'node:fs';
import path from 'node:path';
import { discoverSkills, isSearchedFolder, SKILL_FILE_NAMES, type FoundLink } from './discover';
import { loadSkill, type SkillEntry } from './skill-entry';
import { skillIdIn, type SourceRoot } from './sources';
import { newWatchBudget, type RootWatcher, type WatchBudget } from './watch';
import { isInside } from '../fs/inside';
import { pseudoFilesystem } from '../fs/pseudo-fs';

// One source folder as the registry knows it, and searching it (again) on disk: the skills found replace
// what was known there. The registry indexes the entries (skill-index.ts); registry-watch.ts watches.

/** A symlinked folder the search entered, by where the link is; each real folder is watched once. */
export interface LinkState {
  realDir: string;
  depth: number;
  watcher?: RootWatcher;
}

export interface RootState {
  root: SourceRoot;
  /** Its skills by folder. */
  entries: Map<string, SkillEntry>;
  watcher?: RootWatcher;
  links: Map<string, LinkState>;
  budget: WatchBudget;
  /** The last full search stopped at the folder limit. */
  truncated: boolean;
  /** On a kernel filesystem (`/proc`…): neither searched nor watched. A plugin with a `problem` neither. */
  refused: string | null;
  /** Set once `setRoots` dropped it: its late watcher events and reloads are ignored. */
  dropped: boolean;
}

export const newRootState = (root: SourceRoot, maxWatched: number): RootState => ({
  root,
  entries: new Map(),
  links: new Map(),
  budget: newWatchBudget(maxWatched),
  truncated: false,
  refused: pseudoFilesystem(root.dir),
  dropped: false,
});

export interface SearchOptions {
  maxDepth: number;
  maxFolders: number;
  /** The links found at or below `scope` replace those known there (registry-watch.ts watches them). */
  syncLinks(state: RootState, scope: string, found: readonly FoundLink[]): void;
}

/** Searches the whole source folder, its skills read as they are found. */
export async function scanRoot(state: RootState, options: SearchOptions) {
  const { root, entries } = state;
  if (state.refused || root.problem) return;
  const loading: Promise<SkillEntry | null>[] = [];
  const found = await discoverSkills(root.dir, {
    maxDepth: options.maxDepth,
    maxFolders: options.maxFolders,
    onFound: (f) => loading.push(loadSkill(root, f)),
  });
  const loaded = await Promise.all(loading);
  entries.clear();
  for (const entry of loaded) if (entry) entries.set(entry.dir, entry);
  state.truncated = found.truncated;
  options.syncLinks(state, root.dir, found.links);
}

/**
 * The skills of a source folder whose id is `id`, found the way the full search finds them but only
 * those folders read: what a one-shot command (`skilldeck run SKILL`) needs, without reading every skill.
 */
export async function findInRoot(
  state: RootState,
  id: string,
  options: Pick<SearchOptions, 'maxDepth' | 'maxFolders'>,
): Promise<SkillEntry[]> {
  const { root } = state;
  if (state.refused || root.problem) return [];
  if (root.namespace && !id.startsWith(`${root.namespace}:`)) return [];
  const found = await discoverSkills(root.dir, options);
  const matching = found.skills.filter((f) => skillIdIn(root, path.basename(f.dir)) === id);
  const loaded = await Promise.all(matching.map((f) => loadSkill(root, f)));
  return loaded.filter((entry) => entry !== null);
}

/**
 * Searches `start` (and below) of a source folder again, replacing what was known there — also what
 * was reached there by another way (a link), so one real folder never stays listed twice.
 */
export async function rescan(state: RootState, start: string, options: SearchOptions) {
  const { root, entries } = state;
  const { maxDepth, maxFolders } = options;
  if (state.refused || root.problem) return;
  let realStart = start;
  try {
    realStart = fs.realpathSync(start);
  } catch {
    // gone: what was listed at or below it goes
  }
  // a path discovery does not search (a link back into the folder…) holds nothing, and hides nothing
  const isSearched = searched(state, start, maxDepth);
  for (const [dir, entry] of [...entries]) {
    if (isInside(start, dir) || (isSearched && isInside(realStart, entry.realDir))) entries.delete(dir);
  }
  const depth = start === root.dir ? 0 : path.relative(root.dir, start).split(path.sep).length;
  if (!isSearched) return options.syncLinks(state, start, []);
  const found = await discoverSkills(start, { depth, maxDepth, maxFolders, within: realRoot(state) });
  for (const entry of await Promise.all(found.skills.map((f) => loadSkill(root, f)))) {
    if (entry) entries.set(entry.dir, entry);
  }
  if (start === root.dir) state.truncated = found.truncated;
  options.syncLinks(state, start, found.links);
}

/** The folder to search again for a path that changed in a source folder. */
export function rescanPointFor({ root, entries }: RootState, p: string): string {
  for (let dir = p; isInside(root.dir, dir); dir = path.dirname(dir)) {
    if (entries.has(dir)) return dir; // inside a known skill: that skill
    if (dir === root.dir) break;
  }
  return p;
}

/**
 * Whether discovery would search `dir` of a source folder: each folder on the way passes the rule, and
 * a symlink on the way is one it follows (not back into the source folder, nor onto /proc…).
 */
function searched(state: RootState, dir: string, maxDepth: number): boolean {
  const { root, entries } = state;
  const parts = path.relative(root.dir, dir).split(path.sep).filter(Boolean);
  if (parts.length > maxDepth) return false;
  let parent = root.dir;
  for (const name of parts) {
    const parentIsSkill =
      entries.has(parent) || SKILL_FILE_NAMES.some((f) => fs.existsSync(path.join(parent, f)));
    if (!isSearchedFolder(name, parentIsSkill)) return false;
    parent = path.join(parent, name);
    if (!followedLink(state, parent)) return false;
  }
  return true;
}

/** False for a symlink discovery does not follow; true for anything else (a folder, a gone path). */
function followedLink(state: RootState, p: string): boolean {
  try {
    if (!fs.lstatSync(p).isSymbolicLink()) return true;
    const real = fs.realpathSync(p);
    const rootReal = realRoot(state);
    return !isInside(rootReal, real) && !isInside(real, rootReal) && pseudoFilesystem(real) === null;
  } catch {
    return true;
  }
}

export function realRoot({ root }: RootState): string {
  try {
    return fs.realpathSync(root.dir);
  } catch {
    return root.dir;
  }
}
