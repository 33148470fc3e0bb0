// The clients of the configured MCP servers, as agent tools: made on the first agent run that needs them
// (env values read from the secret store then), kept for the runs after it, and dropped when the
// configuration changes (`mcp:save` / `mcp:delete`: the next run reconnects) and when the core closes.
// The MCP SDK (~120 ms to load) is imported then too, never by a core with no server enabled.
import type { McpServerConfig } from '../../../shared/types/mcp';
import type { AgentTool } from '../agent/types';
import type { SecretStorePort } from '../platform';
import type { McpClients, McpClientsOptions } from './client';
import { mcpEnvSecretName } from './mcp-handlers';
import type { McpServerRepo } from './mcp-repo';

export interface ConfiguredClients {
  /** The tools of the enabled servers (none configured: none, and nothing is started). */
  tools(): Promise<AgentTool[]>;
  /** Closes the clients (in the background; a failure goes to `onError`); the next `tools()` reconnects. */
  drop(): void;
}

export interface ConfiguredClientsDeps {
  servers: Pick<McpServerRepo, 'list'>;
  secrets: Pick<SecretStorePort, 'get'>;
  version: string;
  onError?: (error: unknown) => void;
  /** Tests count and stub the clients made. */
  createClients?: (
    configs: readonly McpServerConfig[],
    options: McpClientsOptions,
  ) => McpClients | Promise<McpClients>;
}

/** Clients being made (the SDK loading), then made (`ready`): a drop closes those at once. */
interface Making {
  made: Promise<McpClients>;
  ready?: McpClients;
}

export function createConfiguredClients(deps: ConfiguredClientsDeps): ConfiguredClients {
  const create =
    deps.createClients ??
    (async (configs: readonly McpServerConfig[], options: McpClientsOptions) =>
      (await import('./client')).createMcpClients(configs, options));
  let clients: Making | undefined;

  const configOf = async (server: ReturnType<McpServerRepo['list']>[number]): Promise<McpServerConfig> => {
    if (server.kind === 'http') return { name: server.name, kind: 'http', url: server.url };
    const stored = await deps.secrets.get(mcpEnvSecretName(server.id));
    const env = stored ? (JSON.parse(stored) as Record<string, string>) : {};
    return { name: server.name, kind: 'stdio', command: server.command, args: server.args, env };
  };

  return {
    tools: async () => {
      const enabled = deps.servers.list().filter((s) => s.enabled);
      if (enabled.length === 0) return [];
      if (!clients) {
        const configs = await Promise.all(enabled.map(configOf));
        // two runs starting together both read the configs; the first to finish makes the clients
        if (!clients) {
          const entry: Making = {
            made: Promise.resolve(create(configs, { version: deps.version })),
          };
          entry.made.then(
            (ready) => void (entry.ready = ready),
            // a failed load is not kept: the next run tries again
            () => void (clients === entry && (clients = undefined)),
          );
          clients = entry;
        }
      }
      return (clients.ready ?? (await clients.made)).tools();
    },
    drop: () => {
      const dropped = clients;
      clients = undefined;
      if (!dropped) return;
      const close = (made: McpClients) => made.close().catch((error: unknown) => deps.onError?.(error));
      if (dropped.ready) void close(dropped.ready);
      else void dropped.made.then(close, () => undefined);
    },
  };
}
