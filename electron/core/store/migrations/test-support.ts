// What the migration tests share: a database as an older version left it, with a run in it.
import Database from 'better-sqlite3';
import { migrate } from '../db';
import { migrations } from './index';

/** An in-memory database migrated up to `version`, foreign keys on (as the app opens it). */
export function databaseAt(version: number): Database.Database {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  migrate(db, migrations, version);
  return db;
}

/** A finished run, `run_aaaaaa`, with its one event: what a later migration must keep. */
export function insertFinishedRun(db: Database.Database): void {
  db.prepare(
    "INSERT INTO runs (id, skill_id, mode, status, started_at, ended_at) VALUES ('run_aaaaaa', 's', 'prompt', 'succeeded', 1, 2)",
  ).run();
  db.prepare(
    "INSERT INTO run_events (run_id, seq, t, type, data) VALUES ('run_aaaaaa', 1, 0, 'run_start', '{}')",
  ).run();
}
