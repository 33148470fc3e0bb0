import type { Database } from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AppError } from '../../../shared/ipc/result';
import { DATABASE_FILE } from '../../core/core';
import {
  findSkillFiles,
  migrateSkillFiles,
  type FileMigrationReport,
  type MigrationStatus,
} from '../../core/skills/migrate-files';
import { openDatabase } from '../../core/store/db';
import { createSkillMetaRepo, type SkillMetaRepo } from '../../core/store/skill-meta';
import type { Io } from '../io';
import { humanIo, terminalJson } from '../terminal-text';
import { resolveDataDir } from '../paths';

export interface MigrateOptions {
  path: string;
  dryRun: boolean;
  dataDirFlag: string | undefined;
  json: boolean;
}

interface MetaStore {
  repo: () => SkillMetaRepo | null;
  close: () => void;
}

/** The real database, opened (and created) only when a file has an emoji, color or hotkey to store. */
function liveStore(file: string): MetaStore {
  let db: Database | undefined;
  let repo: SkillMetaRepo | undefined;
  let failure: unknown;
  return {
    repo: () => {
      if (failure) throw failure;
      try {
        db ??= openDatabase(file);
        repo ??= createSkillMetaRepo(db);
        return repo;
      } catch (error) {
        failure = error;
        throw error;
      }
    },
    close: () => db?.close(),
  };
}

/**
 * A dry run reads a copy of the database (and its WAL), so hotkey clashes are found while the data
 * directory stays byte-for-byte untouched: even a read-only SQLite open leaves -wal/-shm files behind.
 */
function dryRunStore(file: string): MetaStore {
  let copyDir: string | undefined;
  let db: Database | undefined;
  let repo: SkillMetaRepo | null | undefined;
  let failure: Error | undefined;
  return {
    repo: () => {
      if (failure) throw failure;
      if (repo !== undefined) return repo;
      if (!fs.existsSync(file)) return (repo = null);
      copyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skilldeck-migrate-'));
      const copy = path.join(copyDir, DATABASE_FILE);
      try {
        fs.copyFileSync(file, copy);
        if (fs.existsSync(`${file}-wal`)) fs.copyFileSync(`${file}-wal`, `${copy}-wal`);
        db = openDatabase(copy);
      } catch (error) {
        failure = new Error((error as Error).message.split(copy).join(file), { cause: error });
        throw failure;
      }
      return (repo = createSkillMetaRepo(db));
    },
    close: () => {
      db?.close();
      if (copyDir) fs.rmSync(copyDir, { recursive: true, force: true });
    },
  };
}

const LABEL: Record<MigrationStatus, string> = {
  migrated: 'migrated',
  'would-migrate': 'would migrate',
  current: 'already current',
  failed: 'failed',
};

function printReport(reports: readonly FileMigrationReport[], dryRun: boolean, io: Io) {
  for (const r of reports) {
    if (r.status === 'failed') {
      io.out(`failed: ${r.path}: ${r.error ?? 'unknown error'}`);
      continue;
    }
    const backup = r.backup ? ` (backup: ${path.basename(r.backup)})` : '';
    io.out(`${LABEL[r.status]}: ${r.path}${backup}`);
    for (const change of r.changes) io.out(`    ${change}`);
    for (const warning of r.warnings) io.out(`  ! ${warning}`);
  }
  const count = (status: MigrationStatus) => reports.filter((r) => r.status === status).length;
  const migrated = dryRun ? `${count('would-migrate')} would migrate` : `${count('migrated')} migrated`;
  const files = reports.length === 1 ? '1 file' : `${reports.length} files`;
  io.out('');
  io.out(
    `${files}: ${migrated}, ${count('current')} already current, ${count('failed')} failed` +
      (dryRun ? ' (dry run: nothing was written)' : ''),
  );
}

/** `skilldeck migrate PATH [--dry-run] [--data-dir DIR] [--json]`: GHOSTYPE-format skills to the current format. */
export async function migrateCommand(options: MigrateOptions, raw: Io): Promise<number> {
  const io = humanIo(raw);
  let files: string[];
  try {
    files = await findSkillFiles(options.path);
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') {
      io.err(`skilldeck: ${error.message}`);
      return 2;
    }
    throw error;
  }
  if (files.length === 0) {
    if (options.json) raw.out('[]');
    else io.out(`No SKILL.md files under ${options.path}`);
    return 0;
  }

  const dbFile = path.join(resolveDataDir(options.dataDirFlag), DATABASE_FILE);
  const store = options.dryRun ? dryRunStore(dbFile) : liveStore(dbFile);
  let reports: FileMigrationReport[];
  try {
    reports = await migrateSkillFiles(files, { dryRun: options.dryRun, metaRepo: store.repo });
  } finally {
    store.close();
  }

  if (options.json) raw.out(terminalJson(reports));
  else printReport(reports, options.dryRun, io);
  return reports.some((r) => r.status === 'failed') ? 1 : 0;
}
