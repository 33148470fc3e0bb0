// Test helpers for the gateway: a real provider repo over an in-memory database and an in-memory secret store.
import Database from 'better-sqlite3';
import type { SecretStorePort } from '../platform';
import { migrate } from '../store/db';
import { LATEST_SCHEMA_VERSION, migrations } from '../store/migrations';
import { createProviderKeyRepo } from '../store/provider-keys';
import { createProviderRepo, type ProviderFields, type ProviderRepo } from '../store/providers';

export function memoryProviderRepo(): ProviderRepo {
  const db = new Database(':memory:');
  migrate(db, migrations, 40);
  return createProviderRepo(db);
}

/** Providers and their pools' keys over one in-memory database at the latest schema. */
export function memoryProviderStore(db = new Database(':memory:')) {
  db.pragma('foreign_keys = ON');
  migrate(db, migrations, LATEST_SCHEMA_VERSION);
  return { db, providers: createProviderRepo(db), keys: createProviderKeyRepo(db) };
}

export function memorySecrets(): SecretStorePort & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return {
    values,
    get: async (name) => values.get(name) ?? null,
    set: async (name, value) => {
      values.set(name, value);
    },
    delete: async (name) => {
      values.delete(name);
    },
  };
}

export const providerFields = (
  overrides: Partial<ProviderFields> & Pick<ProviderFields, 'kind' | 'name'>,
): ProviderFields => ({
  baseUrl: null,
  defaultModel: null,
  knownModels: [],
  maxOutputTokens: null,
  isDefault: false,
  ...overrides,
});
