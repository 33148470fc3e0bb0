import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../db';
import { migrations } from './index';

describe('migration 0020: runs, run_steps, run_events', () => {
  const upTo20 = () => {
    const db = new Database(':memory:');
    db.pragma('foreign_keys = ON');
    migrate(db, migrations, 20);
    return db;
  };
  const columns = (db: Database.Database, table: string) =>
    db
      .prepare<[], { name: string; type: string; notnull: number }>(`PRAGMA table_info('${table}')`)
      .all()
      .map((c) => [c.name, c.type, c.notnull]);

  it('stamps user_version 20 and creates the three tables', () => {
    const db = upTo20();
    expect(db.pragma('user_version', { simple: true })).toBe(20);
    expect(columns(db, 'runs')).toEqual([
      ['id', 'TEXT', 1],
      ['skill_id', 'TEXT', 1],
      ['mode', 'TEXT', 1],
      ['provider', 'TEXT', 0],
      ['model', 'TEXT', 0],
      ['input', 'TEXT', 1],
      ['status', 'TEXT', 1],
      ['output', 'TEXT', 0],
      ['output_tool', 'TEXT', 0],
      ['error', 'TEXT', 0],
      ['input_tokens', 'INTEGER', 0],
      ['output_tokens', 'INTEGER', 0],
      ['started_at', 'INTEGER', 1],
      ['ended_at', 'INTEGER', 0],
    ]);
    expect(columns(db, 'run_steps').map((c) => c[0])).toEqual([
      'run_id',
      'step_id',
      'name',
      'step_index',
      'status',
      'output',
      'error',
      'attempts',
      'started_at',
      'ended_at',
    ]);
    expect(columns(db, 'run_events').map((c) => c[0])).toEqual(['run_id', 'seq', 't', 'type', 'data']);
  });

  it('keeps a run with its steps and events, and deletes them with it', () => {
    const db = upTo20();
    db.prepare(
      "INSERT INTO runs (id, skill_id, mode, status, started_at) VALUES ('run_abcdef', 'translate', 'prompt', 'running', 1)",
    ).run();
    db.prepare(
      "INSERT INTO run_steps (run_id, step_id, name, step_index, status, started_at) VALUES ('run_abcdef', 'main', 'main', 0, 'running', 1)",
    ).run();
    db.prepare(
      "INSERT INTO run_events (run_id, seq, t, type, data) VALUES ('run_abcdef', 1, 0, 'run_start', '{}')",
    ).run();
    expect(
      db.prepare('SELECT input, runs.output, attempts FROM runs JOIN run_steps ON run_id = id').get(),
    ).toEqual({ input: '', output: null, attempts: 0 });
    db.prepare("DELETE FROM runs WHERE id = 'run_abcdef'").run();
    expect(db.prepare('SELECT count(*) AS n FROM run_steps').get()).toEqual({ n: 0 });
    expect(db.prepare('SELECT count(*) AS n FROM run_events').get()).toEqual({ n: 0 });
  });

  it('rejects unknown statuses, orphan events, bad JSON and a finished run without an end', () => {
    const db = upTo20();
    const run = (status: string, ended: number | null) =>
      db
        .prepare(
          'INSERT INTO runs (id, skill_id, mode, status, started_at, ended_at) VALUES (?, ?, ?, ?, 1, ?)',
        )
        .run(`run_${status}xxxxx`, 's', 'prompt', status, ended);
    expect(() => run('paused', null)).toThrow(/CHECK/);
    expect(() => run('succeeded', null)).toThrow(/CHECK/);
    run('interrupted', null);
    expect(() =>
      db
        .prepare("INSERT INTO run_events (run_id, seq, t, type, data) VALUES ('nope', 1, 0, 'x', '{}')")
        .run(),
    ).toThrow(/FOREIGN KEY/);
    expect(() =>
      db
        .prepare(
          "INSERT INTO run_events (run_id, seq, t, type, data) VALUES ('run_interruptedxxxxx', 1, 0, 'x', '{')",
        )
        .run(),
    ).toThrow(/CHECK/);
  });
});
