import type { Migration } from './types';

/**
 * A provider's pool of API keys: each key's label, order and whether the provider refused it (401/403:
 * not used again until the user edits it). The key itself is never here — `secret_name` names where the
 * SecretStore port keeps it — so this file can be copied or backed up without leaking one. A provider
 * saved before pools keeps its single key under `provider:<id>`; the pool adopts it as "Key 1" the first
 * time it is read (the secret store is not reachable from a migration).
 */
export const migration0095: Migration = {
  version: 95,
  name: 'provider-keys',
  up(db) {
    db.exec(`
      CREATE TABLE provider_keys (
        id TEXT PRIMARY KEY NOT NULL CHECK (length(id) BETWEEN 1 AND 64),
        provider_id TEXT NOT NULL REFERENCES providers (id) ON DELETE CASCADE,
        label TEXT NOT NULL CHECK (length(label) BETWEEN 1 AND 64),
        secret_name TEXT NOT NULL UNIQUE CHECK (length(secret_name) BETWEEN 1 AND 200),
        position INTEGER NOT NULL,
        invalid_status INTEGER CHECK (invalid_status IS NULL OR invalid_status BETWEEN 400 AND 499),
        invalid_reason TEXT CHECK (invalid_reason IS NULL OR length(invalid_reason) <= 500),
        invalid_at INTEGER,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        CHECK ((invalid_status IS NULL) = (invalid_at IS NULL))
      ) STRICT;
      CREATE UNIQUE INDEX provider_keys_label ON provider_keys (provider_id, lower(label));
      CREATE INDEX provider_keys_order ON provider_keys (provider_id, position);
    `);
  },
};
