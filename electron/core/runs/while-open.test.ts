import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../store/db';
import { LATEST_SCHEMA_VERSION, migrations } from '../store/migrations';
import { createRunRepo } from './run-repo';
import { whileOpen } from './while-open';

describe('whileOpen', () => {
  it('passes calls through while the database is open, and drops them after it closed', () => {
    const db = new Database(':memory:');
    migrate(db, migrations, LATEST_SCHEMA_VERSION);
    const runs = whileOpen(createRunRepo(db), () => db.open);
    runs.create({ id: 'run_a', skillId: 's', mode: 'prompt', input: 'in', startedAt: 1 });
    expect(runs.get('run_a')).toMatchObject({ id: 'run_a', status: 'running' });
    db.close();
    expect(() => runs.setWaiting('run_a', null)).not.toThrow();
    expect(runs.get('run_a')).toBeUndefined();
    expect(runs.markInterrupted()).toBeUndefined();
    // what `together` is given still runs (a run's listeners are told), its writes dropped
    let ran = false;
    runs.together(() => {
      runs.appendEvent('run_a', 1, { type: 'step_complete', stepId: 'a', output: 'A', t: 1 });
      ran = true;
    });
    expect(ran).toBe(true);
  });
});
