// Permission rules in Claude Code's syntax (DESIGN §6): `Tool`, `Tool(specifier)`, `mcp__server__tool`,
// `mcp__server`. Parsing and matching one rule against one tool call; the order of lists is in decide.ts.
import path from 'node:path';
import picomatch from 'picomatch';
import type { PermissionEnv, RuleList, ToolInvocation } from './types';

export interface Rule {
  tool: string;
  specifier?: string;
}

export class RuleError extends Error {
  readonly code = 'BAD_RULE';
  constructor(message: string) {
    super(message);
    this.name = 'RuleError';
  }
}

/** Tools an `Edit(...)` rule covers; any other 'edit'-effect tool with target paths counts too. */
const EDIT_TOOLS = new Set(['Edit', 'Write', 'MultiEdit', 'NotebookEdit']);
/** Tools a `Read(...)` rule covers. */
const READ_TOOLS = new Set(['Read', 'Glob', 'Grep', 'LS']);
/** A tool name; `mcp__server__*` is Claude Code's spelling of every tool of a server. */
const TOOL_NAME = /^(?:[A-Za-z][A-Za-z0-9_-]*|mcp__[A-Za-z0-9_-]+__\*)$/;
const PREFIX_MARK = ':*';

export const isEditTool = (tool: string, effect?: string): boolean =>
  EDIT_TOOLS.has(tool) || (effect === 'edit' && !tool.startsWith('mcp__'));
export const isReadTool = (tool: string): boolean => READ_TOOLS.has(tool);
const isFileRuleTool = (tool: string) => EDIT_TOOLS.has(tool) || READ_TOOLS.has(tool);

const bad = (text: string, problem: string, example: string) =>
  new RuleError(`permission rule \`${text}\`: ${problem} (for example \`${example}\`)`);

export function parseRule(text: string): Rule {
  const trimmed = text.trim();
  if (trimmed === '') throw bad(text, 'the rule is empty', 'Bash(npm test:*)');
  const open = trimmed.indexOf('(');
  if (open === -1) {
    if (trimmed.includes(')')) throw bad(text, 'a `)` without its `(`', 'Bash(git diff)');
    if (!TOOL_NAME.test(trimmed))
      throw bad(text, 'a tool name is letters, digits, `_` and `-`, starting with a letter', 'WebFetch');
    return { tool: trimmed };
  }
  const tool = trimmed.slice(0, open);
  if (!trimmed.endsWith(')'))
    throw bad(text, 'the specifier must be closed with `)` at the end', `${tool || 'Bash'}(npm test:*)`);
  if (!TOOL_NAME.test(tool))
    throw bad(text, 'the rule must start with a tool name before `(`', 'Edit(src/**)');
  const specifier = trimmed.slice(open + 1, -1).trim();
  if (specifier === '')
    throw bad(text, `an empty specifier; write \`${tool}\` alone to match every call`, tool);
  checkSpecifier(text, tool, specifier);
  return { tool, specifier };
}

