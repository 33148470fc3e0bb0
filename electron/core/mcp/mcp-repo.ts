import type { Database } from 'better-sqlite3';
import type { McpServer } from '../../../shared/types/mcp';

/** A server's settings without its identity (per kind: Omit over a union would merge the kinds). */
export type McpServerFields = McpServer extends infer T
  ? T extends McpServer
    ? Omit<T, 'id' | 'createdAt'>
    : never
  : never;

/** Configured MCP servers (migration 60; `env_names_json` holds the variables' names, their values are secrets). */
export interface McpServerRepo {
  /** Oldest first. */
  list(): McpServer[];
  get(id: string): McpServer | undefined;
  getByName(name: string): McpServer | undefined;
  /** Inserts or replaces; a replaced server keeps its `createdAt`. */
  save(id: string, fields: McpServerFields, now: number): McpServer;
  delete(id: string): boolean;
}

interface Row {
  id: string;
  name: string;
  kind: 'stdio' | 'http';
  command: string | null;
  args_json: string;
  env_names_json: string;
  url: string | null;
  enabled: number;
  created_at: number;
}

const fromRow = (r: Row): McpServer => {
  const common = { id: r.id, name: r.name, enabled: r.enabled === 1, createdAt: r.created_at };
  return r.kind === 'stdio'
    ? {
        ...common,
        kind: 'stdio',
        command: r.command!,
        args: JSON.parse(r.args_json) as string[],
        envNames: JSON.parse(r.env_names_json) as string[],
      }
    : { ...common, kind: 'http', url: r.url! };
};

export function createMcpServerRepo(db: Database): McpServerRepo {
  const selectAll = db.prepare<[], Row>('SELECT * FROM mcp_servers ORDER BY created_at, id');
  const selectOne = db.prepare<[string], Row>('SELECT * FROM mcp_servers WHERE id = ?');
  const selectByName = db.prepare<[string], Row>('SELECT * FROM mcp_servers WHERE name = ?');
  const upsert = db.prepare(`
    INSERT INTO mcp_servers (id, name, kind, command, args_json, env_names_json, url, enabled, created_at)
    VALUES (@id, @name, @kind, @command, @args, @envNames, @url, @enabled, @now)
    ON CONFLICT (id) DO UPDATE SET
      name = excluded.name, kind = excluded.kind, command = excluded.command, args_json = excluded.args_json,
      env_names_json = excluded.env_names_json, url = excluded.url, enabled = excluded.enabled`);
  const remove = db.prepare('DELETE FROM mcp_servers WHERE id = ?');
  const one = (row: Row | undefined) => (row ? fromRow(row) : undefined);

  const repo: McpServerRepo = {
    list: () => selectAll.all().map(fromRow),
    get: (id) => one(selectOne.get(id)),
    getByName: (name) => one(selectByName.get(name)),
    save: (id, f, now) => {
      upsert.run({
        id,
        name: f.name,
        kind: f.kind,
        command: f.kind === 'stdio' ? f.command : null,
        args: JSON.stringify(f.kind === 'stdio' ? f.args : []),
        envNames: JSON.stringify(f.kind === 'stdio' ? f.envNames : []),
        url: f.kind === 'http' ? f.url : null,
        enabled: f.enabled ? 1 : 0,
        now,
      });
      return repo.get(id)!;
    },
    delete: (id) => remove.run(id).changes > 0,
  };
  return repo;
}
