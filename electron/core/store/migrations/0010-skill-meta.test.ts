import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../db';
import { migrations } from './index';

describe('migration 0010: skill_meta', () => {
  const upTo10 = () => {
    const db = new Database(':memory:');
    migrate(db, migrations, 10);
    return db;
  };

  it('stamps user_version 10 and creates the table with its columns', () => {
    const db = upTo10();
    expect(db.pragma('user_version', { simple: true })).toBe(10);
    const columns = db
      .prepare<[], { name: string; type: string; notnull: number }>("PRAGMA table_info('skill_meta')")
      .all();
    expect(columns.map((c) => [c.name, c.type, c.notnull])).toEqual([
      ['skill_id', 'TEXT', 1],
      ['emoji', 'TEXT', 0],
      ['color', 'TEXT', 0],
      ['hotkey_accelerator', 'TEXT', 0],
      ['hotkey_display', 'TEXT', 0],
      ['enabled', 'INTEGER', 1],
      ['sort_order', 'INTEGER', 1],
      ['builtin', 'INTEGER', 1],
      ['updated_at', 'INTEGER', 1],
    ]);
  });

  it('keeps a row and its defaults', () => {
    const db = upTo10();
    db.prepare('INSERT INTO skill_meta (skill_id, emoji, color, updated_at) VALUES (?, ?, ?, ?)').run(
      'translate',
      '🌐',
      '#2563eb',
      5,
    );
    expect(db.prepare('SELECT * FROM skill_meta').get()).toEqual({
      skill_id: 'translate',
      emoji: '🌐',
      color: '#2563eb',
      hotkey_accelerator: null,
      hotkey_display: null,
      enabled: 1,
      sort_order: 0,
      builtin: 0,
      updated_at: 5,
    });
  });

  it('rejects bad colors, half-set hotkeys, wrong types and duplicate accelerators', () => {
    const db = upTo10();
    const insert = (cols: string, values: unknown[]) =>
      db.prepare(
        `INSERT INTO skill_meta (skill_id, updated_at, ${cols}) VALUES (?, 1, ${values.map(() => '?').join(', ')})`,
      );
    expect(() => insert('color', ['#12345g']).run('a', '#12345g')).toThrow(/CHECK/);
    expect(() => insert('color', ['#ABCDEF']).run('a', '#ABCDEF')).toThrow(/CHECK/); // stored lowercase
    expect(() => insert('hotkey_accelerator', ['x']).run('a', 'Ctrl+Alt+T')).toThrow(/CHECK/);
    expect(() => insert('enabled', [2]).run('a', 2)).toThrow(/CHECK/);
    expect(() => insert('sort_order', ['x']).run('a', 'first')).toThrow(/cannot store TEXT/);
    insert('hotkey_accelerator, hotkey_display', [1, 2]).run('a', 'Ctrl+Alt+T', 'Ctrl+Alt+T');
    expect(() => insert('hotkey_accelerator, hotkey_display', [1, 2]).run('b', 'ctrl+alt+t', 'x')).toThrow(
      /UNIQUE/,
    );
  });
});
