import type { Migration } from './types';

/**
 * A run started from the editor's "Try it" ran an unsaved draft of its skill, not the file: history marks
 * it (and can leave tries out or show only them).
 */
export const migration0085: Migration = {
  version: 85,
  name: 'run-try',
  up(db) {
    db.exec(`ALTER TABLE runs ADD COLUMN is_try INTEGER NOT NULL DEFAULT 0 CHECK (is_try IN (0, 1));`);
  },
};
