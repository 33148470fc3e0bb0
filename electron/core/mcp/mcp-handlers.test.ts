import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../shared/ipc/result';
import { migrate } from '../store/db';
import { migrations } from '../store/migrations';
import { createMcpHandlers, mcpChannels } from './mcp-handlers';
import { createMcpServerRepo } from './mcp-repo';
import { memorySecrets } from '../providers/test-support';
import type { McpChannel } from '../../../shared/types/mcp';

function setup() {
  const db = new Database(':memory:');
  migrate(db, migrations, migrations.at(-1)!.version);
  let t = 100;
  const changes: number[] = [];
  const secrets = memorySecrets();
  const handlers = createMcpHandlers({
    repo: createMcpServerRepo(db),
    secrets,
    now: () => t++,
    onChange: (servers) => changes.push(servers.length),
  });
  /** As dispatch does: input parsed by the channel's schema, output checked against it. */
  const invoke = async (channel: McpChannel, input: unknown) => {
    const parsed = mcpChannels[channel].input.safeParse(input);
    if (!parsed.success)
      return { error: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) };
    const output = await (handlers[channel] as (i: unknown) => unknown)(parsed.data);
    return { value: mcpChannels[channel].output.parse(output) };
  };
  return { handlers, invoke, changes, secrets, db };
}

describe('mcp:* handlers', () => {
  it('saves a stdio and an http server, lists them, updates, deletes', async () => {
    const { invoke, changes } = setup();
    const stdio = await invoke('mcp:save', {
      name: 'files',
      kind: 'stdio',
      command: 'node',
      args: ['s.mjs'],
    });
    expect(stdio.value).toMatchObject({
      name: 'files',
      kind: 'stdio',
      args: ['s.mjs'],
      envNames: [],
      enabled: true,
    });
    const http = await invoke('mcp:save', {
      name: 'web',
      kind: 'http',
      url: 'https://x.test/mcp',
      enabled: false,
    });
    expect(http.value).toMatchObject({ kind: 'http', url: 'https://x.test/mcp', enabled: false });
    const id = (stdio.value as { id: string }).id;
    // enabled stays as it was when not given
    await invoke('mcp:save', {
      id: (http.value as { id: string }).id,
      name: 'web',
      kind: 'http',
      url: 'http://h/',
    });
    const list = (await invoke('mcp:list', undefined)).value as { name: string; enabled: boolean }[];
    expect(list.map((s) => [s.name, s.enabled])).toEqual([
      ['files', true],
      ['web', false],
    ]);
    expect((await invoke('mcp:delete', { id })).value).toEqual({ id });
    expect(((await invoke('mcp:list', undefined)).value as unknown[]).length).toBe(1);
    expect(changes).toEqual([1, 2, 2, 1]);
  });

  it('keeps environment values in the secret store: listed by name only, never in SQLite', async () => {
    const { invoke, secrets, db } = setup();
    const TOKEN = 'ghp_secret_value_123';
    const saved = await invoke('mcp:save', {
      name: 'gh',
      kind: 'stdio',
      command: 'gh-mcp',
      env: { GH_TOKEN: TOKEN },
    });
    const id = (saved.value as { id: string }).id;
    expect(saved.value).toMatchObject({ envNames: ['GH_TOKEN'] });
    expect(JSON.stringify(saved.value)).not.toContain(TOKEN);
    expect(JSON.stringify((await invoke('mcp:list', undefined)).value)).not.toContain(TOKEN);
    expect(JSON.stringify(db.prepare('SELECT * FROM mcp_servers').all())).not.toContain(TOKEN);
    expect(JSON.parse((await secrets.get(`mcp-env:${id}`))!)).toEqual({ GH_TOKEN: TOKEN });
    // saved again without env: the values stay
    await invoke('mcp:save', { id, name: 'gh', kind: 'stdio', command: 'gh-mcp2' });
    expect(JSON.parse((await secrets.get(`mcp-env:${id}`))!)).toEqual({ GH_TOKEN: TOKEN });
    expect(((await invoke('mcp:list', undefined)).value as { envNames: string[] }[])[0]!.envNames).toEqual([
      'GH_TOKEN',
    ]);
    await invoke('mcp:delete', { id });
    expect(await secrets.get(`mcp-env:${id}`)).toBeNull();
  });

  it('refuses bad names, a stdio server without command, a non-http URL, unknown fields', async () => {
    const { invoke } = setup();
    expect((await invoke('mcp:save', { name: 'Bad Name', kind: 'stdio', command: 'x' })).error).toEqual([
      'name: use 1 to 40 lowercase letters, digits, `_` or `-`',
    ]);
    expect((await invoke('mcp:save', { name: 'a', kind: 'stdio', command: '  ' })).error).toEqual([
      'command: a stdio server needs a command',
    ]);
    expect((await invoke('mcp:save', { name: 'a', kind: 'stdio' })).error?.[0]).toMatch(/^command:/);
    expect((await invoke('mcp:save', { name: 'a', kind: 'http', url: 'file:///etc/passwd' })).error).toEqual([
      'url: an http:// or https:// URL',
    ]);
    expect((await invoke('mcp:save', { name: 'a', kind: 'http', url: 'not a url' })).error).toBeDefined();
    expect(
      (await invoke('mcp:save', { name: 'a', kind: 'http', url: 'http://x', command: 'x' })).error,
    ).toBeDefined();
    expect(
      (await invoke('mcp:save', { name: 'a', kind: 'stdio', command: 'x', env: { 'A=B': 'x' } })).error,
    ).toBeDefined();
  });

  it('answers CONFLICT for a name taken and NOT_FOUND for an unknown id', async () => {
    const { invoke } = setup();
    await invoke('mcp:save', { name: 'files', kind: 'stdio', command: 'node' });
    await expect(invoke('mcp:save', { name: 'files', kind: 'http', url: 'http://x' })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    await expect(invoke('mcp:delete', { id: 'nope' })).rejects.toBeInstanceOf(AppError);
    await expect(
      invoke('mcp:save', { id: 'nope', name: 'b', kind: 'http', url: 'http://x' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
