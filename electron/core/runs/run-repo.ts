import type { Database } from 'better-sqlite3';
import {
  RunEvent,
  StepQualityScore,
  type RunDetail,
  type RunListQuery,
  type RunPage,
  type RunStatus,
  type RunStep,
  type RunSummary,
  type SkillUsage,
  type StepStatus,
} from '../../../shared/types/run';
import type { ExecutionMode } from '../../../shared/types/finding';
import { optionalFilters } from '../store/sql-filter';
import { createRunTurns, type RunTurnsRepo } from './run-turns';

export type { NewTurn, TurnEnd } from './run-turns';

/** A run as the history holds it (`runs:get` adds where it would be inserted). */
export type StoredRun = Omit<RunDetail, 'insertInto' | 'speech'>;

export interface NewRun {
  id: string;
  skillId: string;
  mode: ExecutionMode;
  input: string;
  startedAt: number;
  /** The editor's "Try it": an unsaved draft ran. */
  isTry?: boolean;
  /** A retry: the first attempt it tries again. */
  retryOf?: string | null;
}

export interface RunEnd {
  status: Exclude<RunStatus, 'running' | 'interrupted'>;
  output: string | null;
  outputTool: string | null;
  error: string | null;
  usage: { inputTokens: number | null; outputTokens: number | null };
  endedAt: number;
}

export interface StepEnd {
  status: Exclude<StepStatus, 'running'>;
  output: string | null;
  error: string | null;
  attempts: number;
  endedAt: number;
}

/** Run history in SQLite: written as a run happens, read by `runs:list` / `runs:get`. */
export interface RunRepo extends RunTurnsRepo {
  create(run: NewRun): void;
  setModel(runId: string, provider: string, model: string): void;
  finish(runId: string, end: RunEnd): void;
  startStep(runId: string, step: { stepId: string; name: string; index: number; startedAt: number }): void;
  finishStep(runId: string, stepId: string, end: StepEnd): void;
  /** A step's quality verdicts (migration 0090), all of them so far. */
  setStepQuality(runId: string, stepId: string, scores: readonly StepQualityScore[]): void;
  appendEvent(runId: string, seq: number, event: RunEvent): void;
  /** Runs `writes` as one transaction: a step's row and its event go to disk in one commit, not two. */
  together(writes: () => void): void;
  /** Runs left `running` by a process that died: `interrupted`, their steps and follow-ups too. Returns how many. */
  markInterrupted(): number;
  /** An interrupted run resumed: `running` again (its steps keep their statuses until they run). */
  reopen(runId: string): void;
  /** An agent / autonomous run's resumable state (JSON), saved as it changes. */
  saveState(runId: string, state: unknown): void;
  loadState(runId: string): unknown;
  /** Marks the run waiting on the user (`pending` describes what it waits for) or running again (null). */
  setWaiting(runId: string, pending: unknown): void;
  /** What a waiting run waits for (undefined when it is not waiting). */
  waitingOn(runId: string): unknown;
  list(query: RunListQuery): RunPage;
  /** Per skill with runs (tries aside): how many, and when the latest started. */
  usage(): SkillUsage[];
  get(runId: string): StoredRun | undefined;
  delete(runId: string): boolean;
}

interface RunRow {
  id: string;
  skill_id: string;
  mode: string;
  provider: string | null;
  model: string | null;
  input: string;
  status: string;
  output: string | null;
  output_tool: string | null;
  error: string | null;
  input_tokens: number | null;
  output_tokens: number | null;
  started_at: number;
  ended_at: number | null;
  waiting_json: string | null;
  is_try: number;
  retry_of: string | null;
  turn_count: number;
}

interface StepRow {
  step_id: string;
  name: string;
  step_index: number;
  status: string;
  output: string | null;
  error: string | null;
  attempts: number;
  started_at: number;
  ended_at: number | null;
  quality_json: string | null;
}

const toSummary = (r: RunRow): RunSummary => ({
  id: r.id,
  skillId: r.skill_id,
  mode: r.mode as ExecutionMode,
  provider: r.provider,
  model: r.model,
  input: r.input,
  status: (r.status === 'running' && r.waiting_json !== null ? 'waiting' : r.status) as RunStatus,
  output: r.output,
  outputTool: r.output_tool,
  error: r.error,
  usage: { inputTokens: r.input_tokens, outputTokens: r.output_tokens },
  startedAt: r.started_at,
  endedAt: r.ended_at,
  isTry: r.is_try === 1,
  retryOf: r.retry_of,
  turnCount: r.turn_count,
});

