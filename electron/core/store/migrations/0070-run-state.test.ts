import { describe, expect, it } from 'vitest';
import { migrate } from '../db';
import { migrations } from './index';
import { databaseAt, insertFinishedRun } from './test-support';

describe('migration 0070: run state', () => {
  it('adds state_json and waiting_json to runs, keeping the rows, their steps and events', () => {
    const db = databaseAt(40);
    insertFinishedRun(db);
    migrate(db, migrations, 70);
    expect(db.pragma('user_version', { simple: true })).toBe(70);
    const columns = db.prepare<[], { name: string }>("PRAGMA table_info('runs')").all();
    expect(columns.map((c) => c.name).slice(-2)).toEqual(['state_json', 'waiting_json']);
    expect(db.prepare('SELECT state_json, waiting_json FROM runs').get()).toEqual({
      state_json: null,
      waiting_json: null,
    });
    expect(db.prepare('SELECT count(*) AS n FROM run_events').get()).toEqual({ n: 1 });
  });
});
