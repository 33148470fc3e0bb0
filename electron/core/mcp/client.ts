// MCP servers configured in settings, as agent tools: each server's tools become `mcp__<server>__<tool>`.
// Servers are reached lazily (on the first `tools()`), each within a time limit; one that fails is reported
// in `status()` and contributes no tools, so a broken server never stops a run.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { defineTool, type AgentTool } from '../agent/types';
import type { McpServerConfig } from '../../../shared/types/mcp';

export type { McpServerConfig } from '../../../shared/types/mcp';

export interface McpClientsOptions {
  /** Reported to servers as the client's version. */
  version?: string;
  /** How long one server may take to start, answer `initialize` and list its tools (default 10 s). */
  connectTimeoutMs?: number;
  /** How long one tool call may take (default 120 s; a server's progress notices restart the clock). */
  callTimeoutMs?: number;
  /** Where PATH and HOME for stdio servers come from (default process.env). */
  env?: NodeJS.ProcessEnv;
  /** The last this-many characters of a stdio server's stderr are kept for error messages (default 4000). */
  stderrChars?: number;
}

export interface McpServerStatus {
  name: string;
  /** `pending` until the first `tools()` has tried the server. */
  state: 'pending' | 'connected' | 'failed';
  error?: string;
  toolCount: number;
}

export interface McpClients {
  /** Connects on the first call; the tools of every server that answered. Never rejects for one bad server. */
  tools(): Promise<AgentTool[]>;
  close(): Promise<void>;
  status(): McpServerStatus[];
}

/** Tool names as model APIs accept them: `[A-Za-z0-9_-]`, at most 64 characters. */
const MAX_TOOL_NAME = 64;
const sanitize = (name: string) => name.replace(/[^A-Za-z0-9_-]/g, '_');

export function mcpToolName(server: string, tool: string): string {
  const name = `mcp__${sanitize(server)}__${sanitize(tool)}`;
  if (name.length <= MAX_TOOL_NAME) return name;
  // Keep the start readable and the whole distinct: a short hash of the full name at the end.
  let hash = 0;
  for (const ch of name) hash = (Math.imul(hash, 31) + ch.codePointAt(0)!) >>> 0;
  const suffix = `_${hash.toString(36)}`;
  return name.slice(0, MAX_TOOL_NAME - suffix.length) + suffix;
}

/** What the model reads from a tool result: the text parts, other parts named briefly. */
export function resultText(result: CallToolResult): string {
  const parts = result.content.map((part) => {
    switch (part.type) {
      case 'text':
        return part.text;
      case 'image':
      case 'audio':
        return `[${part.type}: ${part.mimeType}, ${Buffer.byteLength(part.data, 'base64')} bytes]`;
      case 'resource':
        return 'text' in part.resource
          ? `[resource ${part.resource.uri}]\n${part.resource.text}`
          : `[resource ${part.resource.uri}: ${part.resource.mimeType ?? 'binary'}]`;
      case 'resource_link':
        return `[resource link: ${part.uri}${part.name ? ` (${part.name})` : ''}]`;
      default:
        return `[${(part as { type: string }).type} content]`;
    }
  });
  if (parts.length === 0 && result.structuredContent !== undefined)
    return JSON.stringify(result.structuredContent);
  return parts.join('\n');
}

/** The tail of a stream, for an error message that shows why a server died. */
class RingText {
  private text = '';
  constructor(private readonly max: number) {}
  push(chunk: string) {
    this.text = (this.text + chunk).slice(-this.max);
  }
  tail(): string {
    return this.text.trim();
  }
}

class Deadline extends Error {}

interface Connection {
  config: McpServerConfig;
  state: McpServerStatus['state'];
  error?: string;
  client?: Client;
  tools: AgentTool[];
  stderr: RingText;
  closing: boolean;
}

