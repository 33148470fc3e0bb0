import { describe, expect, it } from 'vitest';
import type { McpServer, McpServerConfig } from '../../../shared/types/mcp';
import type { AgentTool } from '../agent/types';
import { memorySecrets } from '../providers/test-support';
import type { McpClients } from './client';
import { createConfiguredClients } from './configured-clients';
import { mcpEnvSecretName } from './mcp-handlers';

const stdio: McpServer = {
  id: 's1',
  name: 'files',
  kind: 'stdio',
  command: 'node',
  args: ['server.js'],
  envNames: ['TOKEN'],
  enabled: true,
  createdAt: 1,
};
const http: McpServer = {
  id: 's2',
  name: 'web',
  kind: 'http',
  url: 'http://127.0.0.1:9/mcp',
  enabled: true,
  createdAt: 2,
};

function setup(servers: McpServer[]) {
  const made: { configs: readonly McpServerConfig[]; closed: boolean }[] = [];
  const errors: unknown[] = [];
  const secrets = memorySecrets();
  const clients = createConfiguredClients({
    servers: { list: () => servers },
    secrets,
    version: '1.2.3',
    onError: (e) => errors.push(e),
    createClients: (configs, options) => {
      expect(options.version).toBe('1.2.3');
      const entry = { configs, closed: false };
      made.push(entry);
      const fake: McpClients = {
        tools: () => Promise.resolve([{ name: `tool-${made.length}` } as unknown as AgentTool]),
        close: () => {
          entry.closed = true;
          return made.length > 1 ? Promise.reject(new Error('stuck')) : Promise.resolve();
        },
        status: () => [],
      };
      return fake;
    },
  });
  return { clients, made, errors, secrets };
}

describe('configured MCP clients', () => {
  it('starts nothing when no server is enabled', async () => {
    const { clients, made } = setup([{ ...stdio, enabled: false }]);
    expect(await clients.tools()).toEqual([]);
    expect(made).toEqual([]);
    clients.drop();
  });

  it('connects once with the stored env values, reconnects after a drop, and reports a failing close', async () => {
    const { clients, made, errors, secrets } = setup([stdio, http]);
    await secrets.set(mcpEnvSecretName('s1'), JSON.stringify({ TOKEN: 'x' }));
    const [first, second] = await Promise.all([clients.tools(), clients.tools()]);
    expect(first).toEqual(second);
    expect(made).toHaveLength(1);
    expect(made[0]!.configs).toEqual([
      { name: 'files', kind: 'stdio', command: 'node', args: ['server.js'], env: { TOKEN: 'x' } },
      { name: 'web', kind: 'http', url: 'http://127.0.0.1:9/mcp' },
    ]);

    clients.drop();
    expect(made[0]!.closed).toBe(true);
    expect((await clients.tools()).map((t) => t.name)).toEqual(['tool-2']);
    expect(made).toHaveLength(2);
    clients.drop();
    await new Promise((r) => setTimeout(r, 0));
    expect(errors).toEqual([new Error('stuck')]);
  });

  it('a drop while the clients are being made (the SDK loading) closes them once made', async () => {
    let finish: (clients: McpClients) => void = () => undefined;
    let closed = 0;
    const clients = createConfiguredClients({
      servers: { list: () => [http] },
      secrets: memorySecrets(),
      version: '1',
      createClients: () => new Promise<McpClients>((resolve) => (finish = resolve)),
    });
    const tools = clients.tools();
    await new Promise((r) => setTimeout(r, 0));
    clients.drop();
    finish({
      tools: () => Promise.resolve([]),
      close: () => {
        closed++;
        return Promise.resolve();
      },
      status: () => [],
    });
    expect(await tools).toEqual([]);
    expect(closed).toBe(1);
  });
});
