import fs, { type Dirent } from 'node:fs';
import path from 'node:path';
import { isInside } from '../fs/inside';
import { pseudoFilesystemOfReal } from '../fs/pseudo-fs';

/** The file that makes a folder a skill; the lowercase spelling is accepted too. */
export const SKILL_FILE_NAMES = ['SKILL.md', 'skill.md'] as const;
export type SkillFileName = (typeof SKILL_FILE_NAMES)[number];

/** How deep below a source folder skill folders are looked for (`<root>/1/…/8/SKILL.md`). */
export const MAX_SKILL_DEPTH = 8;

/** Folders read per search of a source folder: a huge tree (a home folder, a disk) cannot hang the scan. */
export const MAX_FOLDERS_SEARCHED = 10_000;

export interface FoundSkill {
  /** The folder as reached from the source folder (possibly through a symlink). */
  dir: string;
  /** Its real path: two ways to the same folder are one skill. */
  realDir: string;
  fileName: SkillFileName;
  /** The folder has a `phases/` entry (read for the layout). */
  hasPhases: boolean;
}

/** A symlinked folder the search entered (the watcher watches its real folder too). */
export interface FoundLink {
  /** Where the link is, as reached from the source folder. */
  dir: string;
  realDir: string;
  /** Its depth below the source folder. */
  depth: number;
}

export interface Discovery {
  /** By path. */
  skills: FoundSkill[];
  links: FoundLink[];
  /** More than `maxFolders` folders: the search stopped there. */
  truncated: boolean;
  /** The start is on a kernel filesystem (`/proc`…): not searched. */
  refused: string | null;
}

// Callback fs, not fs/promises: for thousands of small reads the promise API costs several times more.
export const readdirEntries = (dir: string) =>
  new Promise<Dirent[]>((resolve, reject) =>
    fs.readdir(dir, { withFileTypes: true }, (error, entries) => (error ? reject(error) : resolve(entries))),
  );
export const readFileBytes = (file: string) =>
  new Promise<Buffer>((resolve, reject) =>
    fs.readFile(file, (error, data) => (error ? reject(error) : resolve(data))),
  );
const realpathOf = (p: string) =>
  new Promise<string>((resolve, reject) =>
    fs.realpath(p, (error, real) => (error ? reject(error) : resolve(real))),
  );
const statOf = (p: string) =>
  new Promise<fs.Stats>((resolve, reject) => fs.stat(p, (error, s) => (error ? reject(error) : resolve(s))));
const lstatOf = (p: string) =>
  new Promise<fs.Stats>((resolve, reject) => fs.lstat(p, (error, s) => (error ? reject(error) : resolve(s))));

/** Hidden entries (`.git`, editors' temp files) and dependencies: not listed among a skill's files. */
export function isSkippedName(name: string): boolean {
  return name.startsWith('.') || name === 'node_modules';
}

/** A skill's own folders: its files, never searched for skills (a template SKILL.md there is a resource). */
export const SKILL_OWN_FOLDERS: ReadonlySet<string> = new Set(['references', 'scripts', 'assets', 'phases']);

/** Folders of tools, not of skills (compared in lowercase). */
const TOOL_FOLDERS: ReadonlySet<string> = new Set([
  'node_modules',
  '__pycache__',
  '.git',
  '.hg',
  '.svn',
  '.github',
  '.gitlab',
  '.vscode',
  '.idea',
  '.cache',
  '.venv',
  '.tox',
  '.next',
  '.nuxt',
  '.turbo',
  '.yarn',
  '.npm',
  '.pnpm-store',
  '.gradle',
  '.terraform',
  '.mypy_cache',
  '.pytest_cache',
  '.ruff_cache',
  '.trash',
  '.trashes',
  '.fseventsd',
  '.spotlight-v100',
  '.temporaryitems',
  '.documentrevisions-v100',
]);

/** A dot-folder named with one plain word (`.curated`, `.system`); temp names (`.x.123.tmp`) are not. */
const PLAIN_DOT_NAME = /^\.[A-Za-z0-9][A-Za-z0-9_-]*$/;

/**
 * Whether a folder of this name is searched for skills: not a tool's folder (`.git`, `.github`,
 * `node_modules`…), not a temp folder (a dot, then more than one plain word), and — inside a skill
 * folder — not one of the skill's own folders (`references/`, `scripts/`, `assets/`, `phases/`). Other
 * dot-folders are searched: collections keep skills in `.curated/`, `.system/`, `.claude/skills/`.
 */
export function isSearchedFolder(name: string, parentIsSkill: boolean): boolean {
  if (TOOL_FOLDERS.has(name.toLowerCase())) return false;
  if (name.startsWith('.') && !PLAIN_DOT_NAME.test(name)) return false;
  return !(parentIsSkill && SKILL_OWN_FOLDERS.has(name));
}

