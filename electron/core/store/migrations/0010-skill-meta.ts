import type { Migration } from './types';

/** UI metadata of skills: never in SKILL.md, keyed by the skill id (its folder name). */
export const migration0010: Migration = {
  version: 10,
  name: 'skill-meta',
  up(db) {
    db.exec(`
      CREATE TABLE skill_meta (
        skill_id TEXT PRIMARY KEY NOT NULL CHECK (length(skill_id) BETWEEN 1 AND 200),
        emoji TEXT CHECK (emoji IS NULL OR length(emoji) BETWEEN 1 AND 16),
        color TEXT CHECK (color IS NULL OR (length(color) = 7 AND color GLOB '#[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]')),
        hotkey_accelerator TEXT,
        hotkey_display TEXT,
        enabled INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1)),
        sort_order INTEGER NOT NULL DEFAULT 0,
        builtin INTEGER NOT NULL DEFAULT 0 CHECK (builtin IN (0, 1)),
        updated_at INTEGER NOT NULL,
        CHECK ((hotkey_accelerator IS NULL) = (hotkey_display IS NULL))
      ) STRICT;
      CREATE UNIQUE INDEX skill_meta_hotkey ON skill_meta (lower(hotkey_accelerator))
        WHERE hotkey_accelerator IS NOT NULL;
    `);
  },
};
