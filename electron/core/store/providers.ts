import type { Database } from 'better-sqlite3';
import type { ProviderKind } from '../providers/gateway';

/** A provider configuration as stored. The key is not part of it (see SecretStorePort). */
export interface ProviderRecord {
  id: string;
  kind: ProviderKind;
  name: string;
  baseUrl: string | null;
  defaultModel: string | null;
  knownModels: string[];
  maxOutputTokens: number | null;
  isDefault: boolean;
  createdAt: number;
  updatedAt: number;
}

export type ProviderFields = Omit<ProviderRecord, 'id' | 'createdAt' | 'updatedAt'>;

export interface ProviderRepo {
  list(): ProviderRecord[];
  get(id: string): ProviderRecord | undefined;
  /** Case-insensitive, as skills' `provider:` fields are written by hand. */
  getByName(name: string): ProviderRecord | undefined;
  /** The one marked default, else the oldest; undefined when none is configured. */
  getDefault(): ProviderRecord | undefined;
  /** Inserts or replaces; marking one default clears the mark on the others. */
  save(id: string, fields: ProviderFields, now: number): ProviderRecord;
  delete(id: string): boolean;
}

interface Row {
  id: string;
  kind: ProviderKind;
  name: string;
  base_url: string | null;
  default_model: string | null;
  known_models: string;
  max_output_tokens: number | null;
  is_default: number;
  created_at: number;
  updated_at: number;
}

const fromRow = (r: Row): ProviderRecord => ({
  id: r.id,
  kind: r.kind,
  name: r.name,
  baseUrl: r.base_url,
  defaultModel: r.default_model,
  knownModels: JSON.parse(r.known_models) as string[],
  maxOutputTokens: r.max_output_tokens,
  isDefault: r.is_default === 1,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export function createProviderRepo(db: Database): ProviderRepo {
  const selectAll = db.prepare<[], Row>('SELECT * FROM providers ORDER BY created_at, id');
  const selectOne = db.prepare<[string], Row>('SELECT * FROM providers WHERE id = ?');
  const selectByName = db.prepare<[string], Row>('SELECT * FROM providers WHERE lower(name) = lower(?)');
  const selectDefault = db.prepare<[], Row>(
    'SELECT * FROM providers ORDER BY is_default DESC, created_at, id LIMIT 1',
  );
  const clearDefault = db.prepare('UPDATE providers SET is_default = 0 WHERE is_default = 1 AND id <> ?');
  const upsert = db.prepare(`
    INSERT INTO providers (id, kind, name, base_url, default_model, known_models, max_output_tokens, is_default, created_at, updated_at)
    VALUES (@id, @kind, @name, @baseUrl, @defaultModel, @knownModels, @maxOutputTokens, @isDefault, @now, @now)
    ON CONFLICT (id) DO UPDATE SET
      kind = excluded.kind, name = excluded.name, base_url = excluded.base_url,
      default_model = excluded.default_model, known_models = excluded.known_models,
      max_output_tokens = excluded.max_output_tokens, is_default = excluded.is_default,
      updated_at = excluded.updated_at`);
  const remove = db.prepare('DELETE FROM providers WHERE id = ?');

  const save = db.transaction((id: string, f: ProviderFields, now: number) => {
    if (f.isDefault) clearDefault.run(id);
    upsert.run({
      id,
      kind: f.kind,
      name: f.name,
      baseUrl: f.baseUrl,
      defaultModel: f.defaultModel,
      knownModels: JSON.stringify(f.knownModels),
      maxOutputTokens: f.maxOutputTokens,
      isDefault: f.isDefault ? 1 : 0,
      now,
    });
  });

  const repo: ProviderRepo = {
    list: () => selectAll.all().map(fromRow),
    get: (id) => {
      const row = selectOne.get(id);
      return row ? fromRow(row) : undefined;
    },
    getByName: (name) => {
      const row = selectByName.get(name);
      return row ? fromRow(row) : undefined;
    },
    getDefault: () => {
      const row = selectDefault.get();
      return row ? fromRow(row) : undefined;
    },
    save: (id, fields, now) => {
      save(id, fields, now);
      return repo.get(id)!;
    },
    delete: (id) => remove.run(id).changes > 0,
  };
  return repo;
}
