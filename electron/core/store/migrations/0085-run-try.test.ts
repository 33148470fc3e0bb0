import { describe, expect, it } from 'vitest';
import { migrate } from '../db';
import { migrations } from './index';
import { databaseAt, insertFinishedRun } from './test-support';

describe('migration 0085: runs marked as tries', () => {
  it('adds is_try (0 for the runs already there), keeping their steps and events', () => {
    const db = databaseAt(70);
    insertFinishedRun(db);
    migrate(db, migrations, 85);
    expect(db.pragma('user_version', { simple: true })).toBe(85);
    expect(db.prepare('SELECT id, is_try FROM runs').all()).toEqual([{ id: 'run_aaaaaa', is_try: 0 }]);
    expect(db.prepare('SELECT count(*) AS n FROM run_events').get()).toEqual({ n: 1 });
    expect(() => db.prepare("UPDATE runs SET is_try = 2 WHERE id = 'run_aaaaaa'").run()).toThrow(/CHECK/);
  });
});
