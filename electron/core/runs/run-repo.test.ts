import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunEvent } from '../../../shared/types/run';
import { migrate } from '../store/db';
import { LATEST_SCHEMA_VERSION, migrations } from '../store/migrations';
import { createRunRepo, type RunRepo } from './run-repo';

let db: Database.Database;
let repo: RunRepo;
beforeEach(() => {
  db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  migrate(db, migrations, LATEST_SCHEMA_VERSION);
  repo = createRunRepo(db);
});
afterEach(() => db.close());

const id = (n: number) => `run_test${String(n).padStart(4, '0')}`;
const usage = { inputTokens: 3, outputTokens: 4 };

function addRun(n: number, skillId: string, startedAt: number, status: 'succeeded' | 'failed' | 'running') {
  repo.create({ id: id(n), skillId, mode: 'prompt', input: `in ${n}`, startedAt });
  if (status !== 'running')
    repo.finish(id(n), {
      status,
      output: status === 'succeeded' ? `out ${n}` : null,
      outputTool: 'insert_text',
      error: status === 'failed' ? 'boom' : null,
      usage,
      endedAt: startedAt + 5,
    });
}

describe('run repo: list', () => {
  beforeEach(() => {
    // 10 runs, one per ms 1000..1009: skills alternate, every third failed
    for (let n = 0; n < 10; n++)
      addRun(n, n % 2 === 0 ? 'translate' : 'polish', 1000 + n, n % 3 === 0 ? 'failed' : 'succeeded');
  });

  it('lists the newest first with a total, paged by limit and offset', () => {
    const first = repo.list({ limit: 4, offset: 0 });
    expect(first.total).toBe(10);
    expect(first.runs.map((r) => r.id)).toEqual([id(9), id(8), id(7), id(6)]);
    const last = repo.list({ limit: 4, offset: 8 });
    expect(last.runs.map((r) => r.id)).toEqual([id(1), id(0)]);
    expect(repo.list({ limit: 4, offset: 20 })).toEqual({ runs: [], total: 10 });
    expect(first.runs[0]).toMatchObject({
      skillId: 'polish',
      mode: 'prompt',
      status: 'failed',
      error: 'boom',
      usage,
      startedAt: 1009,
      endedAt: 1014,
    });
  });

  it('filters by skill, status and date range (from inclusive, to exclusive), combined', () => {
    const ids = (q: Parameters<RunRepo['list']>[0]) => repo.list(q).runs.map((r) => r.id);
    expect(ids({ skillId: 'translate', limit: 50, offset: 0 })).toEqual([8, 6, 4, 2, 0].map(id));
    expect(ids({ status: 'failed', limit: 50, offset: 0 })).toEqual([9, 6, 3, 0].map(id));
    expect(ids({ from: 1003, to: 1006, limit: 50, offset: 0 })).toEqual([5, 4, 3].map(id));
    expect(ids({ skillId: 'translate', status: 'failed', limit: 50, offset: 0 })).toEqual([6, 0].map(id));
    expect(repo.list({ skillId: 'polish', from: 1004, limit: 2, offset: 0 })).toMatchObject({
      total: 3,
      runs: [{ id: id(9) }, { id: id(7) }],
    });
    expect(repo.list({ skillId: 'nope', limit: 5, offset: 0 })).toEqual({ runs: [], total: 0 });
  });

  it('counts the runs per skill with the latest start, whatever their status', () => {
    addRun(20, 'memo', 5000, 'running');
    repo.create({ id: id(21), skillId: 'memo', mode: 'prompt', input: '', startedAt: 9000, isTry: true });
    const bySkill = Object.fromEntries(repo.usage().map((u) => [u.skillId, u]));
    expect(bySkill).toEqual({
      translate: { skillId: 'translate', runs: 5, lastRunAt: 1008 },
      polish: { skillId: 'polish', runs: 5, lastRunAt: 1009 },
      memo: { skillId: 'memo', runs: 1, lastRunAt: 5000 },
    });
    repo.delete(id(9));
    expect(repo.usage().find((u) => u.skillId === 'polish')).toEqual({
      skillId: 'polish',
      runs: 4,
      lastRunAt: 1007,
    });
  });
});

