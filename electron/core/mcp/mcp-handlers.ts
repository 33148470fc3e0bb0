// The `mcp:*` channels: configured MCP servers (schemas in shared/types/mcp.ts).
import { randomUUID } from 'node:crypto';
import type { Handlers } from '../../../shared/ipc/contract';
import { AppError } from '../../../shared/ipc/result';
import type { SecretStorePort } from '../platform';
import type { McpServerRepo } from './mcp-repo';
import type { McpChannel, McpServer } from '../../../shared/types/mcp';

export { McpServer, McpServerSaveInput, mcpChannels } from '../../../shared/types/mcp';

export type McpHandlers = Pick<Handlers, McpChannel>;

/** The SecretStore name of a server's environment values (JSON). */
export const mcpEnvSecretName = (serverId: string) => `mcp-env:${serverId}`;

export interface McpHandlerDeps {
  repo: McpServerRepo;
  /** Where the servers' environment values live (never SQLite, never a channel's output). */
  secrets: SecretStorePort;
  now?: () => number;
  /** Called after a save or delete (the host drops its MCP clients so the next run reconnects). */
  onChange?: (servers: McpServer[]) => void;
}

export function createMcpHandlers(deps: McpHandlerDeps): McpHandlers {
  const { repo } = deps;
  const now = deps.now ?? Date.now;
  const changed = () => deps.onChange?.(repo.list());

  const require = (id: string) => {
    const server = repo.get(id);
    if (!server) throw new AppError('NOT_FOUND', `no MCP server with id "${id}"`);
    return server;
  };

  return {
    'mcp:list': () => repo.list(),

    'mcp:save': async (input) => {
      const existing = input.id === undefined ? undefined : require(input.id);
      const id = existing?.id ?? randomUUID();
      const holder = repo.getByName(input.name);
      if (holder && holder.id !== id) {
        throw new AppError(
          'CONFLICT',
          `an MCP server named "${input.name}" already exists: pick another name`,
        );
      }
      const enabled = input.enabled ?? existing?.enabled ?? true;
      const saved = repo.save(
        id,
        input.kind === 'stdio'
          ? {
              name: input.name,
              enabled,
              kind: 'stdio',
              command: input.command,
              args: input.args,
              envNames: Object.keys(
                input.env ??
                  (existing?.kind === 'stdio'
                    ? Object.fromEntries(existing.envNames.map((n) => [n, '']))
                    : {}),
              ),
            }
          : { name: input.name, enabled, kind: 'http', url: input.url },
        now(),
      );
      if (input.kind === 'stdio' && input.env !== undefined)
        await deps.secrets.set(mcpEnvSecretName(id), JSON.stringify(input.env));
      if (input.kind === 'http' && (await deps.secrets.get(mcpEnvSecretName(id))) !== null)
        await deps.secrets.delete(mcpEnvSecretName(id));
      changed();
      return saved;
    },

    'mcp:delete': async ({ id }) => {
      require(id);
      repo.delete(id);
      if ((await deps.secrets.get(mcpEnvSecretName(id))) !== null)
        await deps.secrets.delete(mcpEnvSecretName(id));
      changed();
      return { id };
    },
  };
}
