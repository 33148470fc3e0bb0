// The agents a sub-agent runs as — the Task tool's, and a skill's with `context: fork` (its `agent:`):
// Skilldeck's explore, plan and general-purpose, and custom agents as Claude Code writes them, one Markdown
// file per agent (`name`, `description`, `tools`, `disallowedTools`, `maxTurns` in its frontmatter, its
// instructions below) in a plugin's `agents/` folder or in `~/.claude/agents/`.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ErrorWords } from '../../../shared/ipc/result';
import { isInside } from '../fs/inside';
import { isPlainObject, readText } from '../skills/coerce';
import { decodeSkillFile, splitSkillFile } from '../skills/parse';
import { readToolList, toolBaseName } from '../skills/tool-list';

export interface AgentKind {
  /** As the run shows it: `explore`, or a custom agent's name. */
  name: string;
  /** The tools it may be offered (the skill's ceiling still applies); 'all' but Task. */
  tools: readonly string[] | 'all';
  /** Its model turns. */
  maxIterations: number;
  /** Bash only for commands that change nothing (plan). */
  readOnlyBash?: boolean;
  /** Tools taken away from it (a custom agent's `disallowedTools`). */
  disallowedTools?: readonly string[];
  /** A custom agent's instructions (its file's body), added to the system prompt. */
  instructions?: string;
}

export const BUILTIN_AGENTS = {
  explore: { name: 'explore', tools: ['Read', 'Glob', 'Grep'], maxIterations: 5 },
  plan: {
    name: 'plan',
    tools: ['Read', 'Glob', 'Grep', 'Bash'],
    maxIterations: 10,
    readOnlyBash: true,
  },
  'general-purpose': { name: 'general-purpose', tools: 'all', maxIterations: 10 },
} as const satisfies Record<string, AgentKind>;

export type BuiltinAgentName = keyof typeof BUILTIN_AGENTS;

/** When a forked skill names no agent (as in Claude Code). */
export const DEFAULT_FORK_AGENT: BuiltinAgentName = 'general-purpose';

/** Claude Code writes `Explore`, `Plan`, `general-purpose`: the built-ins are matched without case. */
export function builtinAgent(name: string): AgentKind | undefined {
  const key = name.trim().toLowerCase();
  return Object.hasOwn(BUILTIN_AGENTS, key) ? BUILTIN_AGENTS[key as BuiltinAgentName] : undefined;
}

/** A custom agent's name: a plain word, optionally `<plugin>:` before it. Never a path. */
const AGENT_NAME = /^(?:([A-Za-z0-9][\w.-]{0,63}):)?([A-Za-z0-9][\w.-]{0,63})$/;
const MAX_TURNS = 1000;
const DEFAULT_CUSTOM_TURNS = 10;

/** Where custom agents are looked for, for one skill. */
export interface AgentSearch {
  /** The skill's plugin (its folder and name), when it comes from one: its `agents/` first. */
  plugin?: { dir: string; name: string };
  /** Where `~/.claude/agents` is. */
  homeDir: string;
}

/** The plugin a skill comes from (its folder holds `skills/`; its name is the id's namespace). */
export function pluginOfSkill(entry: {
  source: string;
  root: string;
  id: string;
  folderName: string;
}): AgentSearch['plugin'] {
  if (entry.source !== 'plugin' || !entry.id.endsWith(`:${entry.folderName}`)) return undefined;
  return { dir: path.dirname(entry.root), name: entry.id.slice(0, -entry.folderName.length - 1) };
}

export type AgentProblem = { problem: string; words: ErrorWords };
const problem = (message: string, key: string, values: Record<string, string>): AgentProblem => ({
  problem: message,
  words: { key: `runs.agent.${key}`, values },
});

/** One agent file, when its frontmatter reads; undefined otherwise (an unreadable file is skipped). */
async function readAgentFile(file: string, fallbackName: string): Promise<AgentKind | undefined> {
  const raw = await fs.readFile(file).catch(() => undefined);
  if (!raw) return undefined;
  const decoded = decodeSkillFile(raw, file);
  if ('finding' in decoded) return undefined;
  const split = splitSkillFile(decoded.text, file);
  if (!split.ok || !isPlainObject(split.file.data)) return undefined;
  const data = split.file.data;
  const list = (v: unknown) => {
    const read = v === undefined || v === null ? undefined : readToolList(v);
    return read && 'tools' in read ? read.tools.map(toolBaseName) : undefined;
  };
  const turns = Number(data.maxTurns ?? data['max-turns']);
  return {
    name: readText(data.name) ?? fallbackName,
    tools: list(data.tools) ?? 'all',
    maxIterations: Number.isInteger(turns) && turns >= 1 && turns <= MAX_TURNS ? turns : DEFAULT_CUSTOM_TURNS,
    disallowedTools: list(data.disallowedTools ?? data['disallowed-tools']) ?? [],
    instructions: split.file.body.trim(),
  };
}

/** The agent called `name` in `folder` (`<name>.md`, else a file whose `name` says so), read in place. */
async function findIn(folder: string, name: string): Promise<AgentKind | undefined> {
  const real = await fs.realpath(folder).catch(() => undefined);
  if (!real) return undefined;
  const files = (await fs.readdir(real).catch(() => [] as string[])).filter((f) => f.endsWith('.md')).sort();
  const ordered = [...files.filter((f) => f === `${name}.md`), ...files.filter((f) => f !== `${name}.md`)];
  for (const f of ordered) {
    const file = path.join(real, f);
    // a link leading out of the agents folder is not an agent of it
    const target = await fs.realpath(file).catch(() => undefined);
    if (!target || !isInside(real, target)) continue;
    const agent = await readAgentFile(target, f.slice(0, -3));
    if (agent && (f === `${name}.md` || agent.name === name)) return { ...agent, name };
  }
  return undefined;
}

/**
 * The agent a forked skill runs as: a built-in (any case), else a custom agent of the skill's plugin, else
 * one of `~/.claude/agents`. A name found nowhere is a problem: the skill does not run with more tools than
 * its author asked for.
 */
export async function resolveAgent(
  name: string | undefined,
  where: AgentSearch,
): Promise<AgentKind | AgentProblem> {
  if (name === undefined || name.trim() === '') return BUILTIN_AGENTS[DEFAULT_FORK_AGENT];
  const builtin = builtinAgent(name);
  if (builtin) return builtin;
  const match = AGENT_NAME.exec(name.trim());
  if (!match)
    return problem(
      `"${name}" is not an agent name (a word such as explore, plan or general-purpose, or a custom agent's name)`,
      'badName',
      { name },
    );
  const [, namespace, bare] = match as unknown as [string, string | undefined, string];
  const folders: string[] = [];
  if (where.plugin && (namespace === undefined || namespace === where.plugin.name))
    folders.push(path.join(where.plugin.dir, 'agents'));
  if (namespace === undefined) folders.push(path.join(where.homeDir, '.claude', 'agents'));
  for (const folder of folders) {
    const found = await findIn(folder, bare);
    if (found) return found;
  }
  const searched = folders.length > 0 ? folders.join(', ') : 'no folder (the skill is not from that plugin)';
  return problem(
    `no agent "${name}": it is not explore, plan or general-purpose, and no agent file of that name is in ${searched}`,
    'unknown',
    { name, searched },
  );
}
