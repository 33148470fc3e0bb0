import type { Migration } from './types';

/**
 * Model provider configurations. The API key is never here: it lives in the SecretStore port
 * (`provider:<id>`), so this file can be copied or backed up without leaking it.
 */
export const migration0040: Migration = {
  version: 40,
  name: 'providers',
  up(db) {
    db.exec(`
      CREATE TABLE providers (
        id TEXT PRIMARY KEY NOT NULL CHECK (length(id) BETWEEN 1 AND 64),
        kind TEXT NOT NULL CHECK (kind IN ('openai', 'anthropic', 'openai-compatible')),
        name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 64),
        base_url TEXT CHECK (base_url IS NULL OR length(base_url) BETWEEN 1 AND 2048),
        default_model TEXT CHECK (default_model IS NULL OR length(default_model) BETWEEN 1 AND 256),
        known_models TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(known_models) AND json_type(known_models) = 'array'),
        max_output_tokens INTEGER CHECK (max_output_tokens IS NULL OR max_output_tokens BETWEEN 1 AND 1000000),
        is_default INTEGER NOT NULL DEFAULT 0 CHECK (is_default IN (0, 1)),
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;
      CREATE UNIQUE INDEX providers_name ON providers (lower(name));
      CREATE UNIQUE INDEX providers_one_default ON providers (is_default) WHERE is_default = 1;
    `);
  },
};
