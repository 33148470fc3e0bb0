import Database from 'better-sqlite3';
import type { Database as Db } from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import type { Migration } from './migrations/types';
import { migrations as allMigrations } from './migrations';

export interface OpenOptions {
  /**
   * The compiled better-sqlite3 addon to use: a path or a loaded module. Plain Node leaves it unset
   * (the package's own build); Electron passes its separately built binary (see docs/ARCHITECTURE.md).
   */
  nativeBinding?: string | object;
  /** For tests: migrate only up to (and including) this version. */
  targetVersion?: number;
  migrations?: readonly Migration[];
}

export class StoreError extends Error {
  constructor(
    readonly code: 'SCHEMA_TOO_NEW' | 'SETTING_DAMAGED',
    message: string,
  ) {
    super(message);
    this.name = 'StoreError';
  }
}

/** The database file's name in the data folder. */
export const DATABASE_FILE = 'skilldeck.db';

function readUserVersion(db: Db): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/**
 * Refuses a database written by a newer Skilldeck before touching it: it is opened read-only for the
 * check, so neither the file nor its journal mode changes.
 */
function assertNotFromTheFuture(file: string, latest: number, nativeBinding: OpenOptions['nativeBinding']) {
  if (file === ':memory:' || !fs.existsSync(file)) return;
  const probe = new Database(file, {
    readonly: true,
    fileMustExist: true,
    nativeBinding,
  } as Database.Options);
  try {
    const version = readUserVersion(probe);
    if (version > latest) {
      throw new StoreError(
        'SCHEMA_TOO_NEW',
        `The database ${file} was written by a newer version of Skilldeck (schema ${version}; this one knows up to ${latest}). ` +
          'Update Skilldeck, or start it with another data directory (--data-dir / SKILLDECK_DATA_DIR). The file was left untouched.',
      );
    }
  } finally {
    probe.close();
  }
}

/** Opens (creating if needed) and migrates the store. */
export function openDatabase(file: string, options: OpenOptions = {}): Db {
  const migrations = options.migrations ?? allMigrations;
  const latest = migrations.at(-1)?.version ?? 0;
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  assertNotFromTheFuture(file, latest, options.nativeBinding);

  const db = new Database(file, { nativeBinding: options.nativeBinding } as Database.Options);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    db.pragma('synchronous = NORMAL');
    migrate(db, migrations, options.targetVersion ?? latest);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/** Applies every migration above the database's `user_version` up to `target`, each in a transaction. */
export function migrate(db: Db, migrations: readonly Migration[], target: number): void {
  const current = readUserVersion(db);
  const latest = migrations.at(-1)?.version ?? 0;
  if (current > latest) {
    throw new StoreError(
      'SCHEMA_TOO_NEW',
      `database schema ${current} is newer than this Skilldeck (${latest})`,
    );
  }
  for (const m of migrations) {
    if (m.version <= current || m.version > target) continue;
    db.transaction(() => {
      m.up(db);
      db.pragma(`user_version = ${m.version}`);
    })();
  }
}

export { readUserVersion };
