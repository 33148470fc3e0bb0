import Database from 'better-sqlite3';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, StoreError } from './db';
import { LATEST_SCHEMA_VERSION } from './migrations';
import type { Migration } from './migrations/types';

const dirs: string[] = [];
const tempFile = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skilldeck-db-'));
  dirs.push(dir);
  return path.join(dir, 'skilldeck.db');
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const sha256 = (file: string) => crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');

describe('openDatabase', () => {
  it('creates the file, migrates to the latest version and sets WAL, foreign keys and busy timeout', () => {
    const file = tempFile();
    const db = openDatabase(file);
    expect(db.pragma('user_version', { simple: true })).toBe(LATEST_SCHEMA_VERSION);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('busy_timeout', { simple: true })).toBe(5000);
    db.close();
    expect(fs.existsSync(file)).toBe(true);
  });

  it('reopening applies nothing twice and keeps the data', () => {
    const file = tempFile();
    const first = openDatabase(file);
    first.prepare("INSERT INTO skill_meta (skill_id, emoji, updated_at) VALUES ('polish', '✨', 1)").run();
    first.close();
    const second = openDatabase(file);
    expect(second.prepare('SELECT emoji FROM skill_meta').pluck().get()).toBe('✨');
    second.close();
  });

  it('refuses a database from a newer Skilldeck with a clear error and leaves the file byte-for-byte unchanged', () => {
    const file = tempFile();
    const future = new Database(file);
    future.exec('CREATE TABLE from_the_future (x INTEGER)');
    future.pragma(`user_version = ${LATEST_SCHEMA_VERSION + 990}`);
    future.close();
    const before = sha256(file);
    const siblings = fs.readdirSync(path.dirname(file));

    let caught: unknown;
    try {
      openDatabase(file);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(StoreError);
    expect((caught as StoreError).code).toBe('SCHEMA_TOO_NEW');
    expect((caught as Error).message).toMatch(
      new RegExp(
        `newer version of Skilldeck \\(schema ${LATEST_SCHEMA_VERSION + 990}; this one knows up to ${LATEST_SCHEMA_VERSION}\\)`,
      ),
    );
    expect((caught as Error).message).toMatch(/left untouched/);
    expect(sha256(file)).toBe(before);
    expect(fs.readdirSync(path.dirname(file))).toEqual(siblings);
    // still the old journal mode: nothing switched it to WAL
    const check = new Database(file, { readonly: true });
    expect(check.pragma('journal_mode', { simple: true })).toBe('delete');
    check.close();
  });

  it('rolls back a migration that fails and keeps the previous version', () => {
    const file = tempFile();
    const broken: Migration[] = [
      { version: 10, name: 'ok', up: (db) => db.exec('CREATE TABLE a (x)') },
      {
        version: 20,
        name: 'broken',
        up: (db) => db.exec('CREATE TABLE b (x); INSERT INTO nowhere VALUES (1)'),
      },
    ];
    expect(() => openDatabase(file, { migrations: broken })).toThrow(/no such table: nowhere/);
    const db = new Database(file, { readonly: true });
    expect(db.pragma('user_version', { simple: true })).toBe(10);
    expect(db.prepare("SELECT count(*) FROM sqlite_master WHERE name = 'b'").pluck().get()).toBe(0);
    db.close();
  });

  it('accepts an explicit nativeBinding (the path Electron uses for its own build)', () => {
    const binding = path.resolve('node_modules/better-sqlite3/build/Release/better_sqlite3.node');
    const db = openDatabase(tempFile(), { nativeBinding: binding });
    expect(db.pragma('user_version', { simple: true })).toBe(LATEST_SCHEMA_VERSION);
    db.close();
    expect(() => openDatabase(tempFile(), { nativeBinding: '/nonexistent/better_sqlite3.node' })).toThrow();
  });
});
