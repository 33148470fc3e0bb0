import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../shared/ipc/result';
import { migrate } from '../store/db';
import { migrations } from '../store/migrations';
import { createMcpHandlers, mcpChannels } from './mcp-handlers';
import { createMcpServerRepo } from './mcp-repo';
import type { McpChannel } from '../../../shared/types/mcp';

function setup() {
  const db = new Database(':memory:');
  migrate(db, migrations, migrations.at(-1)!.version);
  let t = 100;
  const changes: number[] = [];
  const handlers = createMcpHandlers({
    repo: createMcpServerRepo(db),
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
  return { handlers, invoke, changes };
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
      env: {},
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
