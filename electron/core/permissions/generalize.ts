// The rule an "always for this skill" answer saves: wide enough that the same kind of call is not asked
// about again, narrow enough not to grant more than the user just saw.
import path from 'node:path';
import { isInside } from '../fs/inside';
import { hostOf, isEditTool, isReadTool } from './rules';
import { parseShellLine } from './shell-command';
import type { PermissionEnv, ToolInvocation } from './types';

/** A word that names a subcommand (`test`, `diff`, `run`), not a flag, path, quoted string or file name. */
const SUBCOMMAND = /^[a-z][a-z0-9-]*$/;
/** The first word must be a program name or path. */
const PROGRAM = /^[A-Za-z0-9_./~+-]+$/;

/**
 * One plain command (words only) → a prefix rule on its program (and subcommand); anything else — an
 * operator, a redirection, a substitution, a variable set before it — → the exact line, which matches only
 * itself.
 */
function bashRule(command: string): string {
  const line = parseShellLine(command);
  const exact = `Bash(${command.trim()})`;
  if (!line.readable || !line.combined || line.parts.length !== 1 || !line.parts[0]!.plain) return exact;
  const [first, second] = line.parts[0]!.words;
  if (first === undefined || !PROGRAM.test(first)) return exact;
  const prefix = second !== undefined && SUBCOMMAND.test(second) ? `${first} ${second}` : first;
  return `Bash(${prefix}:*)`;
}

/** Escapes what picomatch would read as glob syntax in a literal directory name. */
const escapeGlob = (text: string) => text.replace(/[*?[\]{}()!+@\\]/g, '\\$&');

/**
 * The file's own folder and everything below it: `Edit(src/lib/**)` inside the working directory,
 * `Edit(//abs/dir/**)` outside it. A file in the working directory's root gets `Edit(/*)` (the root's
 * files, not the whole tree).
 */
function pathRule(ruleTool: 'Edit' | 'Read', file: string, env: PermissionEnv): string {
  const dir = path.dirname(file);
  const toPosix = (p: string) => p.split(path.sep).map(escapeGlob).join('/');
  if (isInside(env.workdir, dir)) {
    const relative = path.relative(env.workdir, dir);
    return relative === '' ? `${ruleTool}(/*)` : `${ruleTool}(${toPosix(relative)}/**)`;
  }
  const absolute = toPosix(dir);
  return `${ruleTool}(/${absolute.startsWith('/') ? absolute : `/${absolute}`}/**)`;
}

export function generalizeRule(inv: ToolInvocation, env: PermissionEnv): string {
  if (inv.tool === 'Bash') {
    const command = inv.target.command ?? inv.input['command'];
    return typeof command === 'string' && command.trim() !== '' ? bashRule(command) : 'Bash';
  }
  const file = inv.target.paths[0];
  if (file !== undefined && !inv.tool.startsWith('mcp__')) {
    if (isEditTool(inv.tool, inv.effect)) return pathRule('Edit', file, env);
    if (isReadTool(inv.tool)) return pathRule('Read', file, env);
  }
  if (inv.tool === 'WebFetch') {
    const url = inv.target.url ?? inv.input['url'];
    const host = hostOf(typeof url === 'string' ? url : undefined);
    if (host !== undefined) return `WebFetch(domain:${host})`;
  }
  return inv.tool;
}
