import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../db';
import { migrations } from './index';

describe('migration 0085: runs marked as tries', () => {
  it('adds is_try (0 for the runs already there), keeping their steps and events', () => {
    const db = new Database(':memory:');
    db.pragma('foreign_keys = ON');
    migrate(db, migrations, 70);
    db.prepare(
      "INSERT INTO runs (id, skill_id, mode, status, started_at, ended_at) VALUES ('run_aaaaaa', 's', 'prompt', 'succeeded', 1, 2)",
    ).run();
    db.prepare(
      "INSERT INTO run_events (run_id, seq, t, type, data) VALUES ('run_aaaaaa', 1, 0, 'run_start', '{}')",
    ).run();
    migrate(db, migrations, 85);
    expect(db.pragma('user_version', { simple: true })).toBe(85);
    expect(db.prepare('SELECT id, is_try FROM runs').all()).toEqual([{ id: 'run_aaaaaa', is_try: 0 }]);
    expect(db.prepare('SELECT count(*) AS n FROM run_events').get()).toEqual({ n: 1 });
    expect(() => db.prepare("UPDATE runs SET is_try = 2 WHERE id = 'run_aaaaaa'").run()).toThrow(/CHECK/);
  });
});
