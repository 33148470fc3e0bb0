import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunEvent } from '../../../shared/types/run';
import { migrate } from '../store/db';
import { LATEST_SCHEMA_VERSION, migrations } from '../store/migrations';
import { createRunRepo } from './run-repo';
import { writeBehind, type WriteBehindRepo } from './write-behind';

let db: Database.Database;
let repo: WriteBehindRepo;
let errors: unknown[];
/** Transactions the write-behind opened (db.transaction wrapped below). */
let commits: number;

beforeEach(() => {
  db = new Database(':memory:');
  migrate(db, migrations, LATEST_SCHEMA_VERSION);
  errors = [];
  commits = 0;
  const transaction = db.transaction.bind(db);
  // every transaction the write-behind opens, counted
  db.transaction = ((fn: (...args: never[]) => unknown) => {
    const tx = transaction(fn);
    return Object.assign((...args: never[]) => (commits++, tx(...args)), tx);
  }) as typeof db.transaction;
  repo = writeBehind(createRunRepo(db), db, (error) => errors.push(error));
  repo.create({ id: 'run_1', skillId: 's', mode: 'workflow', input: 'go', startedAt: 1 });
});
afterEach(() => db.close());

const rowsIn = (table: string) => (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
const event = (t: number, stepId: string): RunEvent => ({
  type: 'step_complete',
  stepId,
  output: `out ${stepId}`,
  t,
});

describe('run history writes, behind', () => {
  it('writes a turn’s events and step rows together, in one transaction, when the turn ends', async () => {
    repo.finishStep('run_1', 'a', { status: 'succeeded', output: 'A', error: null, attempts: 1, endedAt: 5 });
    repo.appendEvent('run_1', 1, event(5, 'a'));
    repo.startStep('run_1', { stepId: 'b', name: 'b', index: 1, startedAt: 5 });
    repo.appendEvent('run_1', 2, { type: 'step_start', stepId: 'b', name: 'b', index: 1, total: 2, t: 5 });
    expect(rowsIn('run_events')).toBe(0);
    await nextTurn();
    expect(rowsIn('run_events')).toBe(2);
    expect(rowsIn('run_steps')).toBe(1);
    expect(commits).toBe(1);
  });

  it('writes what is queued before any other call, so a read sees every write made before it', () => {
    repo.startStep('run_1', { stepId: 'a', name: 'a', index: 0, startedAt: 2 });
    repo.appendEvent('run_1', 1, event(3, 'a'));
    const run = repo.get('run_1')!;
    expect(run.steps.map((s) => s.stepId)).toEqual(['a']);
    expect(run.events).toHaveLength(1);
    // a run's finish is written at once, after what was queued
    repo.appendEvent('run_1', 2, event(4, 'a'));
    repo.finish('run_1', {
      status: 'succeeded',
      output: 'A',
      outputTool: null,
      error: null,
      usage: { inputTokens: null, outputTokens: null },
      endedAt: 9,
    });
    expect(rowsIn('run_events')).toBe(2);
  });

  it('reports a write that fails and keeps the others of its turn', async () => {
    repo.appendEvent('run_1', 1, event(1, 'a'));
    repo.appendEvent('run_1', 1, event(2, 'b')); // the same seq: refused by the primary key
    repo.appendEvent('run_1', 2, event(3, 'c'));
    await nextTurn();
    expect(errors).toHaveLength(1);
    expect(repo.get('run_1')!.events.map((e) => (e as { stepId: string }).stepId)).toEqual(['a', 'c']);
  });

  it('writes what is queued when told to (before the database closes)', () => {
    repo.appendEvent('run_1', 1, event(1, 'a'));
    repo.flushWrites();
    expect(rowsIn('run_events')).toBe(1);
  });
});
