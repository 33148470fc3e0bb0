import type { Migration } from './types';

/**
 * A step with a quality check keeps the judge's verdicts on its answers (a JSON array of
 * `{attempt, score, reason, passed, threshold}`); NULL for a step without one.
 */
export const migration0090: Migration = {
  version: 90,
  name: 'step-quality',
  up(db) {
    db.exec(
      `ALTER TABLE run_steps ADD COLUMN quality_json TEXT CHECK (quality_json IS NULL OR json_valid(quality_json));`,
    );
  },
};
