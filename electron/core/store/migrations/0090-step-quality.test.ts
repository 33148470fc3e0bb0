import { describe, expect, it } from 'vitest';
import { migrate } from '../db';
import { migrations } from './index';
import { databaseAt, insertFinishedRun } from './test-support';

describe('migration 0090: quality verdicts stored with the step', () => {
  it('adds quality_json (NULL for the steps already there), keeping runs, steps and events', () => {
    const db = databaseAt(85);
    insertFinishedRun(db);
    db.prepare(
      "INSERT INTO run_steps (run_id, step_id, name, step_index, status, started_at) VALUES ('run_aaaaaa', 'main', 'main', 0, 'succeeded', 1)",
    ).run();
    migrate(db, migrations, 90);
    expect(db.pragma('user_version', { simple: true })).toBe(90);
    expect(db.prepare('SELECT step_id, quality_json FROM run_steps').all()).toEqual([
      { step_id: 'main', quality_json: null },
    ]);
    expect(db.prepare('SELECT count(*) AS n FROM run_events').get()).toEqual({ n: 1 });
    const verdicts = '[{"attempt":1,"score":40,"reason":"thin","passed":false,"threshold":70}]';
    db.prepare("UPDATE run_steps SET quality_json = ? WHERE step_id = 'main'").run(verdicts);
    expect(db.prepare('SELECT quality_json FROM run_steps').get()).toEqual({ quality_json: verdicts });
    expect(() =>
      db.prepare("UPDATE run_steps SET quality_json = 'not json' WHERE step_id = 'main'").run(),
    ).toThrow(/CHECK/);
  });
});
