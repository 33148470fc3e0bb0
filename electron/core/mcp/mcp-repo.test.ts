import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../store/db';
import { migrations } from '../store/migrations';
import { createMcpServerRepo } from './mcp-repo';

const repoOnNewDb = () => {
  const db = new Database(':memory:');
  migrate(db, migrations, migrations.at(-1)!.version);
  return createMcpServerRepo(db);
};

describe('McpServerRepo', () => {
  it('saves, reads back, replaces (keeping createdAt), finds by name and deletes', () => {
    const repo = repoOnNewDb();
    const stdio = repo.save(
      's1',
      {
        name: 'files',
        kind: 'stdio',
        command: 'node',
        args: ['srv.mjs', '--x'],
        envNames: ['A'],
        enabled: true,
      },
      10,
    );
    expect(stdio).toEqual({
      id: 's1',
      name: 'files',
      kind: 'stdio',
      command: 'node',
      args: ['srv.mjs', '--x'],
      envNames: ['A'],
      enabled: true,
      createdAt: 10,
    });
    repo.save('h1', { name: 'web', kind: 'http', url: 'http://127.0.0.1:1/mcp', enabled: false }, 20);
    expect(repo.getByName('web')).toEqual({
      id: 'h1',
      name: 'web',
      kind: 'http',
      url: 'http://127.0.0.1:1/mcp',
      enabled: false,
      createdAt: 20,
    });
    // a stdio server turned into an http one drops its command, args and env
    const replaced = repo.save(
      's1',
      { name: 'files2', kind: 'http', url: 'https://x.test/', enabled: true },
      30,
    );
    expect(replaced).toEqual({
      id: 's1',
      name: 'files2',
      kind: 'http',
      url: 'https://x.test/',
      enabled: true,
      createdAt: 10,
    });
    expect(repo.list().map((s) => s.id)).toEqual(['s1', 'h1']);
    expect(repo.delete('s1')).toBe(true);
    expect(repo.delete('s1')).toBe(false);
    expect(repo.get('s1')).toBeUndefined();
    expect(repo.getByName('nope')).toBeUndefined();
  });
});
