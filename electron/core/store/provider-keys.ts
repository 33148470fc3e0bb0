import type { Database } from 'better-sqlite3';

/** Why the provider refused a key (401/403): kept until the key is edited. */
export interface KeyRefusal {
  status: number;
  /** The provider's own words, the key masked. */
  reason: string;
  at: number;
}

/** One key of a provider's pool as stored: never the key itself, only where the SecretStore keeps it. */
export interface ProviderKeyRecord {
  id: string;
  providerId: string;
  label: string;
  secretName: string;
  position: number;
  refused: KeyRefusal | null;
  createdAt: number;
  updatedAt: number;
}

export interface ProviderKeyRepo {
  /** A provider's keys in the order they were added. */
  list(providerId: string): ProviderKeyRecord[];
  get(providerId: string, id: string): ProviderKeyRecord | undefined;
  /** Appends a key; false when the provider already holds one under this id (an adoption raced). */
  add(
    providerId: string,
    key: { id: string; label: string; secretName: string },
    now: number,
  ): ProviderKeyRecord | undefined;
  /** An edit: a new label (when given) and the refusal cleared, so the key is tried again. */
  edit(id: string, label: string | undefined, now: number): void;
  refuse(id: string, refusal: KeyRefusal): void;
  remove(id: string): boolean;
}

interface Row {
  id: string;
  provider_id: string;
  label: string;
  secret_name: string;
  position: number;
  invalid_status: number | null;
  invalid_reason: string | null;
  invalid_at: number | null;
  created_at: number;
  updated_at: number;
}

const fromRow = (r: Row): ProviderKeyRecord => ({
  id: r.id,
  providerId: r.provider_id,
  label: r.label,
  secretName: r.secret_name,
  position: r.position,
  refused:
    r.invalid_status === null
      ? null
      : { status: r.invalid_status, reason: r.invalid_reason ?? '', at: r.invalid_at ?? 0 },
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export function createProviderKeyRepo(db: Database): ProviderKeyRepo {
  const selectAll = db.prepare<[string], Row>(
    'SELECT * FROM provider_keys WHERE provider_id = ? ORDER BY position, created_at, id',
  );
  const selectOne = db.prepare<[string, string], Row>(
    'SELECT * FROM provider_keys WHERE provider_id = ? AND id = ?',
  );
  const insert = db.prepare(`
    INSERT OR IGNORE INTO provider_keys (id, provider_id, label, secret_name, position, created_at, updated_at)
    VALUES (@id, @providerId, @label, @secretName,
      (SELECT coalesce(max(position), 0) + 1 FROM provider_keys WHERE provider_id = @providerId), @now, @now)`);
  const update = db.prepare(`
    UPDATE provider_keys SET label = coalesce(@label, label), invalid_status = NULL, invalid_reason = NULL,
      invalid_at = NULL, updated_at = @now WHERE id = @id`);
  const markRefused = db.prepare(
    'UPDATE provider_keys SET invalid_status = @status, invalid_reason = @reason, invalid_at = @at WHERE id = @id',
  );
  const remove = db.prepare('DELETE FROM provider_keys WHERE id = ?');

  return {
    list: (providerId) => selectAll.all(providerId).map(fromRow),
    get: (providerId, id) => {
      const row = selectOne.get(providerId, id);
      return row ? fromRow(row) : undefined;
    },
    add: (providerId, key, now) => {
      if (insert.run({ ...key, providerId, now }).changes === 0) return undefined;
      return fromRow(selectOne.get(providerId, key.id)!);
    },
    edit: (id, label, now) => void update.run({ id, label: label ?? null, now }),
    refuse: (id, refusal) => void markRefused.run({ id, ...refusal, reason: refusal.reason.slice(0, 500) }),
    remove: (id) => remove.run(id).changes > 0,
  };
}