export interface DiscoverOptions {
  /** Depth of `start` below its source folder (0 for the source folder itself). */
  depth?: number;
  maxDepth?: number;
  maxFolders?: number;
  /** The source folder's real path (default: `start`'s): a link to a folder inside it, or to one of
   * its ancestors, is not followed — that folder is searched where it is. */
  within?: string;
  /** Called for each skill folder as soon as it is found (so reading it overlaps the search). */
  onFound?: (skill: FoundSkill) => void;
}

interface Pending {
  dir: string;
  realDir: string;
  depth: number;
}

/**
 * Finds skill folders at or below `start`, breadth first in name order (so a search cut short by
 * `maxFolders` is the same every time): a folder with SKILL.md is a skill, and its other folders are
 * searched too (nested skills); folders are searched down to `maxDepth` by `isSearchedFolder`. A
 * symlinked folder is followed once: a real folder already reached, one inside the source folder (or
 * holding it), or one on a kernel filesystem is not entered. Each real folder is read at most once.
 */
export async function discoverSkills(start: string, options: DiscoverOptions = {}): Promise<Discovery> {
  const maxDepth = options.maxDepth ?? MAX_SKILL_DEPTH;
  const maxFolders = options.maxFolders ?? MAX_FOLDERS_SEARCHED;
  const result: Discovery = { skills: [], links: [], truncated: false, refused: null };

  let realStart: string;
  try {
    realStart = await realpathOf(start);
  } catch {
    return result;
  }
  result.refused = await pseudoFilesystemOfReal(realStart);
  if (result.refused) return result;
  const within = options.within ?? realStart;
  const startDepth = options.depth ?? 0;
  try {
    // a source folder that is itself a link is the source folder (watched as such), not a link in it
    if (startDepth > 0 && (await lstatOf(start)).isSymbolicLink())
      result.links.push({ dir: start, realDir: realStart, depth: startDepth });
  } catch {
    return result;
  }

  const visited = new Set([realStart]);
  let level: Pending[] = [{ dir: start, realDir: realStart, depth: startDepth }];
  let read = 0;
  while (level.length > 0) {
    if (read + level.length > maxFolders) {
      level = level.slice(0, Math.max(0, maxFolders - read));
      result.truncated = true;
    }
    read += level.length;
    const listed = await Promise.all(level.map((folder) => readdirEntries(folder.dir).catch(() => null)));
    const candidates = await Promise.all(
      level.map(async (folder, i) => {
        const entries = listed[i];
        if (!entries) return []; // gone, not a folder, or unreadable: nothing to find here
        const fileName = await skillFileIn(folder.dir, entries);
        if (fileName) {
          const hasPhases = entries.some(
            (e) => e.name === 'phases' && (e.isDirectory() || e.isSymbolicLink()),
          );
          const skill = { dir: folder.dir, realDir: folder.realDir, fileName, hasPhases };
          result.skills.push(skill);
          options.onFound?.(skill);
        }
        if (folder.depth >= maxDepth) return [];
        const names = entries
          .filter((e) => (e.isDirectory() || e.isSymbolicLink()) && isSearchedFolder(e.name, !!fileName))
          .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
        const children = await Promise.all(
          names.map(async (entry): Promise<(Pending & { link: boolean }) | null> => {
            const dir = path.join(folder.dir, entry.name);
            const depth = folder.depth + 1;
            if (entry.isDirectory())
              return { dir, realDir: path.join(folder.realDir, entry.name), depth, link: false };
            try {
              const real = await realpathOf(dir);
              if (isInside(within, real) || isInside(real, within)) return null;
              if (!(await statOf(real)).isDirectory() || (await pseudoFilesystemOfReal(real))) return null;
              return { dir, realDir: real, depth, link: true };
            } catch {
              return null; // a dangling link
            }
          }),
        );
        return children.filter((c) => c !== null);
      }),
    );
    // claimed in order, so the folder a real path is reached by is the same every time
    const next: Pending[] = [];
    for (const child of candidates.flat()) {
      if (visited.has(child.realDir)) continue;
      visited.add(child.realDir);
      if (child.link) result.links.push({ dir: child.dir, realDir: child.realDir, depth: child.depth });
      next.push({ dir: child.dir, realDir: child.realDir, depth: child.depth });
    }
    if (result.truncated) break;
    level = next;
  }
  result.skills.sort((a, b) => (a.dir < b.dir ? -1 : a.dir > b.dir ? 1 : 0));
  return result;
}

/** The skill folders of `discoverSkills`, by path. */
export async function discoverSkillFolders(
  start: string,
  options: DiscoverOptions = {},
): Promise<FoundSkill[]> {
  return (await discoverSkills(start, options)).skills;
}

async function skillFileIn(dir: string, entries: readonly Dirent[]): Promise<SkillFileName | undefined> {
  for (const name of SKILL_FILE_NAMES) {
    const entry = entries.find((e) => e.name === name);
    if (!entry) continue;
    if (entry.isFile()) return name;
    if (entry.isSymbolicLink()) {
      try {
        if ((await statOf(path.join(dir, name))).isFile()) return name;
      } catch {
        // a dangling link is not a skill file
      }
    }
  }
  return undefined;
}
