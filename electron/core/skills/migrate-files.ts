import fs from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../../shared/ipc/result';
import { writeFileAtomic } from '../fs/atomic-write';
import type { SkillMetaChange, SkillMetaRepo, StoredSkillMeta } from '../store/skill-meta';
import { migrateSkillText, type LegacyMetadata } from './migrate';
import { decodeSkillFile } from './parse';
import { discoverSkillFolders } from './discover';

export type MigrationStatus = 'migrated' | 'current' | 'failed' | 'would-migrate';

/** One file's outcome; `skilldeck migrate --json` prints an array of these. */
export interface FileMigrationReport {
  path: string;
  /** The skill's id: its folder name. */
  id: string;
  status: MigrationStatus;
  changes: string[];
  /** The UI metadata stored (or, in a dry run, that would be stored) in the database. */
  metadata: LegacyMetadata;
  warnings: string[];
  /** The copy of the original file, when one was written or already there. */
  backup?: string;
  /** Why the file failed; it was left untouched. */
  error?: string;
}

export interface MigrateFilesOptions {
  /** Report only: no file, backup or database row is written. */
  dryRun: boolean;
  /**
   * The UI metadata store, asked for on first need (so a run without metadata opens no database).
   * Null when there is none, e.g. a dry run before any database exists. May throw: the file fails.
   */
  metaRepo: () => SkillMetaRepo | null;
  now?: () => number;
}

export const BACKUP_SUFFIX = '.ghostype.bak';

/**
 * The SKILL.md files `target` names: the file itself, a skill folder's, or every skill's below a folder
 * (found as the registry finds them: dot-folders and node_modules skipped, symlinks followed once).
 * Throws AppError NOT_FOUND when `target` does not exist.
 */
export async function findSkillFiles(target: string): Promise<string[]> {
  let stat;
  try {
    stat = await fs.stat(target);
  } catch (error) {
    throw new AppError('NOT_FOUND', `${target}: no such file or folder`, { cause: error });
  }
  if (!stat.isDirectory()) return [target];
  return (await discoverSkillFolders(target)).map((s) => path.join(s.dir, s.fileName));
}

/** Migrates files in order; a hotkey claimed by an earlier file is not given to a later one. */
export async function migrateSkillFiles(
  files: readonly string[],
  options: MigrateFilesOptions,
): Promise<FileMigrationReport[]> {
  const claimed = new Map<string, string>();
  const reports: FileMigrationReport[] = [];
  for (const file of files) reports.push(await migrateSkillFile(file, options, claimed));
  return reports;
}

/**
 * Migrates one SKILL.md: metadata into the store, a backup `SKILL.md.ghostype.bak` (never overwritten),
 * then the file replaced atomically. A file that cannot be read or migrated is reported and left alone.
 * A symlinked SKILL.md is migrated where it points (the link stays a link).
 */
