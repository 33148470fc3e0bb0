// Which tools an agent run offers (DESIGN §6): `allowed-tools` is the ceiling, `disallowed-tools` takes tools
// away, and a loop (a sub-agent) may narrow it further. A tool above the ceiling is neither offered to the
// model nor run when called anyway.
import { z } from 'zod';
import type { ModelTool } from '../providers/gateway';
import { parseRule, RuleError } from '../permissions/rules';
import { NETWORK_RULE } from '../permissions/sandbox-grants';
import type { AgentTool } from './types';

/** The tool names in an allowed-tools list (`Bash(npm test:*)` → Bash) and the rules it grants. */
export function readCeiling(allowedTools: readonly string[] | null): {
  names: Set<string> | null;
  grants: string[];
} {
  if (allowedTools === null) return { names: null, grants: [] };
  const names = new Set<string>();
  const grants: string[] = [];
  for (const entry of allowedTools) {
    try {
      const rule = parseRule(entry);
      names.add(rule.tool);
      if (rule.specifier !== undefined) grants.push(entry);
    } catch (error) {
      if (!(error instanceof RuleError)) throw error;
      names.add(entry.trim());
    }
  }
  return { names, grants };
}

export interface ToolCeiling {
  /** The rules allowed-tools grants for the run (`Bash(npm test:*)`). */
  grants: string[];
  /** The rules disallowed-tools denies for the run: its entries with a specifier (`Bash(git push:*)`). */
  denies: string[];
  /** Whether the skill may use this tool at all. */
  allows(name: string): boolean;
  /** The tools a loop offers: the ceiling applied, then the loop's own restriction. */
  offered(all: readonly AgentTool[], only: readonly string[] | 'all'): Map<string, AgentTool>;
  /** The tool names Bash's sandbox grants follow (null: no ceiling); none when `Network` is disallowed. */
  sandboxNames(): Set<string> | null;
}

/** A tool listed by name, or an MCP server listed by its prefix (`mcp__notes` holds `mcp__notes__find`). */
const listed = (names: ReadonlySet<string>, name: string): boolean =>
  names.has(name) || [...names].some((n) => n.startsWith('mcp__') && name.startsWith(`${n}__`));

/**
 * `disallowed-tools`: a plain name (`Write`, `mcp__notes`) takes the tool away — it is not offered, even
 * when allowed-tools lists it; an entry with a specifier (`Bash(git push:*)`) leaves the tool and denies
 * those calls for the run, judged like any deny rule.
 */
export function toolCeiling(
  allowedTools: readonly string[] | null,
  disallowedTools: readonly string[],
): ToolCeiling {
  const ceiling = readCeiling(allowedTools);
  const removed = new Set<string>();
  const denies: string[] = [];
  for (const entry of disallowedTools) {
    try {
      const rule = parseRule(entry);
      if (rule.specifier === undefined) removed.add(rule.tool);
      else denies.push(entry.trim());
    } catch (error) {
      if (!(error instanceof RuleError)) throw error;
      removed.add(entry.trim());
    }
  }
  const allows = (name: string): boolean =>
    // TaskOutput reads what Task started: it comes with Task
    name === 'TaskOutput'
      ? !removed.has(name) && allows('Task')
      : !listed(removed, name) && (ceiling.names === null || listed(ceiling.names, name));
  return {
    grants: ceiling.grants,
    denies,
    allows,
    offered(all, only) {
      const map = new Map<string, AgentTool>();
      for (const t of all)
        if (allows(t.name) && (only === 'all' || only.includes(t.name))) map.set(t.name, t);
      return map;
    },
    // `disallowed-tools: Network` takes the network away as a ceiling without it would
    sandboxNames: () => (removed.has(NETWORK_RULE) ? new Set() : ceiling.names),
  };
}

const toJsonSchema = (tool: AgentTool): Record<string, unknown> => {
  if (tool.jsonSchema) return tool.jsonSchema;
  const schema = z.toJSONSchema(tool.input, { io: 'input', unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  delete schema.$schema;
  return schema;
};

/** The offered tools as the model is told about them. */
export const modelTools = (tools: ReadonlyMap<string, AgentTool>): ModelTool[] =>
  [...tools.values()].map((t) => ({
    name: t.name,
    description: t.description,
    inputSchema: toJsonSchema(t),
  }));
