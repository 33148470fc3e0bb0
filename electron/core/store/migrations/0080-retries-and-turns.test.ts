import { describe, expect, it } from 'vitest';
import { migrate } from '../db';
import { migrations } from './index';
import { databaseAt } from './test-support';

function at70() {
  const db = databaseAt(70);
  db.prepare(
    "INSERT INTO runs (id, skill_id, mode, status, started_at, ended_at, output) VALUES ('run_aaaaaa', 's', 'prompt', 'succeeded', 1, 2, 'hi')",
  ).run();
  return db;
}

describe('migration 0080: retries and turns', () => {
  it('adds runs.retry_of (null for the runs kept) and the run_turns table', () => {
    const db = at70();
    migrate(db, migrations, 80);
    expect(db.pragma('user_version', { simple: true })).toBe(80);
    expect(db.prepare('SELECT id, output, retry_of FROM runs').get()).toEqual({
      id: 'run_aaaaaa',
      output: 'hi',
      retry_of: null,
    });
    const columns = db.prepare<[], { name: string }>("PRAGMA table_info('run_turns')").all();
    expect(columns.map((c) => c.name)).toEqual([
      'run_id',
      'turn',
      'message',
      'status',
      'output',
      'error',
      'provider',
      'model',
      'input_tokens',
      'output_tokens',
      'started_at',
      'ended_at',
    ]);
  });

  it('keeps a retry linked when its first attempt is deleted, and deletes a run’s turns with it', () => {
    const db = at70();
    migrate(db, migrations, 80);
    db.prepare(
      "INSERT INTO runs (id, skill_id, mode, status, started_at, ended_at, retry_of) VALUES ('run_bbbbbb', 's', 'prompt', 'succeeded', 3, 4, 'run_aaaaaa')",
    ).run();
    const turn = db.prepare(
      "INSERT INTO run_turns (run_id, turn, message, status, started_at) VALUES (?, ?, 'more', 'running', 5)",
    );
    turn.run('run_aaaaaa', 1);
    turn.run('run_bbbbbb', 1);
    expect(() => turn.run('run_bbbbbb', 1)).toThrow(/UNIQUE|PRIMARY/);
    expect(() => turn.run('run_bbbbbb', 0)).toThrow(/CHECK/);
    expect(() => turn.run('run_nothere', 1)).toThrow(/FOREIGN KEY/);
    db.prepare("DELETE FROM runs WHERE id = 'run_aaaaaa'").run();
    expect(db.prepare('SELECT run_id FROM run_turns').all()).toEqual([{ run_id: 'run_bbbbbb' }]);
    expect(db.prepare('SELECT retry_of FROM runs').get()).toEqual({ retry_of: 'run_aaaaaa' });
  });
});
