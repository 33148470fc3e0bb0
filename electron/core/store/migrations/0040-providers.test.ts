import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../db';
import { createProviderRepo } from '../providers';
import { migrations } from './index';

describe('migration 0040: providers', () => {
  const upTo40 = () => {
    const db = new Database(':memory:');
    migrate(db, migrations, 40);
    return db;
  };

  it('stamps user_version 40 and creates the table with its columns (and no key column)', () => {
    const db = upTo40();
    expect(db.pragma('user_version', { simple: true })).toBe(40);
    const columns = db
      .prepare<[], { name: string; type: string; notnull: number }>("PRAGMA table_info('providers')")
      .all();
    expect(columns.map((c) => [c.name, c.type, c.notnull])).toEqual([
      ['id', 'TEXT', 1],
      ['kind', 'TEXT', 1],
      ['name', 'TEXT', 1],
      ['base_url', 'TEXT', 0],
      ['default_model', 'TEXT', 0],
      ['known_models', 'TEXT', 1],
      ['max_output_tokens', 'INTEGER', 0],
      ['is_default', 'INTEGER', 1],
      ['created_at', 'INTEGER', 1],
      ['updated_at', 'INTEGER', 1],
    ]);
  });

  it('keeps a row with its defaults', () => {
    const db = upTo40();
    db.prepare(
      "INSERT INTO providers (id, kind, name, created_at, updated_at) VALUES ('p1', 'openai', 'OpenAI', 1, 2)",
    ).run();
    expect(db.prepare('SELECT * FROM providers').get()).toEqual({
      id: 'p1',
      kind: 'openai',
      name: 'OpenAI',
      base_url: null,
      default_model: null,
      known_models: '[]',
      max_output_tokens: null,
      is_default: 0,
      created_at: 1,
      updated_at: 2,
    });
  });

  it('rejects unknown kinds, bad model lists, duplicate names and two defaults', () => {
    const db = upTo40();
    const insert = (id: string, kind: string, name: string, knownModels = '[]', isDefault = 0) =>
      db
        .prepare(
          'INSERT INTO providers (id, kind, name, known_models, is_default, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 1, 1)',
        )
        .run(id, kind, name, knownModels, isDefault);
    expect(() => insert('a', 'gemini', 'g')).toThrow(/CHECK/);
    expect(() => insert('a', 'openai', 'o', '{"a":1}')).toThrow(/CHECK/);
    expect(() => insert('a', 'openai', 'o', 'not json')).toThrow(/CHECK|malformed/);
    insert('a', 'openai', 'Local', '[]', 1);
    expect(() => insert('b', 'anthropic', 'local')).toThrow(/UNIQUE/);
    expect(() => insert('b', 'anthropic', 'other', '[]', 1)).toThrow(/UNIQUE/);
  });

  it('the repo moves the default mark and finds providers by name case-insensitively', () => {
    const repo = createProviderRepo(upTo40());
    const fields = {
      kind: 'openai-compatible' as const,
      baseUrl: 'http://127.0.0.1:1234/v1',
      defaultModel: 'm',
      knownModels: ['m', 'n'],
      maxOutputTokens: 1024,
      isDefault: true,
    };
    repo.save('a', { ...fields, name: 'lmstudio' }, 1);
    repo.save('b', { ...fields, name: 'Ollama' }, 2);
    expect(repo.getDefault()?.id).toBe('b');
    expect(repo.get('a')?.isDefault).toBe(false);
    expect(repo.getByName('ollama')).toMatchObject({ id: 'b', knownModels: ['m', 'n'], createdAt: 2 });
    repo.save('b', { ...fields, name: 'Ollama', isDefault: false }, 3);
    expect(repo.getDefault()?.id).toBe('a'); // none marked: the oldest
    expect(repo.get('b')).toMatchObject({ createdAt: 2, updatedAt: 3 });
    expect(repo.delete('b')).toBe(true);
    expect(repo.delete('b')).toBe(false);
    expect(repo.list().map((p) => p.id)).toEqual(['a']);
  });
});
