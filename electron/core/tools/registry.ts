// The one table of tools a run can call (DESIGN §6): output tools and, with the agent issue, agent tools.
// Input is checked against the tool's schema before its handler runs.

import type { z } from 'zod';

export type ToolKind = 'output' | 'agent';

export interface ToolSpec<S extends z.ZodType = z.ZodType> {
  /** What the tool does, as offered to models. */
  description: string;
  kind: ToolKind;
  input: S;
}

export interface ToolContext {
  runId: string;
  skillId: string;
  signal: AbortSignal;
}

export type ToolHandler<S extends z.ZodType = z.ZodType> = (
  input: z.output<S>,
  ctx: ToolContext,
) => Promise<unknown> | unknown;

export type ToolErrorCode = 'UNKNOWN_TOOL' | 'INVALID_TOOL_INPUT' | 'DUPLICATE_TOOL' | 'TOOL_CANCELLED';

export class ToolError extends Error {
  constructor(
    readonly code: ToolErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ToolError';
  }
}

export interface RegisteredTool {
  name: string;
  spec: ToolSpec;
}

export interface ToolRegistry {
  register<S extends z.ZodType>(name: string, spec: ToolSpec<S>, handler: ToolHandler<S>): void;
  /** Validates `input`, then runs the handler. Throws ToolError for an unknown tool or bad input. */
  execute(name: string, input: unknown, ctx: ToolContext): Promise<unknown>;
  has(name: string): boolean;
  get(name: string): RegisteredTool | undefined;
  /** In registration order, optionally of one kind. */
  list(kind?: ToolKind): RegisteredTool[];
}

export function createToolRegistry(): ToolRegistry {
  const tools = new Map<string, { spec: ToolSpec; handler: ToolHandler }>();

  const registry: ToolRegistry = {
    register(name, spec, handler) {
      if (tools.has(name)) throw new ToolError('DUPLICATE_TOOL', `tool "${name}" is already registered`);
      tools.set(name, { spec, handler: handler as ToolHandler });
    },

    async execute(name, input, ctx) {
      const tool = tools.get(name);
      if (!tool) {
        const known = [...tools.keys()].join(', ') || '(none)';
        throw new ToolError('UNKNOWN_TOOL', `unknown tool "${name}"; known: ${known}`);
      }
      if (ctx.signal.aborted)
        throw new ToolError('TOOL_CANCELLED', `tool "${name}" not run: the run was cancelled`);
      const parsed = tool.spec.input.safeParse(input);
      if (!parsed.success) {
        const problems = parsed.error.issues
          .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : 'input'}: ${issue.message}`)
          .join('; ');
        throw new ToolError('INVALID_TOOL_INPUT', `bad input for tool "${name}": ${problems}`, {
          cause: parsed.error,
        });
      }
      return tool.handler(parsed.data, ctx);
    },

    has: (name) => tools.has(name),

    get(name) {
      const tool = tools.get(name);
      return tool && { name, spec: tool.spec };
    },

    list: (kind) =>
      [...tools.entries()]
        .filter(([, t]) => kind === undefined || t.spec.kind === kind)
        .map(([name, t]) => ({ name, spec: t.spec })),
  };
  return registry;
}
