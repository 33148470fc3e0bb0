import type { Migration } from './types';

/**
 * Run history: one row per run, one per step (prompt mode has one step, phases one per phase), and every
 * event as it happened (tokens batched), so a run cut off by a crash keeps what it streamed.
 */
export const migration0020: Migration = {
  version: 20,
  name: 'runs',
  up(db) {
    db.exec(`
      CREATE TABLE runs (
        id TEXT PRIMARY KEY NOT NULL,
        skill_id TEXT NOT NULL,
        mode TEXT NOT NULL,
        provider TEXT,
        model TEXT,
        input TEXT NOT NULL DEFAULT '',
        status TEXT NOT NULL CHECK (status IN ('running', 'succeeded', 'failed', 'cancelled', 'interrupted')),
        output TEXT,
        output_tool TEXT,
        error TEXT,
        input_tokens INTEGER,
        output_tokens INTEGER,
        started_at INTEGER NOT NULL,
        ended_at INTEGER,
        CHECK ((status = 'running') = (ended_at IS NULL) OR status = 'interrupted')
      ) STRICT;
      CREATE INDEX runs_started ON runs (started_at DESC);
      CREATE INDEX runs_skill ON runs (skill_id, started_at DESC);
      CREATE INDEX runs_status ON runs (status) WHERE status = 'running';

      CREATE TABLE run_steps (
        run_id TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
        step_id TEXT NOT NULL,
        name TEXT NOT NULL,
        step_index INTEGER NOT NULL,
        status TEXT NOT NULL
          CHECK (status IN ('running', 'succeeded', 'failed', 'skipped', 'cancelled', 'interrupted')),
        output TEXT,
        error TEXT,
        attempts INTEGER NOT NULL DEFAULT 0,
        started_at INTEGER NOT NULL,
        ended_at INTEGER,
        PRIMARY KEY (run_id, step_id)
      ) STRICT, WITHOUT ROWID;

      CREATE TABLE run_events (
        run_id TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        t INTEGER NOT NULL,
        type TEXT NOT NULL,
        data TEXT NOT NULL CHECK (json_valid(data)),
        PRIMARY KEY (run_id, seq)
      ) STRICT, WITHOUT ROWID;
    `);
  },
};