export async function migrateSkillFile(
  file: string,
  options: MigrateFilesOptions,
  claimed: Map<string, string> = new Map(),
): Promise<FileMigrationReport> {
  const id = path.basename(path.dirname(path.resolve(file)));
  const report: FileMigrationReport = {
    path: file,
    id,
    status: 'failed',
    changes: [],
    metadata: {},
    warnings: [],
  };
  const fail = (error: string) => ({ ...report, status: 'failed' as const, error });

  let real: string;
  let raw: Buffer;
  try {
    real = await fs.realpath(file);
    raw = await fs.readFile(real);
  } catch (error) {
    return fail(`cannot read: ${(error as Error).message}`);
  }
  const decoded = decodeSkillFile(raw, file);
  if ('finding' in decoded) return fail(decoded.finding.message);
  let migration;
  try {
    migration = migrateSkillText(decoded.text, id, file);
  } catch (error) {
    return fail((error as Error).message);
  }
  if (!migration.legacy) return { ...report, status: 'current' };
  report.changes = migration.changes;
  report.warnings = [...migration.warnings];

  let repo: SkillMetaRepo | null = null;
  if (Object.keys(migration.metadata).length > 0) {
    try {
      repo = options.metaRepo();
    } catch (error) {
      return fail(
        `cannot open the database for the skill's emoji, color and hotkey: ${(error as Error).message}`,
      );
    }
  }
  const { metadata, change } = decideMetadata(id, migration.metadata, repo, claimed, report.warnings);
  report.metadata = metadata;
  if (metadata.hotkey) claimed.set(metadata.hotkey.accelerator.toLowerCase(), id);
  if (options.dryRun) return { ...report, status: 'would-migrate' };

  try {
    report.backup = await writeBackup(real, raw);
  } catch (error) {
    return fail(`cannot write the backup next to it: ${(error as Error).message}`);
  }
  if (repo && Object.keys(change).length > 0) {
    try {
      repo.upsert(id, false, change, (options.now ?? Date.now)());
    } catch (error) {
      return fail(`cannot store the skill's emoji, color and hotkey: ${(error as Error).message}`);
    }
  }
  try {
    if (!(await fs.readFile(real)).equals(raw)) {
      throw new Error('it changed on disk while being migrated; run the migration again');
    }
    await writeFileAtomic(real, migration.text);
  } catch (error) {
    const stored = repo && Object.keys(change).length > 0 ? ' (its emoji, color and hotkey were stored)' : '';
    return {
      ...fail(`cannot rewrite the file${stored}: ${(error as Error).message}`),
      backup: report.backup,
    };
  }
  return { ...report, status: 'migrated' };
}

/**
 * What of the legacy metadata goes to the store: a value the user already set in Skilldeck wins, and a
 * hotkey held by another skill (stored, or claimed earlier in this run) is not taken.
 */
function decideMetadata(
  id: string,
  legacy: LegacyMetadata,
  repo: SkillMetaRepo | null,
  claimed: ReadonlyMap<string, string>,
  warnings: string[],
): { metadata: LegacyMetadata; change: SkillMetaChange } {
  const stored: StoredSkillMeta | undefined = repo?.get(id);
  const metadata: LegacyMetadata = {};
  const change: SkillMetaChange = {};
  for (const key of ['emoji', 'color'] as const) {
    const value = legacy[key];
    if (value === undefined) continue;
    const current = stored?.[key];
    if (current === null || current === undefined) change[key] = value;
    else if (current !== value) {
      warnings.push(`${key} ${value} not stored: the skill already has ${current} in Skilldeck`);
      continue;
    }
    metadata[key] = value;
  }
  const hotkey = legacy.hotkey;
  if (hotkey) {
    const accelerator = hotkey.accelerator.toLowerCase();
    const holder = claimed.get(accelerator) ?? repo?.findByAccelerator(hotkey.accelerator);
    if (stored?.hotkey && stored.hotkey.accelerator.toLowerCase() !== accelerator) {
      warnings.push(
        `hotkey ${hotkey.display} not stored: the skill already has ${stored.hotkey.display} in Skilldeck`,
      );
    } else if (holder !== undefined && holder !== id) {
      warnings.push(`hotkey ${hotkey.display} not stored: it is already the hotkey of "${holder}"`);
    } else {
      if (!stored?.hotkey) change.hotkey = hotkey;
      metadata.hotkey = hotkey;
    }
  }
  return { metadata, change };
}

/** `SKILL.md.ghostype.bak`; if that holds something else, the next free `SKILL.md.ghostype.N.bak`. */
async function writeBackup(file: string, raw: Buffer): Promise<string> {
  const mode = (await fs.stat(file)).mode & 0o7777;
  for (let n = 1; n < 100; n++) {
    const backup = n === 1 ? `${file}${BACKUP_SUFFIX}` : `${file}.ghostype.${n}.bak`;
    try {
      await fs.writeFile(backup, raw, { flag: 'wx', mode });
      return backup;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if ((await fs.readFile(backup)).equals(raw)) return backup;
    }
  }
  throw new Error(`${file} already has 99 different backups`);
}
