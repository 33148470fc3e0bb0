import type { Migration } from './types';

/**
 * Acting on a result. A retry is a new run that remembers the first attempt it tries again
 * (`runs.retry_of`: the first attempt's id, not a foreign key, so the other attempts stay together when
 * the first is deleted). A follow-up is a turn of the run (`run_turns`): the message sent, its answer, the
 * model that gave it; the turn's events go to `run_events` with the run's.
 */
export const migration0080: Migration = {
  version: 80,
  name: 'retries-and-turns',
  up(db) {
    db.exec(`
      ALTER TABLE runs ADD COLUMN retry_of TEXT;
      CREATE INDEX runs_retry_of ON runs (retry_of) WHERE retry_of IS NOT NULL;

      CREATE TABLE run_turns (
        run_id TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
        turn INTEGER NOT NULL CHECK (turn >= 1),
        message TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('running', 'succeeded', 'failed', 'cancelled', 'interrupted')),
        output TEXT,
        error TEXT,
        provider TEXT,
        model TEXT,
        input_tokens INTEGER,
        output_tokens INTEGER,
        started_at INTEGER NOT NULL,
        ended_at INTEGER,
        PRIMARY KEY (run_id, turn)
      ) STRICT, WITHOUT ROWID;
    `);
  },
};
