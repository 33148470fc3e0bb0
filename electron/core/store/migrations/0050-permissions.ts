import type { Migration } from './types';

/**
 * Permission rules (global when `skill_id` is NULL, else one skill's), the audit of every decision, and a
 * key/value settings table (the permission mode lives there as `permissions.mode`).
 */
export const migration0050: Migration = {
  version: 50,
  name: 'permissions',
  up(db) {
    db.exec(`
      CREATE TABLE permission_rules (
        id INTEGER PRIMARY KEY,
        skill_id TEXT CHECK (skill_id IS NULL OR length(skill_id) BETWEEN 1 AND 256),
        list TEXT NOT NULL CHECK (list IN ('allow', 'ask', 'deny')),
        rule TEXT NOT NULL CHECK (length(rule) BETWEEN 1 AND 4096),
        created_at INTEGER NOT NULL
      ) STRICT;
      -- NULLs are distinct in a UNIQUE constraint, so global rules are made unique through COALESCE.
      CREATE UNIQUE INDEX permission_rules_unique ON permission_rules (COALESCE(skill_id, ''), list, rule);

      CREATE TABLE permission_audit (
        id INTEGER PRIMARY KEY,
        run_id TEXT NOT NULL,
        skill_id TEXT NOT NULL,
        tool TEXT NOT NULL,
        input_json TEXT NOT NULL CHECK (length(input_json) <= 10000),
        decision TEXT NOT NULL CHECK (decision IN ('allow', 'deny', 'ask')),
        source TEXT NOT NULL CHECK (source IN ('rule', 'mode', 'user', 'timeout', 'run-grant')),
        rule TEXT,
        reason TEXT NOT NULL,
        at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX permission_audit_run ON permission_audit (run_id, id);

      CREATE TABLE settings (
        key TEXT PRIMARY KEY NOT NULL CHECK (length(key) BETWEEN 1 AND 256),
        value_json TEXT NOT NULL CHECK (json_valid(value_json))
      ) STRICT;
    `);
  },
};