function checkSpecifier(text: string, tool: string, specifier: string): void {
  if (tool.startsWith('mcp__'))
    throw bad(
      text,
      'MCP rules take no specifier; name the tool or the whole server',
      'mcp__github__create_issue',
    );
  if (tool === 'Bash') {
    const markAt = specifier.indexOf(PREFIX_MARK);
    if (markAt !== -1 && markAt !== specifier.length - PREFIX_MARK.length)
      throw bad(text, '`:*` (prefix match) may only end the command', 'Bash(npm run test:*)');
    if (markAt !== -1) {
      const prefix = specifier.slice(0, markAt);
      if (prefix.trim() === '')
        throw bad(text, 'a prefix rule needs a command before `:*`', 'Bash(git diff:*)');
      if (splitCommand(prefix).length > 1)
        throw bad(text, 'a prefix rule must be one command, not a compound one', 'Bash(npm test:*)');
    }
    return;
  }
  if (tool === 'WebFetch') {
    const host = specifier.startsWith('domain:') ? specifier.slice('domain:'.length) : undefined;
    if (host === undefined) throw bad(text, 'WebFetch rules name a domain', 'WebFetch(domain:example.com)');
    if (!/^(\*\.)?[^\s/*:[\]]+$|^\[[0-9a-fA-F:.]+\]$/.test(host))
      throw bad(
        text,
        'the domain must be a host name, optionally starting with `*.`',
        'WebFetch(domain:*.example.com)',
      );
    return;
  }
  if (isFileRuleTool(tool)) return;
  throw bad(
    text,
    `${tool} takes no specifier; write \`${tool}\` to match every call (specifiers are for Bash, Edit, Write, Read, Glob, Grep and WebFetch)`,
    tool,
  );
}

export function formatRule(rule: Rule): string {
  return rule.specifier === undefined ? rule.tool : `${rule.tool}(${rule.specifier})`;
}

/** `text` parsed and written back in its one canonical spelling (trimmed), for storage and comparison. */
export const normalizeRule = (text: string): string => formatRule(parseRule(text));

// ---------------------------------------------------------------------------------------------------------
// Bash commands

/**
 * The sub-commands of a command line: split on `&&`, `||`, `;`, `|`, `&`, newlines, `$(`, `(`, `)` and
 * backticks outside single quotes (`$(…)` and backticks still run inside double quotes). Redirections such
 * as `2>&1` and `&>` are not separators. Each part is trimmed with its whitespace collapsed; empty ones drop.
 */
export function splitCommand(command: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quote: "'" | '"' | undefined;
  const push = () => {
    const part = current.trim().replace(/\s+/g, ' ');
    if (part !== '') parts.push(part);
    current = '';
  };
  for (let i = 0; i < command.length; i++) {
    const c = command[i]!;
    const next = command[i + 1];
    if (quote === "'") {
      current += c;
      if (c === "'") quote = undefined;
      continue;
    }
    if (c === '\\') {
      current += c + (next ?? '');
      i++;
      continue;
    }
    // A substitution runs as its own command even inside double quotes; the quote state restarts there.
    if ((c === '$' && next === '(') || c === '`') {
      push();
      quote = undefined;
      if (c === '$') i++;
      continue;
    }
    if (quote === '"') {
      current += c;
      if (c === '"') quote = undefined;
      continue;
    }
    if (c === "'" || c === '"') {
      quote = c;
      current += c;
      continue;
    }
    if (c === '&' && (command[i - 1] === '>' || command[i - 1] === '<' || next === '>')) {
      current += c;
      continue;
    }
    if (c === ';' || c === '\n' || c === '\r' || c === '|' || c === '&' || c === '(' || c === ')') {
      push();
      if ((c === '&' || c === '|') && next === c) i++;
      continue;
    }
    current += c;
  }
  push();
  return parts;
}

const normalizeCommand = (command: string) => command.trim().replace(/\s+/g, ' ');

function commandOf(inv: ToolInvocation): string | undefined {
  if (inv.target.command !== undefined) return inv.target.command;
  const fromInput = inv.input['command'];
  return typeof fromInput === 'string' ? fromInput : undefined;
}

function bashSubjects(rule: Rule, inv: ToolInvocation): string[] {
  const command = commandOf(inv);
  if (command === undefined) return [];
  // An exact compound rule (as "always" saves for a compound command) is compared with the whole line.
  if (
    rule.specifier !== undefined &&
    !rule.specifier.endsWith(PREFIX_MARK) &&
    splitCommand(rule.specifier).length > 1
  )
    return [normalizeCommand(command)];
  return splitCommand(command);
}

function matchBash(specifier: string, command: string): boolean {
  if (specifier.endsWith(PREFIX_MARK)) {
    const prefix = normalizeCommand(specifier.slice(0, -PREFIX_MARK.length));
    return command === prefix || command.startsWith(`${prefix} `);
  }
  return command === normalizeCommand(specifier);
}

// ---------------------------------------------------------------------------------------------------------
// File paths

/**
 * Where a path rule's glob is anchored: `//abs` → `/`, `~/x` → home, `/x` and `x` → the working directory.
 * A pattern without a `/` (`*.env`) matches that name at any depth under the working directory, as in
 * .gitignore.
 */
export function resolvePathSpecifier(
  specifier: string,
  env: PermissionEnv,
): { base: string; pattern: string } {
  if (specifier.startsWith('//'))
    return { base: path.parse(env.home).root || '/', pattern: specifier.slice(2) };
  if (specifier === '~') return { base: env.home, pattern: '' };
  if (specifier.startsWith('~/')) return { base: env.home, pattern: specifier.slice(2) };
  if (specifier.startsWith('/')) return { base: env.workdir, pattern: specifier.slice(1) };
  const pattern = specifier.startsWith('./') ? specifier.slice(2) : specifier;
  return { base: env.workdir, pattern: pattern.includes('/') ? pattern : `**/${pattern}` };
}

const matcherCache = new Map<string, (p: string) => boolean>();
function globMatcher(pattern: string): (p: string) => boolean {
  let matcher = matcherCache.get(pattern);
  if (!matcher) {
    if (matcherCache.size > 500) matcherCache.clear();
    matcher = picomatch(pattern, { dot: true });
    matcherCache.set(pattern, matcher);
  }
  return matcher;
}

/** Whether an absolute path matches a path rule's specifier. */
export function matchPath(specifier: string, absolutePath: string, env: PermissionEnv): boolean {
  const { base, pattern } = resolvePathSpecifier(specifier, env);
  const relative = path.relative(base, absolutePath);
  if (relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative)) return false;
  const posix = relative.split(path.sep).join('/');
  if (pattern === '' || pattern === '/') return posix === '';
  return globMatcher(pattern.replace(/\/$/, '/**'))(posix);
}

// ---------------------------------------------------------------------------------------------------------
// Web hosts

export function hostOf(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  try {
    return new URL(url).hostname.toLowerCase().replace(/\.$/, '');
  } catch {
    return undefined;
  }
}

function matchDomain(specifier: string, host: string): boolean {
  const domain = specifier.slice('domain:'.length).toLowerCase().replace(/\.$/, '');
  if (domain.startsWith('*.')) return host.endsWith(domain.slice(1));
  return host === domain;
}

// ---------------------------------------------------------------------------------------------------------
// Matching

/** Whether a rule names this tool at all (its specifier aside). */
export function ruleAppliesToTool(rule: Rule, inv: Pick<ToolInvocation, 'tool' | 'effect'>): boolean {
  if (rule.tool === inv.tool) return true;
  if (rule.tool.startsWith('mcp__')) {
    const server = rule.tool.endsWith('__*') ? rule.tool.slice(0, -1) : `${rule.tool}__`;
    return inv.tool.startsWith(server) && inv.tool.length > server.length;
  }
  if (EDIT_TOOLS.has(rule.tool)) return rule.tool === 'Edit' && isEditTool(inv.tool, inv.effect);
  if (rule.tool === 'Read') return isReadTool(inv.tool);
  return false;
}

/**
 * What a call is made of as far as this rule is concerned: Bash's sub-commands, a file tool's paths, or
 * the one call. An empty list means the rule cannot judge the call (no command, no paths).
 */
function subjectsOf(rule: Rule, inv: ToolInvocation): string[] {
  if (rule.specifier === undefined) return [''];
  if (rule.tool === 'Bash') return bashSubjects(rule, inv);
  if (rule.tool === 'WebFetch') {
    const url = inv.target.url ?? (typeof inv.input['url'] === 'string' ? inv.input['url'] : undefined);
    const host = hostOf(url);
    return host === undefined ? [] : [host];
  }
  return inv.target.paths;
}

function matchSubject(rule: Rule, subject: string, env: PermissionEnv): boolean {
  if (rule.specifier === undefined) return true;
  if (rule.tool === 'Bash') return matchBash(rule.specifier, subject);
  if (rule.tool === 'WebFetch') return matchDomain(rule.specifier, subject);
  return matchPath(rule.specifier, subject, env);
}

/**
 * How a rule matches depends on its list: an allow rule must cover every sub-command and every path
 * (`npm test && rm -rf /` is not allowed by `Bash(npm test:*)`), a deny or ask rule catches the call when
 * any one matches.
 */
export function ruleMatchesForList(
  list: RuleList,
  rule: Rule | string,
  inv: ToolInvocation,
  env: PermissionEnv,
): boolean {
  const parsed = typeof rule === 'string' ? parseRule(rule) : rule;
  if (!ruleAppliesToTool(parsed, inv)) return false;
  const subjects = subjectsOf(parsed, inv);
  if (subjects.length === 0) return false;
  return list === 'allow'
    ? subjects.every((s) => matchSubject(parsed, s, env))
    : subjects.some((s) => matchSubject(parsed, s, env));
}

/** Whether the rule covers the whole call (every sub-command and path): the allow reading. */
export const matchRule = (rule: Rule | string, inv: ToolInvocation, env: PermissionEnv): boolean =>
  ruleMatchesForList('allow', rule, inv, env);

/**
 * The rules of a list that decide a call, or undefined. For deny and ask the first rule that catches any
 * part; for allow, rules that together cover every sub-command and path (`npm test && npm run lint` with
 * `Bash(npm test:*)` and `Bash(npm run lint)`). Rules that do not parse are skipped.
 */
export function findMatchingRules(
  list: RuleList,
  rules: readonly string[],
  inv: ToolInvocation,
  env: PermissionEnv,
): string[] | undefined {
  const parsed: { text: string; rule: Rule }[] = [];
  for (const text of rules) {
    try {
      const rule = parseRule(text);
      if (ruleAppliesToTool(rule, inv)) parsed.push({ text, rule });
    } catch {
      // A rule that no longer parses was refused when it was added; it never matches.
    }
  }
  if (list !== 'allow') {
    const hit = parsed.find(({ rule }) => ruleMatchesForList(list, rule, inv, env));
    return hit ? [hit.text] : undefined;
  }
  const whole = parsed.find(({ rule }) => ruleMatchesForList('allow', rule, inv, env));
  if (whole) return [whole.text];
  // Several rules covering different parts: each sub-command or path needs one rule covering it. An exact
  // compound Bash rule compares whole lines, so it cannot cover a part.
  const partRules = parsed.filter(
    ({ rule }) =>
      !(rule.tool === 'Bash' && rule.specifier !== undefined && splitCommand(rule.specifier).length > 1),
  );
  const first = partRules[0];
  if (!first) return undefined;
  const subjects = subjectsOf(first.rule, inv);
  if (subjects.length < 2) return undefined;
  const used: string[] = [];
  for (const subject of subjects) {
    const cover = partRules.find(({ rule }) => matchSubject(rule, subject, env));
    if (!cover) return undefined;
    if (!used.includes(cover.text)) used.push(cover.text);
  }
  return used;
}
