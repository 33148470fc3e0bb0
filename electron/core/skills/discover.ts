import fs, { type Dirent } from 'node:fs';
import path from 'node:path';

/** The file that makes a folder a skill; the lowercase spelling is accepted too. */
export const SKILL_FILE_NAMES = ['SKILL.md', 'skill.md'] as const;
export type SkillFileName = (typeof SKILL_FILE_NAMES)[number];

/** How deep below a source folder skill folders are looked for (`<root>/a/b/c/d/SKILL.md`). */
export const MAX_SKILL_DEPTH = 4;

export interface FoundSkill {
  /** The folder as reached from the source folder (possibly through a symlink). */
  dir: string;
  /** Its real path: two ways to the same folder are one skill. */
  realDir: string;
  fileName: SkillFileName;
  /** The folder has a `phases/` entry (read for the layout). */
  hasPhases: boolean;
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

/** Folders never searched: hidden ones (`.git`, editors' temp folders) and dependencies. */
export function isSkippedName(name: string): boolean {
  return name.startsWith('.') || name === 'node_modules';
}

export interface DiscoverOptions {
  /** Depth of `start` below its source folder (0 for the source folder itself). */
  depth?: number;
  maxDepth?: number;
  /** Called for each skill folder as soon as it is found (so reading it overlaps the search). */
  onFound?: (skill: FoundSkill) => void;
}

/**
 * Finds skill folders at or below `start`: a folder with SKILL.md is a skill (its subfolders are its
 * own, not searched further); other folders are searched down to `maxDepth`. Hidden folders and
 * node_modules are skipped. A symlinked folder is followed once: a real path already visited in this
 * search, or one of the folders the link sits in (a loop), is not entered again.
 */
export async function discoverSkillFolders(
  start: string,
  options: DiscoverOptions = {},
): Promise<FoundSkill[]> {
  const maxDepth = options.maxDepth ?? MAX_SKILL_DEPTH;
  const found: FoundSkill[] = [];
  const visited = new Set<string>();

  async function visit(dir: string, realDir: string, depth: number, chain: readonly string[]): Promise<void> {
    if (visited.has(realDir)) return;
    visited.add(realDir);
    let entries: Dirent[];
    try {
      entries = await readdirEntries(dir);
    } catch {
      return; // gone, not a folder, or unreadable: nothing to find here
    }
    const fileName = await skillFileIn(dir, entries);
    if (fileName) {
      const hasPhases = entries.some((e) => e.name === 'phases' && (e.isDirectory() || e.isSymbolicLink()));
      const skill = { dir, realDir, fileName, hasPhases };
      found.push(skill);
      options.onFound?.(skill);
      return;
    }
    if (depth >= maxDepth) return;
    const inner = [...chain, realDir];
    await Promise.all(
      entries.map(async (entry) => {
        if (isSkippedName(entry.name)) return;
        const child = path.join(dir, entry.name);
        if (entry.isDirectory()) return visit(child, path.join(realDir, entry.name), depth + 1, inner);
        if (!entry.isSymbolicLink()) return;
        try {
          const real = await realpathOf(child);
          if (inner.includes(real) || !(await statOf(real)).isDirectory()) return;
          return visit(child, real, depth + 1, inner);
        } catch {
          return; // a dangling link
        }
      }),
    );
  }

  let realStart: string;
  try {
    realStart = await realpathOf(start);
  } catch {
    return found;
  }
  await visit(start, realStart, options.depth ?? 0, []);
  return found.sort((a, b) => (a.dir < b.dir ? -1 : a.dir > b.dir ? 1 : 0));
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
