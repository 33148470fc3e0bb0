import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../db';
import { migrations } from './index';

describe('migration 0030: memos with FTS5', () => {
  const upTo30 = () => {
    const db = new Database(':memory:');
    migrate(db, migrations, 30);
    return db;
  };
  const match = (db: Database.Database, query: string) =>
    db
      .prepare<[string], { id: number }>(
        'SELECT rowid AS id FROM memos_fts WHERE memos_fts MATCH ? ORDER BY rowid',
      )
      .all(query)
      .map((r) => r.id);

  it('stamps user_version 30 and creates the table, indexes, FTS table and triggers', () => {
    const db = upTo30();
    expect(db.pragma('user_version', { simple: true })).toBe(30);
    const columns = db
      .prepare<[], { name: string; type: string; notnull: number; pk: number }>("PRAGMA table_info('memos')")
      .all();
    expect(columns.map((c) => [c.name, c.type, c.notnull, c.pk])).toEqual([
      ['id', 'INTEGER', 0, 1],
      ['skill_id', 'TEXT', 1, 0],
      ['run_id', 'TEXT', 0, 0],
      ['title', 'TEXT', 1, 0],
      ['text', 'TEXT', 1, 0],
      ['created_at', 'INTEGER', 1, 0],
      ['updated_at', 'INTEGER', 1, 0],
    ]);
    const names = db
      .prepare<[], { name: string }>("SELECT name FROM sqlite_schema WHERE name LIKE 'memos%' ORDER BY name")
      .all()
      .map((r) => r.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'memos',
        'memos_by_created',
        'memos_by_skill',
        'memos_fts',
        'memos_fts_delete',
        'memos_fts_insert',
        'memos_fts_update',
      ]),
    );
  });

  it('keeps the index in step on insert, update and delete (Chinese, accents)', () => {
    const db = upTo30();
    const insert = db.prepare(
      'INSERT INTO memos (skill_id, run_id, title, text, created_at, updated_at) VALUES (?, ?, ?, ?, 1, 1)',
    );
    insert.run('memo', null, '学习笔记', '我喜欢学习中文');
    insert.run('memo', 'run-1', 'Crème brûlée', 'recette du café');
    expect(match(db, '"学习中"')).toEqual([1]);
    expect(match(db, '"creme"')).toEqual([2]); // diacritics removed
    expect(match(db, '"CAFÉ"')).toEqual([2]);
    db.prepare("UPDATE memos SET text = 'something else' WHERE id = 1").run();
    expect(match(db, '"学习中"')).toEqual([]);
    expect(match(db, '"学习笔"')).toEqual([1]); // the title is still indexed
    db.prepare('DELETE FROM memos WHERE id = 2').run();
    expect(match(db, '"creme"')).toEqual([]);
    db.exec("INSERT INTO memos_fts (memos_fts) VALUES ('integrity-check')"); // throws when out of step
  });

  it('refuses wrong types and missing text', () => {
    const db = upTo30();
    expect(() =>
      db
        .prepare("INSERT INTO memos (skill_id, text, created_at, updated_at) VALUES ('a', 'x', 'now', 1)")
        .run(),
    ).toThrow(/cannot store TEXT/);
    expect(() =>
      db.prepare("INSERT INTO memos (skill_id, created_at, updated_at) VALUES ('a', 1, 1)").run(),
    ).toThrow(/NOT NULL/);
  });
});