describe('run repo: get, interrupted, delete', () => {
  const events: RunEvent[] = [
    { type: 'run_start', t: 0, runId: id(1), skill: 'flow', mode: 'workflow' },
    { type: 'step_start', t: 1, stepId: 'a', name: 'A', index: 0, total: 2 },
    { type: 'token', t: 2.5, stepId: 'a', text: 'Hel' },
    { type: 'token', t: 3, stepId: 'a', text: 'lo' },
    { type: 'step_complete', t: 4, stepId: 'a', output: 'Hello' },
    { type: 'step_skipped', t: 5, stepId: 'b', reason: 'condition is false' },
  ];

  function workflowRun() {
    repo.create({ id: id(1), skillId: 'flow', mode: 'workflow', input: 'x', startedAt: 500 });
    repo.setModel(id(1), 'ollama', 'llama3.2');
    repo.startStep(id(1), { stepId: 'a', name: 'A', index: 0, startedAt: 501 });
    events.forEach((e, i) => repo.appendEvent(id(1), i + 1, e));
    repo.finishStep(id(1), 'a', {
      status: 'succeeded',
      output: 'Hello',
      error: null,
      attempts: 2,
      endedAt: 504,
    });
    repo.finishStep(id(1), 'b', {
      status: 'skipped',
      output: null,
      error: 'condition is false',
      attempts: 0,
      endedAt: 505,
    });
  }

  it('gets a run with its steps and its events in order', () => {
    workflowRun();
    repo.finish(id(1), {
      status: 'succeeded',
      output: 'Hello',
      outputTool: 'floating_card',
      error: null,
      usage,
      endedAt: 506,
    });
    const run = repo.get(id(1))!;
    expect(run).toMatchObject({
      id: id(1),
      provider: 'ollama',
      model: 'llama3.2',
      status: 'succeeded',
      outputTool: 'floating_card',
    });
    expect(run.steps).toEqual([
      {
        stepId: 'a',
        name: 'A',
        index: 0,
        status: 'succeeded',
        output: 'Hello',
        error: null,
        attempts: 2,
        startedAt: 501,
        endedAt: 504,
      },
      {
        stepId: 'b',
        name: 'b',
        index: -1,
        status: 'skipped',
        output: null,
        error: 'condition is false',
        attempts: 0,
        startedAt: 505,
        endedAt: 505,
      },
    ]);
    expect(run.events).toEqual(events);
    expect(repo.get('run_missing1')).toBeUndefined();
  });

  it('marks runs left running (and their running steps) interrupted, keeping their events', () => {
    workflowRun();
    repo.startStep(id(1), { stepId: 'c', name: 'C', index: 2, startedAt: 506 });
    addRun(2, 'polish', 600, 'succeeded');
    expect(repo.markInterrupted()).toBe(1);
    const run = repo.get(id(1))!;
    expect(run.status).toBe('interrupted');
    expect(run.steps.map((s) => [s.stepId, s.status])).toEqual([
      ['a', 'succeeded'],
      ['b', 'skipped'],
      ['c', 'interrupted'],
    ]);
    expect(run.events).toEqual(events);
    expect(repo.get(id(2))!.status).toBe('succeeded');
    expect(repo.markInterrupted()).toBe(0);
  });

  it('deletes a run with its steps and events (cascade), and only that run', () => {
    workflowRun();
    addRun(2, 'polish', 600, 'succeeded');
    repo.appendEvent(id(2), 1, { type: 'run_start', t: 0, runId: id(2), skill: 'polish', mode: 'prompt' });
    expect(repo.delete(id(1))).toBe(true);
    expect(repo.delete(id(1))).toBe(false);
    expect(repo.get(id(1))).toBeUndefined();
    const count = (table: string, runId: string) =>
      (db.prepare(`SELECT count(*) AS n FROM ${table} WHERE run_id = ?`).get(runId) as { n: number }).n;
    expect(count('run_steps', id(1))).toBe(0);
    expect(count('run_events', id(1))).toBe(0);
    expect(count('run_events', id(2))).toBe(1);
    expect(repo.list({ limit: 10, offset: 0 }).total).toBe(1);
  });
});

describe('run repo: together', () => {
  it('writes a step row and its event in one transaction: both or neither', () => {
    addRun(1, 'translate', 1000, 'running');
    const start = { stepId: 'a', name: 'a', index: 0, startedAt: 1001 };
    expect(() =>
      repo.together(() => {
        repo.startStep(id(1), start);
        repo.appendEvent(id(1), 1, { type: 'step_start', stepId: 'a', name: 'a', index: 0, total: 1, t: 1 });
        throw new Error('the listener broke');
      }),
    ).toThrow('the listener broke');
    expect(repo.get(id(1))).toMatchObject({ steps: [], events: [] });
    repo.together(() => {
      repo.startStep(id(1), start);
      repo.appendEvent(id(1), 1, { type: 'step_start', stepId: 'a', name: 'a', index: 0, total: 1, t: 1 });
    });
    const run = repo.get(id(1))!;
    expect(run.steps.map((s) => s.stepId)).toEqual(['a']);
    expect(run.events.map((e) => e.type)).toEqual(['step_start']);
  });
});
