// A run's follow-ups (`run_turns`, migration 80) and its attempts (`runs.retry_of`): the part of the run
// repository that acting on a result added. run-repo.ts spreads these into the RunRepo.
import type { Database } from 'better-sqlite3';
import type { RunAttempt, RunStatus, RunTurn, TurnStatus } from '../../../shared/types/run';

export interface NewTurn {
  turn: number;
  message: string;
  provider: string | null;
  model: string | null;
  startedAt: number;
}

export interface TurnEnd {
  status: Exclude<TurnStatus, 'running' | 'interrupted'>;
  output: string | null;
  error: string | null;
  usage: { inputTokens: number | null; outputTokens: number | null };
  endedAt: number;
}

export interface RunTurnsRepo {
  startTurn(runId: string, turn: NewTurn): void;
  finishTurn(runId: string, turn: number, end: TurnEnd): void;
  /** The run's follow-ups, in order. */
  turns(runId: string): RunTurn[];
  /** The first attempt and its retries, oldest first (`first`: the first attempt's id). */
  attempts(first: string): RunAttempt[];
  /** The highest event sequence number stored for the run (0: none). */
  lastEventSeq(runId: string): number;
}

interface TurnRow {
  turn: number;
  message: string;
  status: string;
  output: string | null;
  error: string | null;
  provider: string | null;
  model: string | null;
  started_at: number;
  ended_at: number | null;
}

interface AttemptRow {
  id: string;
  status: string;
  waiting_json: string | null;
  provider: string | null;
  model: string | null;
  started_at: number;
}

export function createRunTurns(db: Database): RunTurnsRepo {
  const insertTurn = db.prepare(
    `INSERT INTO run_turns (run_id, turn, message, status, provider, model, started_at)
       VALUES (?, ?, ?, 'running', ?, ?, ?)`,
  );
  const updateTurn = db.prepare(
    `UPDATE run_turns SET status = ?, output = ?, error = ?, input_tokens = ?, output_tokens = ?, ended_at = ?
       WHERE run_id = ? AND turn = ?`,
  );
  const selectTurns = db.prepare<[string], TurnRow>('SELECT * FROM run_turns WHERE run_id = ? ORDER BY turn');
  const selectAttempts = db.prepare<[string, string], AttemptRow>(
    `SELECT id, status, waiting_json, provider, model, started_at FROM runs WHERE id = ? OR retry_of = ?
       ORDER BY started_at, id`,
  );
  const selectSeq = db.prepare<[string], { seq: number | null }>(
    'SELECT max(seq) AS seq FROM run_events WHERE run_id = ?',
  );
  return {
    startTurn: (runId, t) => void insertTurn.run(runId, t.turn, t.message, t.provider, t.model, t.startedAt),
    finishTurn: (runId, turn, e) =>
      void updateTurn.run(
        e.status,
        e.output,
        e.error,
        e.usage.inputTokens,
        e.usage.outputTokens,
        e.endedAt,
        runId,
        turn,
      ),
    turns: (runId) =>
      selectTurns.all(runId).map((r) => ({
        turn: r.turn,
        message: r.message,
        status: r.status as TurnStatus,
        output: r.output,
        error: r.error,
        provider: r.provider,
        model: r.model,
        startedAt: r.started_at,
        endedAt: r.ended_at,
      })),
    attempts: (first) =>
      selectAttempts.all(first, first).map((r) => ({
        id: r.id,
        status: (r.status === 'running' && r.waiting_json !== null ? 'waiting' : r.status) as RunStatus,
        provider: r.provider,
        model: r.model,
        startedAt: r.started_at,
      })),
    lastEventSeq: (runId) => selectSeq.get(runId)?.seq ?? 0,
  };
}