export function createMcpClients(
  configs: readonly McpServerConfig[],
  options: McpClientsOptions = {},
): McpClients {
  const connectTimeoutMs = options.connectTimeoutMs ?? 10_000;
  const callTimeoutMs = options.callTimeoutMs ?? 120_000;
  const baseEnv = options.env ?? process.env;
  const connections: Connection[] = configs.map((config) => ({
    config,
    state: 'pending',
    tools: [],
    stderr: new RingText(options.stderrChars ?? 4000),
    closing: false,
  }));
  let connecting: Promise<void> | null = null;
  let closed = false;
  const stopping: Promise<void>[] = [];

  const withStderr = (c: Connection, message: string) => {
    const tail = c.stderr.tail();
    return tail ? `${message}; its stderr ends with:\n${tail}` : message;
  };

  function transportFor(c: Connection): Transport {
    const config = c.config;
    if (config.kind === 'http') return new StreamableHTTPClientTransport(new URL(config.url));
    // A clean environment: the user's keys for other tools are none of this server's business.
    // (The SDK adds its own short safe list: HOME, LOGNAME, PATH, SHELL, TERM, USER.)
    const env: Record<string, string> = {};
    for (const key of ['PATH', 'HOME'] as const) if (baseEnv[key] !== undefined) env[key] = baseEnv[key];
    const transport = new StdioClientTransport({
      command: config.command,
      args: config.args,
      env: { ...env, ...config.env },
      stderr: 'pipe',
    });
    transport.stderr?.on('data', (chunk: Buffer) => c.stderr.push(chunk.toString('utf8')));
    return transport;
  }

  function startError(c: Connection, error: unknown): string {
    const config = c.config;
    const where = config.kind === 'http' ? config.url : config.command;
    if (error instanceof Deadline)
      return withStderr(c, `${where} did not answer within ${connectTimeoutMs} ms`);
    const code = (error as NodeJS.ErrnoException).code;
    if (config.kind === 'stdio' && code === 'ENOENT')
      return `could not start "${config.command}": not found on PATH`;
    if (config.kind === 'stdio' && code === 'EACCES')
      return `could not start "${config.command}": permission denied`;
    return withStderr(c, `${where}: ${error instanceof Error ? error.message : String(error)}`);
  }

  async function connect(c: Connection): Promise<void> {
    const client = new Client({ name: 'skilldeck', version: options.version ?? '0.0.0' });
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Deadline()), connectTimeoutMs);
    });
    try {
      const listed = await Promise.race([
        (async () => {
          await client.connect(transportFor(c), { timeout: connectTimeoutMs });
          const tools: Tool[] = [];
          let cursor: string | undefined;
          do {
            const page = await client.listTools(cursor ? { cursor } : undefined, {
              timeout: connectTimeoutMs,
            });
            tools.push(...page.tools);
            cursor = page.nextCursor;
          } while (cursor);
          return tools;
        })(),
        deadline,
      ]);
      if (closed) throw new Error('closed');
      c.client = client;
      c.tools = toAgentTools(c, listed);
      c.state = 'connected';
      client.onclose = () => {
        if (c.closing) return;
        c.state = 'failed';
        c.error = withStderr(c, 'the server closed the connection');
      };
    } catch (error) {
      // The last lines of a crashed server's stderr may still be in the pipe when its exit is reported.
      await new Promise((resolve) => setImmediate(resolve));
      c.state = 'failed';
      c.error = startError(c, error);
      c.tools = [];
      // Stops the process the transport started; one deaf to stdin's end gets SIGTERM after 2 s, so this is
      // not waited for here (close() does).
      stopping.push(client.close().catch(() => undefined));
    } finally {
      clearTimeout(timer);
    }
  }

  function toAgentTools(c: Connection, tools: Tool[]): AgentTool[] {
    const server = c.config.name;
    const seen = new Set<string>();
    return tools.map((tool) => {
      let name = mcpToolName(server, tool.name);
      for (let i = 2; seen.has(name); i++) name = mcpToolName(server, `${tool.name}_${i}`);
      seen.add(name);
      return defineTool({
        name,
        description: tool.description ?? `${tool.name} (MCP server ${server})`,
        effect: 'exec',
        input: z.record(z.string(), z.unknown()),
        jsonSchema: tool.inputSchema as Record<string, unknown>,
        async execute(input, ctx) {
          const summary = `mcp ${server}/${tool.name}`;
          if (!c.client || c.state !== 'connected') {
            return {
              output: `MCP server ${server} is not connected: ${c.error ?? 'closed'}`,
              summary,
              isError: true,
            };
          }
          try {
            const result = (await c.client.callTool({ name: tool.name, arguments: input }, undefined, {
              signal: ctx.signal,
              timeout: callTimeoutMs,
              resetTimeoutOnProgress: true,
            })) as CallToolResult;
            return { output: resultText(result), summary, ...(result.isError ? { isError: true } : {}) };
          } catch (error) {
            if (ctx.signal.aborted) throw error;
            return { output: `${summary} failed: ${(error as Error).message}`, summary, isError: true };
          }
        },
      });
    });
  }

  return {
    async tools() {
      if (closed) return [];
      connecting ??= Promise.all(connections.map(connect)).then(() => undefined);
      await connecting;
      return connections.flatMap((c) => (c.state === 'connected' ? c.tools : []));
    },
    async close() {
      closed = true;
      await connecting;
      await Promise.all(
        connections.map(async (c) => {
          c.closing = true;
          await c.client?.close().catch(() => undefined);
          c.client = undefined;
        }),
      );
      await Promise.all(stopping);
    },
    status: () =>
      connections.map((c) => ({
        name: c.config.name,
        state: c.state,
        ...(c.error !== undefined ? { error: c.error } : {}),
        toolCount: c.state === 'connected' ? c.tools.length : 0,
      })),
  };
}
