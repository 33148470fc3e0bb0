// The agent tools' common shape (DESIGN §6). A tool declares its effect (what a permission mode checks),
// says what it would touch before it runs (`target`: paths, command, URL, a diff — what rules match and
// what a permission prompt shows) and then runs, answering the model and the user separately.
import type { z } from 'zod';
import type { BashSandbox } from '../../../shared/types/run';
import type { SandboxGrants } from '../permissions/sandbox-grants';
import type { SearchScope } from '../permissions/web-search-scope';

/** How a tool touches the world: `plan` mode allows only `read`, `interact`, `meta` and `output`. */
export type ToolEffect = 'read' | 'edit' | 'exec' | 'network' | 'interact' | 'meta' | 'output';

export interface AgentToolResult {
  /** What the model receives as the tool result (already capped at 30,000 characters by the loop). */
  output: string;
  /** The short line shown to the user (e.g. "Read notes.md (120 lines)"). */
  summary: string;
  /** The call failed: the output says why, for the model to correct itself. */
  isError?: boolean;
}

/** What one call would touch, worked out before it runs. */
export interface ToolTarget {
  /** Absolute, normalized paths the call reads or writes (symlinks of existing parts resolved). */
  paths: string[];
  /** Bash: the command line. */
  command?: string;
  /** WebFetch: the URL. */
  url?: string;
  /** Write / Edit: a unified diff of the change (for the permission prompt). */
  diff?: string;
  /** A refusal found while working out the target (e.g. Edit's old_string not found): the call is not run. */
  error?: string;
  /** Bash: the sandbox it would run in (for the prompt and the run's events). */
  sandbox?: BashSandbox;
}

export interface AgentToolContext {
  runId: string;
  skillId: string;
  /** The run's working directory: absolute, its real path. */
  workdir: string;
  /** The app's data directory (Memory, workspaces). */
  dataDir: string;
  signal: AbortSignal;
  /**
   * Whether a path outside the working directory is granted for this tool by a permission rule
   * (e.g. `Write(~/notes/**)`); file tools refuse any other path outside it.
   */
  outsideAllowed: (tool: string, absolutePath: string) => boolean;
  /** Whether a rule allows WebFetch to reach this private or loopback URL (refused otherwise). */
  privateNetworkAllowed: (url: string) => boolean;
  /**
   * WebSearch: the result domains the permission rules keep, once the call is permitted (absent: any).
   */
  searchScope?: () => SearchScope;
  /** Bash's sandbox: the network and the folders outside the working directory the rules grant. */
  sandboxGrants: () => SandboxGrants;
  /** The skill's own folder: Bash sees it read-only (its scripts/ run from there). */
  skillDir?: string;
  /** The call being run, when an agent loop runs it (AskUser ties its question to it). */
  call?: { id: string; stepId: string };
}

export interface AgentTool<S extends z.ZodType = z.ZodType> {
  name: string;
  /** As offered to the model. */
  description: string;
  effect: ToolEffect;
  input: S;
  /** The JSON Schema offered to the model, when not derived from `input` (MCP tools bring their own). */
  jsonSchema?: Record<string, unknown>;
  /** What the call would touch (never changes anything). Tools without targets may omit it. */
  target?(input: z.output<S>, ctx: AgentToolContext): Promise<ToolTarget>;
  execute(input: z.output<S>, ctx: AgentToolContext): Promise<AgentToolResult>;
}

/** Erases the schema type for tables of tools. */
export const defineTool = <S extends z.ZodType>(tool: AgentTool<S>): AgentTool =>
  tool as unknown as AgentTool;

/** Tool output over this many characters is cut (the loop adds the marker). */
export const MAX_TOOL_OUTPUT = 30_000;
