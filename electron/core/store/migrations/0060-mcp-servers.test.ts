import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../db';
import { migrations } from './index';

describe('migration 0060: mcp_servers', () => {
  const upTo60 = () => {
    const db = new Database(':memory:');
    migrate(db, migrations, 60);
    return db;
  };
  const insert = (db: Database.Database, row: Record<string, unknown>) =>
    db
      .prepare(
        `INSERT INTO mcp_servers (id, name, kind, command, args_json, env_names_json, url, created_at)
         VALUES (@id, @name, @kind, @command, @args_json, @env_names_json, @url, 1)`,
      )
      .run({ command: null, url: null, args_json: '[]', env_names_json: '[]', ...row });

  it('stamps user_version 60 and creates the table with its columns', () => {
    const db = upTo60();
    expect(db.pragma('user_version', { simple: true })).toBe(60);
    const columns = db
      .prepare<[], { name: string; type: string; notnull: number }>("PRAGMA table_info('mcp_servers')")
      .all();
    expect(columns.map((c) => [c.name, c.type, c.notnull])).toEqual([
      ['id', 'TEXT', 1],
      ['name', 'TEXT', 1],
      ['kind', 'TEXT', 1],
      ['command', 'TEXT', 0],
      ['args_json', 'TEXT', 1],
      ['env_names_json', 'TEXT', 1],
      ['url', 'TEXT', 0],
      ['enabled', 'INTEGER', 1],
      ['created_at', 'INTEGER', 1],
    ]);
  });

  it('keeps a stdio and an http row, enabled by default', () => {
    const db = upTo60();
    insert(db, { id: 'a', name: 'files', kind: 'stdio', command: 'npx', args_json: '["-y","x"]' });
    insert(db, { id: 'b', name: 'web', kind: 'http', url: 'https://example.com/mcp' });
    expect(db.prepare('SELECT * FROM mcp_servers ORDER BY id').all()).toEqual([
      {
        id: 'a',
        name: 'files',
        kind: 'stdio',
        command: 'npx',
        args_json: '["-y","x"]',
        env_names_json: '[]',
        url: null,
        enabled: 1,
        created_at: 1,
      },
      {
        id: 'b',
        name: 'web',
        kind: 'http',
        command: null,
        args_json: '[]',
        env_names_json: '[]',
        url: 'https://example.com/mcp',
        enabled: 1,
        created_at: 1,
      },
    ]);
  });

  it('rejects bad kinds, names, JSON, a stdio row without command, an http row without URL, duplicates', () => {
    const db = upTo60();
    const stdio = { kind: 'stdio', command: 'x' };
    expect(() => insert(db, { id: 'a', name: 'a', kind: 'sse', url: 'http://x' })).toThrow(/CHECK/);
    expect(() => insert(db, { id: 'a', name: 'Has Space', ...stdio })).toThrow(/CHECK/);
    expect(() => insert(db, { id: 'a', name: 'x'.repeat(41), ...stdio })).toThrow(/CHECK/);
    expect(() => insert(db, { id: 'a', name: 'a', ...stdio, args_json: '{}' })).toThrow(/CHECK/);
    expect(() => insert(db, { id: 'a', name: 'a', ...stdio, env_names_json: '{}' })).toThrow(/CHECK/);
    expect(() => insert(db, { id: 'a', name: 'a', kind: 'stdio' })).toThrow(/CHECK/);
    expect(() => insert(db, { id: 'a', name: 'a', kind: 'http' })).toThrow(/CHECK/);
    expect(() => insert(db, { id: 'a', name: 'a', kind: 'http', url: 'http://x', command: 'x' })).toThrow(
      /CHECK/,
    );
    insert(db, { id: 'a', name: 'a_b-1', ...stdio });
    expect(() => insert(db, { id: 'b', name: 'a_b-1', ...stdio })).toThrow(/UNIQUE/);
  });
});