const toStep = (r: StepRow): RunStep => ({
  stepId: r.step_id,
  name: r.name,
  index: r.step_index,
  status: r.status as StepStatus,
  output: r.output,
  error: r.error,
  attempts: r.attempts,
  startedAt: r.started_at,
  endedAt: r.ended_at,
  ...(r.quality_json !== null ? { quality: readQuality(r.quality_json) } : {}),
});

/** Stored verdicts; a damaged value (hand-edited) counts as none rather than failing the whole run. */
function readQuality(json: string): StepQualityScore[] {
  try {
    const parsed = StepQualityScore.array().safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** `waiting` is a running run with `waiting_json` set (see migration 0070). */
function statusFilter(status: RunStatus | undefined): [string, string | number][] {
  if (status === undefined) return [];
  if (status === 'waiting') return [["status = 'running' AND waiting_json IS NOT NULL AND ? = 1", 1]];
  if (status === 'running') return [["status = 'running' AND waiting_json IS NULL AND ? = 1", 1]];
  return [['status = ?', status]];
}

export function createRunRepo(db: Database): RunRepo {
  const insertRun = db.prepare(
    'INSERT INTO runs (id, skill_id, mode, input, status, started_at, retry_of, is_try) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  // every row read carries how many follow-ups it has
  const runColumns = '*, (SELECT count(*) FROM run_turns WHERE run_id = runs.id) AS turn_count';
  const updateModel = db.prepare('UPDATE runs SET provider = ?, model = ? WHERE id = ?');
  const finishRun = db.prepare(
    `UPDATE runs SET status = ?, output = ?, output_tool = ?, error = ?, input_tokens = ?, output_tokens = ?,
       ended_at = ? WHERE id = ?`,
  );
  const insertStep = db.prepare(
    `INSERT INTO run_steps (run_id, step_id, name, step_index, status, started_at) VALUES (?, ?, ?, ?, 'running', ?)
       ON CONFLICT (run_id, step_id) DO UPDATE SET status = 'running', started_at = excluded.started_at`,
  );
  const insertSkippedStep = db.prepare(
    `INSERT OR IGNORE INTO run_steps (run_id, step_id, name, step_index, status, started_at) VALUES (?, ?, ?, ?, 'running', ?)`,
  );
  const finishStep = db.prepare(
    `UPDATE run_steps SET status = ?, output = ?, error = ?, attempts = ?, ended_at = ? WHERE run_id = ? AND step_id = ?`,
  );
  const updateStepQuality = db.prepare(
    'UPDATE run_steps SET quality_json = ? WHERE run_id = ? AND step_id = ?',
  );
  const insertEvent = db.prepare(
    'INSERT INTO run_events (run_id, seq, t, type, data) VALUES (?, ?, ?, ?, ?)',
  );
  // A run waiting on the user is not interrupted by a restart: it resumes when answered.
  const interruptRuns = db.prepare(
    "UPDATE runs SET status = 'interrupted' WHERE status = 'running' AND waiting_json IS NULL",
  );
  // a follow-up cut off is over; one that waited on the user (an agent's prompt) waits no more
  const interruptTurns = db.prepare("UPDATE run_turns SET status = 'interrupted' WHERE status = 'running'");
  const clearTurnWaits = db.prepare(
    "UPDATE runs SET waiting_json = NULL WHERE status != 'running' AND waiting_json IS NOT NULL",
  );
  const interruptSteps = db.prepare(
    `UPDATE run_steps SET status = 'interrupted' WHERE status = 'running'
       AND run_id NOT IN (SELECT id FROM runs WHERE waiting_json IS NOT NULL)`,
  );
  const reopenRun = db.prepare(
    "UPDATE runs SET status = 'running', ended_at = NULL WHERE id = ? AND status = 'interrupted'",
  );
  const updateState = db.prepare('UPDATE runs SET state_json = ? WHERE id = ?');
  const selectState = db.prepare<[string], { state_json: string | null }>(
    'SELECT state_json FROM runs WHERE id = ?',
  );
  const updateWaiting = db.prepare('UPDATE runs SET waiting_json = ? WHERE id = ?');
  const selectWaiting = db.prepare<[string], { waiting_json: string | null }>(
    'SELECT waiting_json FROM runs WHERE id = ?',
  );
  const selectRun = db.prepare<[string], RunRow>(`SELECT ${runColumns} FROM runs WHERE id = ?`);
  const selectSteps = db.prepare<[string], StepRow>(
    'SELECT * FROM run_steps WHERE run_id = ? ORDER BY started_at, step_index',
  );
  const selectEvents = db.prepare<[string], { data: string }>(
    'SELECT data FROM run_events WHERE run_id = ? ORDER BY seq',
  );
  const deleteRun = db.prepare('DELETE FROM runs WHERE id = ?');
  // one pass over the (skill_id, started_at) index; the editor's tries are not uses of the skill
  const selectUsage = db.prepare<[], SkillUsage>(
    `SELECT skill_id AS skillId, count(*) AS runs, max(started_at) AS lastRunAt FROM runs
       WHERE is_try = 0 GROUP BY skill_id`,
  );

  const together = db.transaction((writes: () => void) => writes());
  const turns = createRunTurns(db);
  const repo: RunRepo = {
    ...turns,
    create: (r) =>
      void insertRun.run(
        r.id,
        r.skillId,
        r.mode,
        r.input,
        'running',
        r.startedAt,
        r.retryOf ?? null,
        r.isTry ? 1 : 0,
      ),
    setModel: (runId, provider, model) => void updateModel.run(provider, model, runId),
    finish: (runId, e) => {
      updateWaiting.run(null, runId);
      finishRun.run(
        e.status,
        e.output,
        e.outputTool,
        e.error,
        e.usage.inputTokens,
        e.usage.outputTokens,
        e.endedAt,
        runId,
      );
    },
    saveState: (runId, state) => void updateState.run(JSON.stringify(state), runId),
    loadState(runId) {
      const json = selectState.get(runId)?.state_json;
      return json ? (JSON.parse(json) as unknown) : undefined;
    },
    setWaiting: (runId, pending) =>
      void updateWaiting.run(pending === null ? null : JSON.stringify(pending), runId),
    waitingOn(runId) {
      const json = selectWaiting.get(runId)?.waiting_json;
      return json ? (JSON.parse(json) as unknown) : undefined;
    },
    startStep: (runId, s) => void insertStep.run(runId, s.stepId, s.name, s.index, s.startedAt),
    finishStep: (runId, stepId, e) => {
      // A skipped step never started: give it a row first.
      if (e.status === 'skipped') insertSkippedStep.run(runId, stepId, stepId, -1, e.endedAt);
      finishStep.run(e.status, e.output, e.error, e.attempts, e.endedAt, runId, stepId);
    },
    setStepQuality: (runId, stepId, scores) =>
      void updateStepQuality.run(JSON.stringify(scores), runId, stepId),
    appendEvent: (runId, seq, event) =>
      void insertEvent.run(runId, seq, Math.round(event.t), event.type, JSON.stringify(event)),
    together: (writes) => void together(writes),
    markInterrupted: db.transaction(() => {
      interruptTurns.run();
      clearTurnWaits.run();
      interruptSteps.run();
      return interruptRuns.run().changes;
    }),
    reopen: (runId) => void reopenRun.run(runId),
    list(query) {
      const { clauses: where, params: args } = optionalFilters([
        ['skill_id = ?', query.skillId],
        ...statusFilter(query.status),
        ['started_at >= ?', query.from],
        ['started_at < ?', query.to],
        ['is_try = ?', query.isTry === undefined ? undefined : Number(query.isTry)],
      ]);
      const clause = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
      const total = db
        .prepare<unknown[], { n: number }>(`SELECT count(*) AS n FROM runs ${clause}`)
        .get(...args)!.n;
      const rows = db
        .prepare<unknown[], RunRow>(
          `SELECT ${runColumns} FROM runs ${clause} ORDER BY started_at DESC, id DESC LIMIT ? OFFSET ?`,
        )
        .all(...args, query.limit, query.offset);
      return { runs: rows.map(toSummary), total };
    },
    usage: () => selectUsage.all(),
    get(runId) {
      const row = selectRun.get(runId);
      if (!row) return undefined;
      return {
        ...toSummary(row),
        steps: selectSteps.all(runId).map(toStep),
        events: selectEvents.all(runId).map((e) => RunEvent.parse(JSON.parse(e.data))),
        turns: turns.turns(runId),
        attempts: turns.attempts(row.retry_of ?? row.id),
      };
    },
    delete: (runId) => deleteRun.run(runId).changes > 0,
  };
  return repo;
}
