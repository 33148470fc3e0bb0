// Permission rules in Claude Code's syntax (DESIGN §6): `Tool`, `Tool(specifier)`, `mcp__server__tool`,
// `mcp__server`. Parsing and matching one rule against one tool call; the order of lists is in decide.ts.
import path from 'node:path';
import picomatch from 'picomatch';
import { parseShellLine, type ShellLine, type ShellPart } from './shell-command';
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
/** Tools whose rules name a domain: the page WebFetch reaches, the results WebSearch keeps. */
const isDomainRuleTool = (tool: string) => tool === 'WebFetch' || tool === 'WebSearch';

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

/** The rules of a list that parse; one that does not was refused when added and never matches. */
export function parseRules(texts: readonly string[]): Rule[] {
  const rules: Rule[] = [];
  for (const text of texts) {
    try {
      rules.push(parseRule(text));
    } catch (error) {
      if (!(error instanceof RuleError)) throw error;
    }
  }
  return rules;
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
    if (markAt !== -1 && specifier.slice(0, markAt).trim() === '')
      throw bad(text, 'a prefix rule needs a command before `:*`', 'Bash(git diff:*)');
    if (markAt !== -1 && bashPattern(specifier) === undefined)
      throw bad(
        text,
        'a prefix rule must be one command of plain words — no `&&`, `;`, `|`, redirection, `$(…)` or ' +
          'variable set before it; to allow one exact command line with those, write it whole without `:*`',
        'Bash(npm test:*)',
      );
    return;
  }
  if (isDomainRuleTool(tool)) {
    const host = specifier.startsWith('domain:') ? specifier.slice('domain:'.length) : undefined;
    if (host === undefined) throw bad(text, `${tool} rules name a domain`, `${tool}(domain:example.com)`);
    if (!/^(\*\.)?[^\s/*:[\]]+$|^\[[0-9a-fA-F:.]+\]$/.test(host))
      throw bad(
        text,
        'the domain must be a host name, optionally starting with `*.`',
        `${tool}(domain:*.example.com)`,
      );
    return;
  }
  if (isFileRuleTool(tool)) return;
  throw bad(
    text,
    `${tool} takes no specifier; write \`${tool}\` to match every call (specifiers are for Bash, Edit, Write, Read, Glob, Grep, WebFetch and WebSearch)`,
    tool,
  );
}

export function formatRule(rule: Rule): string {
  return rule.specifier === undefined ? rule.tool : `${rule.tool}(${rule.specifier})`;
}

/** `text` parsed and written back in its one canonical spelling (trimmed), for storage and comparison. */
export const normalizeRule = (text: string): string => formatRule(parseRule(text));

// ---------------------------------------------------------------------------------------------------------
// Bash commands (read by the shell parser: see shell-command.ts and docs/SKILL-FORMAT.md)

/**
 * What a Bash rule's specifier means. `prefix` (`npm test:*`) and `command` (`git diff`) match one plain
 * command — words only — wherever it stands in a line; `line` (`npm ci && npm test`, `echo x > out.txt`)
 * spells a whole line with its operators and matches exactly that line. A line that cannot be read never
 * matches (`canonical` undefined).
 */
type BashPattern =
  { kind: 'prefix' | 'command'; words: string[] } | { kind: 'line'; canonical: string | undefined };

const patternCache = new Map<string, BashPattern | undefined>();

/** The pattern of a specifier; undefined for a prefix that is not one plain command (refused by parseRule). */
function bashPattern(specifier: string): BashPattern | undefined {
  if (patternCache.has(specifier)) return patternCache.get(specifier);
  const prefix = specifier.endsWith(PREFIX_MARK);
  const line = parseShellLine(prefix ? specifier.slice(0, -PREFIX_MARK.length) : specifier);
  const single =
    line.readable && line.combined && line.parts.length === 1 && line.parts[0]!.plain
      ? line.parts[0]!
      : undefined;
  let pattern: BashPattern | undefined;
  if (prefix) pattern = single ? { kind: 'prefix', words: single.words } : undefined;
  else if (single) pattern = { kind: 'command', words: single.words };
  else pattern = { kind: 'line', canonical: line.readable ? line.canonical : undefined };
  if (patternCache.size > 500) patternCache.clear();
  patternCache.set(specifier, pattern);
  return pattern;
}

function commandOf(inv: Pick<ToolInvocation, 'input' | 'target'>): string | undefined {
  if (inv.target.command !== undefined) return inv.target.command;
  const fromInput = inv.input['command'];
  return typeof fromInput === 'string' ? fromInput : undefined;
}

/** The Bash call's command line as read by the parser, or undefined when the call carries none. */
export function bashLineOf(inv: Pick<ToolInvocation, 'input' | 'target'>): ShellLine | undefined {
  const command = commandOf(inv);
  return command === undefined ? undefined : parseShellLine(command);
}

function wordsMatch(pattern: { kind: 'prefix' | 'command'; words: string[] }, words: string[]): boolean {
  if (
    pattern.kind === 'command' ? words.length !== pattern.words.length : words.length < pattern.words.length
  )
    return false;
  return pattern.words.every((word, i) => words[i] === word);
}

/**
 * Whether a Bash rule matches a call for a list. Allow: the line is only commands joined by operators and
 * every one of them is plain and matched. Deny and ask: any command of the line matches, plain or not
 * (`FOO=1 rm -rf / > log` is caught by `Bash(rm:*)`). A `line` pattern compares the whole line.
 */
function matchBashRule(list: RuleList, specifier: string, inv: ToolInvocation): boolean {
  const line = bashLineOf(inv);
  const pattern = bashPattern(specifier);
  if (!line?.readable || !pattern) return false;
  if (pattern.kind === 'line') return pattern.canonical !== undefined && pattern.canonical === line.canonical;
  if (list !== 'allow') return line.parts.some((part) => wordsMatch(pattern, part.words));
  return allowableParts(line)?.every((part) => wordsMatch(pattern, part.words)) ?? false;
}

/** The parts an allow rule must cover, or undefined when no part rule can allow this line. */
function allowableParts(line: ShellLine): ShellPart[] | undefined {
  if (!line.readable || !line.combined || line.parts.length === 0) return undefined;
  return line.parts.every((part) => part.plain) ? line.parts : undefined;
}

/**
 * Allow rules that together cover every command of a Bash line (`npm test && npm run lint` with
 * `Bash(npm test:*)` and `Bash(npm run lint)`), or undefined. Whole-line rules cannot cover a part.
 */
function coverBashParts(rules: { text: string; rule: Rule }[], inv: ToolInvocation): string[] | undefined {
  const line = bashLineOf(inv);
  const parts = line ? allowableParts(line) : undefined;
  if (!parts || parts.length < 2) return undefined;
  const partRules = rules.flatMap(({ text, rule }) => {
    const pattern = rule.specifier === undefined ? undefined : bashPattern(rule.specifier);
    return pattern && pattern.kind !== 'line' ? [{ text, pattern }] : [];
  });
  const used: string[] = [];
  for (const part of parts) {
    const cover = partRules.find(({ pattern }) => wordsMatch(pattern, part.words));
    if (!cover) return undefined;
    if (!used.includes(cover.text)) used.push(cover.text);
  }
  return used;
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

/** Whether a host is the `domain:` specifier's (`domain:example.com` that host only, `domain:*.example.com` below it). */
export function matchDomain(specifier: string, host: string): boolean {
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
  if (rule.tool === 'WebFetch') {
    const url = inv.target.url ?? (typeof inv.input['url'] === 'string' ? inv.input['url'] : undefined);
    const host = hostOf(url);
    return host === undefined ? [] : [host];
  }
  return inv.target.paths;
}

function matchSubject(rule: Rule, subject: string, env: PermissionEnv): boolean {
  if (rule.specifier === undefined) return true;
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
  // A search reaches no page of its own: a domain rule allows it (its results kept to the allowed
  // domains) or asks about it; a deny one leaves that domain's results out, not the search
  // (permissions/web-search-scope.ts).
  if (parsed.tool === 'WebSearch' && parsed.specifier !== undefined) return list !== 'deny';
  if (parsed.tool === 'Bash' && parsed.specifier !== undefined)
    return matchBashRule(list, parsed.specifier, inv);
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
    } catch (error) {
      // A rule that no longer parses was refused when it was added; it never matches.
      if (!(error instanceof RuleError)) throw error;
    }
  }
  if (list !== 'allow') {
    const hit = parsed.find(({ rule }) => ruleMatchesForList(list, rule, inv, env));
    return hit ? [hit.text] : undefined;
  }
  const whole = parsed.find(({ rule }) => ruleMatchesForList('allow', rule, inv, env));
  if (whole) return [whole.text];
  // Several rules covering different parts: each command or path needs one rule covering it.
  if (inv.tool === 'Bash') return coverBashParts(parsed, inv);
  const first = parsed[0];
  if (!first) return undefined;
  const subjects = subjectsOf(first.rule, inv);
  if (subjects.length < 2) return undefined;
  const used: string[] = [];
  for (const subject of subjects) {
    const cover = parsed.find(({ rule }) => matchSubject(rule, subject, env));
    if (!cover) return undefined;
    if (!used.includes(cover.text)) used.push(cover.text);
  }
  return used;
}
