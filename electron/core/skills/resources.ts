import fs from 'node:fs/promises';
import path from 'node:path';
import type { SkillResource } from '../../../shared/types/skill';
import { AppError } from '../../../shared/ipc/result';
import { isSkippedName } from './discover';

/** The folders of a skill whose files are listed (and read only when asked for). */
export const RESOURCE_DIRS = ['references', 'scripts', 'assets'] as const;

const MAX_LISTED = 1000;
const MAX_LIST_DEPTH = 4;
/** Larger files are not read into memory through this path. */
export const MAX_RESOURCE_BYTES = 10 * 1024 * 1024;

const BASE_DIR = '{baseDir}';

/** Replaces `{baseDir}` with the skill folder, as skills written for Claude Code expect. */
export function expandBaseDir(text: string, skillDir: string): string {
  return text.split(BASE_DIR).join(skillDir);
}

const isInside = (folder: string, target: string) => {
  const rel = path.relative(folder, target);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
};

/**
 * The files under `references/`, `scripts/` and `assets/` (names and sizes, nothing read), sorted.
 * Hidden files and links leading out of the skill folder are left out.
 */
export async function listResources(realDir: string): Promise<SkillResource[]> {
  const out: SkillResource[] = [];
  const walk = async (rel: string, depth: number): Promise<void> => {
    let entries;
    try {
      entries = await fs.readdir(path.join(realDir, rel), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (out.length >= MAX_LISTED || isSkippedName(entry.name)) continue;
      const childRel = `${rel}/${entry.name}`;
      const abs = path.join(realDir, childRel);
      let stat;
      try {
        if (entry.isSymbolicLink() && !isInside(realDir, await fs.realpath(abs))) continue;
        stat = await fs.stat(abs);
      } catch {
        continue;
      }
      if (stat.isDirectory()) {
        if (depth < MAX_LIST_DEPTH) await walk(childRel, depth + 1);
      } else if (stat.isFile()) {
        out.push({ path: childRel, size: stat.size });
      }
    }
  };
  for (const dir of RESOURCE_DIRS) await walk(dir, 1);
  return out;
}

/**
 * The absolute path of a file named relative to a skill folder (a leading `{baseDir}/` allowed),
 * refused when it resolves outside the folder: `..`, an absolute path, or a symlink leading out.
 */
export async function resolveResource(realDir: string, relPath: string): Promise<string> {
  let rel = relPath.trim();
  if (rel.startsWith(BASE_DIR)) rel = rel.slice(BASE_DIR.length).replace(/^[/\\]+/, '');
  const refuse = (why: string) =>
    new AppError('FORBIDDEN', `"${relPath}" ${why}: a skill may only read files inside its own folder`);
  if (rel === '' || rel.includes('\0'))
    throw new AppError('INVALID_INPUT', `"${relPath}" is not a file name`);
  if (path.isAbsolute(rel) || path.win32.isAbsolute(rel)) throw refuse('is an absolute path');
  const target = path.resolve(realDir, rel);
  if (!isInside(realDir, target)) throw refuse('resolves outside the skill folder');
  let real: string;
  try {
    real = await fs.realpath(target);
  } catch (error) {
    throw new AppError('NOT_FOUND', `no file "${rel}" in the skill folder`, { cause: error });
  }
  if (!isInside(realDir, real)) throw refuse('is a link to a place outside the skill folder');
  return real;
}

export interface ResourceFile {
  /** Relative to the skill folder, with `/`. */
  path: string;
  size: number;
  data: Buffer;
}

/** Reads one file of a skill folder, confined to it (see `resolveResource`). */
export async function readResource(realDir: string, relPath: string): Promise<ResourceFile> {
  const file = await resolveResource(realDir, relPath);
  const stat = await fs.stat(file);
  const shown = path.relative(realDir, file).split(path.sep).join('/');
  if (!stat.isFile()) throw new AppError('INVALID_INPUT', `"${shown}" is a folder, not a file`);
  if (stat.size > MAX_RESOURCE_BYTES) {
    throw new AppError('INVALID_INPUT', `"${shown}" is ${stat.size} bytes; files over 10 MiB are not read`);
  }
  return { path: shown, size: stat.size, data: await fs.readFile(file) };
}
