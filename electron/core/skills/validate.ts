import fs from 'node:fs/promises';
import path from 'node:path';
import { discoverSkillFolders, SKILL_FILE_NAMES } from './discover';
import type { Finding } from './types';
import { detectLayout } from './layout';
import { loadSkillFile } from './load';
import { phaseFindings } from './phase-quality';
import { validationNotes } from './validate-notes';

export interface SkillVerdict {
  /** The skill folder. */
  path: string;
  id: string;
  name: string | null;
  valid: boolean;
  errors: Omit<Finding, 'severity' | 'file'>[];
  warnings: Omit<Finding, 'severity' | 'file'>[];
  /** What depends on where it runs (validate-notes.ts); absent when nothing does. */
  notes?: string[];
}

/** The SKILL.md of a folder (SKILL.md preferred over skill.md), or null. */
async function skillFileIn(dir: string): Promise<string | null> {
  let entries: string[];
  try {
    entries = await fs.readdir(dir);
  } catch {
    return null;
  }
  const name = SKILL_FILE_NAMES.find((n) => entries.includes(n));
  return name ? path.join(dir, name) : null;
}

/** Every skill folder at or below `root`, by the registry's own rule (discover.ts). */
export async function findSkillFolders(root: string): Promise<string[]> {
  return (await discoverSkillFolders(root)).map((found) => found.dir);
}

/** The verdict on one skill folder; never throws. */
export async function validateSkillFolder(
  dir: string,
  strict: boolean,
  namespace?: string,
): Promise<SkillVerdict> {
  const folderName = path.basename(dir);
  const id = namespace ? `${namespace}:${folderName}` : folderName;
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
  const { layout, phases } = await detectLayout(dir);
  const loaded = loadSkillFile(raw, { file, folderName, strict, ...(layout ? { layout } : {}) });
  const findings =
    layout === 'phases'
      ? [
          ...loaded.findings,
          ...(await phaseFindings(
            dir,
            phases.map((p) => `phases/${p.file}`),
          )),
        ]
      : loaded.findings;
  const errors = findings.filter((f) => f.severity === 'error').map(strip);
  const notes = validationNotes(loaded.definition);
  return {
    path: dir,
    id,
    name: loaded.definition?.name ?? null,
    valid: errors.length === 0,
    errors,
    warnings: findings.filter((f) => f.severity === 'warning').map(strip),
    ...(notes.length > 0 ? { notes } : {}),
  };
}
