import type { Migration } from './types';

/**
 * Memos (the save_memo output tool) with full-text search.
 *
 * The FTS index uses the `trigram` tokenizer: it matches any substring of 3+ characters, so Chinese and
 * Japanese text (no spaces between words, which `unicode61` would keep as one huge token) is searchable,
 * and `remove_diacritics 1` (SQLite ≥ 3.45) lets "cafe" find "café". Shorter terms are matched with LIKE
 * by the repo (electron/core/memos/memo-repo.ts). External content: the text is stored once, in `memos`;
 * triggers keep the index in step. `id INTEGER PRIMARY KEY` so the rowid the index points at never changes.
 * `run_id` has no foreign key: a memo outlives the run history it came from.
 */
export const migration0030: Migration = {
  version: 30,
  name: 'memos',
  up(db) {
    db.exec(`
      CREATE TABLE memos (
        id INTEGER PRIMARY KEY,
        skill_id TEXT NOT NULL,
        run_id TEXT,
        title TEXT NOT NULL DEFAULT '',
        text TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX memos_by_created ON memos (created_at DESC, id DESC);
      CREATE INDEX memos_by_skill ON memos (skill_id, created_at DESC, id DESC);

      CREATE VIRTUAL TABLE memos_fts USING fts5(
        title, text,
        content = 'memos', content_rowid = 'id',
        tokenize = 'trigram remove_diacritics 1'
      );
      CREATE TRIGGER memos_fts_insert AFTER INSERT ON memos BEGIN
        INSERT INTO memos_fts (rowid, title, text) VALUES (new.id, new.title, new.text);
      END;
      CREATE TRIGGER memos_fts_delete AFTER DELETE ON memos BEGIN
        INSERT INTO memos_fts (memos_fts, rowid, title, text) VALUES ('delete', old.id, old.title, old.text);
      END;
      CREATE TRIGGER memos_fts_update AFTER UPDATE OF title, text ON memos BEGIN
        INSERT INTO memos_fts (memos_fts, rowid, title, text) VALUES ('delete', old.id, old.title, old.text);
        INSERT INTO memos_fts (rowid, title, text) VALUES (new.id, new.title, new.text);
      END;
    `);
  },
};
