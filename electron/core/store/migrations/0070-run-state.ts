import type { Migration } from './types';

/**
 * Agent and autonomous runs keep their state (conversation, pending tool calls, autonomous state) so a run
 * waiting on the user survives a restart. A waiting run stays `running` in `status` (the column's CHECK
 * cannot be widened without rebuilding the table, which would cascade-delete its steps and events) and
 * has `waiting_json` set: the repository reports it as `waiting`, and a restart does not interrupt it.
 */
export const migration0070: Migration = {
  version: 70,
  name: 'run-state',
  up(db) {
    db.exec(`
      ALTER TABLE runs ADD COLUMN state_json TEXT;
      ALTER TABLE runs ADD COLUMN waiting_json TEXT;
      CREATE INDEX runs_waiting ON runs (started_at) WHERE waiting_json IS NOT NULL;
    `);
  },
};
