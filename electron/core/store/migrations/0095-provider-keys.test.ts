import { describe, expect, it } from 'vitest';
import { migrate } from '../db';
import { createProviderKeyRepo } from '../provider-keys';
import { migrations } from './index';
import { databaseAt } from './test-support';

describe('migration 0095: provider keys', () => {
  const upTo95 = () => {
    const db = databaseAt(85);
    db.prepare(
      "INSERT INTO providers (id, kind, name, created_at, updated_at) VALUES ('p1', 'openai', 'work', 1, 1)",
    ).run();
    migrate(db, migrations, 95);
    return db;
  };

  it('adds the table (no key column: only where the secret store keeps each key), keeping the providers', () => {
    const db = upTo95();
    expect(db.pragma('user_version', { simple: true })).toBe(95);
    const columns = db.prepare<[], { name: string }>("PRAGMA table_info('provider_keys')").all();
    expect(columns.map((c) => c.name)).toEqual([
      'id',
      'provider_id',
      'label',
      'secret_name',
      'position',
      'invalid_status',
      'invalid_reason',
      'invalid_at',
      'created_at',
      'updated_at',
    ]);
    expect(db.prepare('SELECT id FROM providers').all()).toEqual([{ id: 'p1' }]);
  });

  it('refuses a second label of the same provider (any case), a key of no provider, a half-kept refusal', () => {
    const db = upTo95();
    const insert = (
      id: string,
      provider: string,
      label: string,
      status: number | null = null,
      at: number | null = null,
    ) =>
      db
        .prepare(
          'INSERT INTO provider_keys (id, provider_id, label, secret_name, position, invalid_status, invalid_at, created_at, updated_at) VALUES (?, ?, ?, ?, 1, ?, ?, 1, 1)',
        )
        .run(id, provider, label, `provider:${provider}:key:${id}`, status, at);
    insert('k1', 'p1', 'Work');
    expect(() => insert('k2', 'p1', 'work')).toThrow(/UNIQUE/);
    expect(() => insert('k3', 'nobody', 'Work')).toThrow(/FOREIGN KEY/);
    expect(() => insert('k4', 'p1', 'Other', 401, null)).toThrow(/CHECK/);
    expect(() => insert('k5', 'p1', 'Other', 200, 1)).toThrow(/CHECK/);
    db.prepare("DELETE FROM providers WHERE id = 'p1'").run();
    expect(db.prepare('SELECT count(*) AS n FROM provider_keys').get()).toEqual({ n: 0 });
  });

  it('the repo keeps order, a refusal until an edit, and ignores a second adoption of the same id', () => {
    const repo = createProviderKeyRepo(upTo95());
    repo.add('p1', { id: 'a', label: 'Work', secretName: 'provider:p1' }, 10);
    repo.add('p1', { id: 'b', label: 'Personal', secretName: 'provider:p1:key:b' }, 11);
    expect(repo.add('p1', { id: 'a', label: 'Again', secretName: 'provider:p1:key:a' }, 12)).toBeUndefined();
    expect(repo.list('p1').map((k) => [k.id, k.label, k.position])).toEqual([
      ['a', 'Work', 1],
      ['b', 'Personal', 2],
    ]);
    repo.refuse('a', { status: 401, reason: 'Incorrect API key provided.', at: 20 });
    expect(repo.get('p1', 'a')?.refused).toEqual({
      status: 401,
      reason: 'Incorrect API key provided.',
      at: 20,
    });
    repo.edit('a', 'Old work', 30);
    expect(repo.get('p1', 'a')).toMatchObject({ label: 'Old work', refused: null, updatedAt: 30 });
    expect(repo.remove('a')).toBe(true);
    repo.add('p1', { id: 'c', label: 'Team', secretName: 'provider:p1:key:c' }, 40);
    expect(repo.list('p1').map((k) => [k.id, k.position])).toEqual([
      ['b', 2],
      ['c', 3],
    ]);
  });
});
