import type { Dirent } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Finding } from './types';
import { detectLayout } from './layout';
import { loadSkillFile } from './load';

export interface SkillVerdict {
  /** The skill folder. */
  path: string;
  id: string;
  name: string | null;
  valid: boolean;
  errors: Omit<Finding, 'severity' | 'file'>[];
  warnings: Omit<Finding, 'severity' | 'file'>[];
}

const SKIP = new Set(['node_modules', '.git']);
export const SKILL_FILE_NAMES = ['SKILL.md', 'skill.md'] as const;

/** The SKILL.md of a folder (SKILL.md preferred over skill.md), or null. */
export async function skillFileIn(dir: string): Promise<string | null> {
  for (const name of SKILL_FILE_NAMES) {
    try {
      const entries = await fs.readdir(dir);
      if (entries.includes(name)) return path.join(dir, name);
    } catch {
      return null;
    }
  }
  return null;
}

/** Every folder holding a SKILL.md at or below `root` (dot-folders and node_modules skipped). */
export async function findSkillFolders(root: string, maxDepth = 8): Promise<string[]> {
  const found: string[] = [];
  const seen = new Set<string>();
  const walk = async (dir: string, depth: number): Promise<void> => {
    let real: string;
    try {
      real = await fs.realpath(dir);
    } catch {
      return;
    }
    if (seen.has(real)) return; // a symlink loop or a second link to the same folder
    seen.add(real);
    if (await skillFileIn(dir)) found.push(dir);
    if (depth >= maxDepth) return;
    let entries: Dirent[];
    try {
      entries = await fs.readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      if (e.name.startsWith('.') || SKIP.has(e.name)) continue;
      if (e.isDirectory() || e.isSymbolicLink()) await walk(path.join(dir, e.name), depth + 1);
    }
  };
  await walk(root, 0);
  return found;
}

/** The verdict on one skill folder; never throws. */
export async function validateSkillFolder(dir: string, strict: boolean): Promise<SkillVerdict> {
  const id = path.basename(dir);
  const file = await skillFileIn(dir);
  const strip = ({ code, message, line }: Finding) => ({ code, message, ...(line ? { line } : {}) });
  if (!file) {
    return {
      path: dir,
      id,
      name: null,
      valid: false,
      errors: [{ code: 'no-skill-file', message: `no SKILL.md in ${dir}` }],
      warnings: [],
    };
  }
  let raw: Buffer;
  try {
    raw = await fs.readFile(file);
  } catch (error) {
    return {
      path: dir,
      id,
      name: null,
      valid: false,
      errors: [{ code: 'unreadable', message: `cannot read ${file}: ${(error as Error).message}` }],
      warnings: [],
    };
  }
  const { layout } = await detectLayout(dir);
  const loaded = loadSkillFile(raw, { file, folderName: id, strict, ...(layout ? { layout } : {}) });
  const errors = loaded.findings.filter((f) => f.severity === 'error').map(strip);
  return {
    path: dir,
    id,
    name: loaded.definition?.name ?? null,
    valid: errors.length === 0,
    errors,
    warnings: loaded.findings.filter((f) => f.severity === 'warning').map(strip),
  };
}
