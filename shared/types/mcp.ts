// MCP server configurations as the settings store and the `mcp:*` channels see them.
import { z } from 'zod';

export const McpServerId = z.string().min(1).max(64);

/** Becomes part of each tool's name (`mcp__<name>__<tool>`), so it is kept short and plain. */
export const McpServerName = z
  .string()
  .regex(/^[a-z0-9_-]{1,40}$/, 'use 1 to 40 lowercase letters, digits, `_` or `-`');

const EnvName = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'an environment variable name');

/** shared/ has no `URL` global: scheme and a host, no spaces (the client parses it for real). */
const HttpUrl = z
  .string()
  .max(2048)
  .regex(/^https?:\/\/[^\s/?#@]+(?:[/?#]\S*)?$/i, 'an http:// or https:// URL');

const EnvValues = z.record(EnvName, z.string().max(32_768));
const stdioCommon = {
  kind: z.literal('stdio'),
  /** The program to start (looked up on PATH); no shell is involved. */
  command: z.string().trim().min(1, 'a stdio server needs a command').max(4096),
  args: z.array(z.string().max(4096)).max(64),
};
const stdioFields = {
  ...stdioCommon,
  /** Added to the clean environment the server gets (PATH and HOME). */
  env: EnvValues,
};
/** As listed: the variables' names only — their values (often tokens) stay in the secret store. */
const stdioListed = { ...stdioCommon, envNames: z.array(EnvName) };
const httpFields = { kind: z.literal('http'), url: HttpUrl };

/** What the MCP client needs to reach one server. */
export const McpServerConfig = z.discriminatedUnion('kind', [
  z.object({ name: McpServerName, ...stdioFields }),
  z.object({ name: McpServerName, ...httpFields }),
]);
export type McpServerConfig = z.infer<typeof McpServerConfig>;

const stored = {
  id: McpServerId,
  name: McpServerName,
  enabled: z.boolean(),
  /** ms since epoch. */
  createdAt: z.number().int(),
};

/** A configured server as stored and listed. */
export const McpServer = z.discriminatedUnion('kind', [
  z.object({ ...stored, ...stdioListed }),
  z.object({ ...stored, ...httpFields }),
]);
export type McpServer = z.infer<typeof McpServer>;

const saveCommon = { id: McpServerId.optional(), name: McpServerName, enabled: z.boolean().optional() };

/**
 * `mcp:save`: creates (no id) or replaces one server; `enabled` defaults to true, or stays as it was.
 * `env` replaces the variables (kept in the secret store); left out, a saved server keeps its own.
 */
export const McpServerSaveInput = z.discriminatedUnion('kind', [
  z
    .object({
      ...saveCommon,
      ...stdioCommon,
      args: stdioCommon.args.default([]),
      env: EnvValues.optional(),
    })
    .strict(),
  z.object({ ...saveCommon, ...httpFields }).strict(),
]);
export type McpServerSaveInput = z.infer<typeof McpServerSaveInput>;

/** The `mcp:*` channels, in the contract's shape (to be spread into shared/ipc/contract.ts). */
export const mcpChannels = {
  /** Configured MCP servers, oldest first. */
  'mcp:list': { input: z.undefined(), output: z.array(McpServer) },
  /** Adds or replaces one server; a name another server has is a CONFLICT. */
  'mcp:save': { input: McpServerSaveInput, output: McpServer },
  'mcp:delete': { input: z.object({ id: McpServerId }).strict(), output: z.object({ id: McpServerId }) },
} as const;
export type McpChannel = keyof typeof mcpChannels;
