// Where a file tool may act: inside the run's working directory, or where a permission rule grants it.
// A path is judged by where it really leads (symlinks of its existing part resolved), not by how it is spelled.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AgentToolContext, AgentToolResult } from '../types';
import { isInside } from '../../fs/inside';

/** Bad input from the model (a path outside, a missing file…): becomes an `isError` result, never a throw. */
export class ToolInputError extends Error {
  override name = 'ToolInputError';
}

/** The lexical absolute form: `~/` expanded, relative paths against the working directory, `..` folded. */
export function absoluteToolPath(ctx: AgentToolContext, p: string): string {
  if (p.includes('\0')) throw new ToolInputError(`"${p}" contains a NUL character`);
  let expanded = p;
  if (p === '~') expanded = os.homedir();
  else if (p.startsWith('~/') || p.startsWith(`~${path.sep}`)) expanded = path.join(os.homedir(), p.slice(2));
  return path.resolve(ctx.workdir, expanded);
}

/**
 * The absolute path a tool may act on, symlinks of its existing part resolved. Throws `ToolInputError`
 * when it leads outside the working directory and no permission rule grants it for `tool`.
 */
export function resolveToolPath(ctx: AgentToolContext, tool: string, p: string): string {
  if (p.trim() === '') throw new ToolInputError('the path is empty');
  const real = realPathOf(absoluteToolPath(ctx, p));
  if (isInside(ctx.workdir, real) || ctx.outsideAllowed(tool, real)) return real;
  throw new ToolInputError(
    `"${p}" is outside the working directory ${ctx.workdir} — file tools only act inside it ` +
      `(a permission rule such as ${tool}(~/notes/**) can grant a folder)`,
  );
}

/** How a path is shown to the user: relative to the working directory when inside it. */
export function displayPath(ctx: AgentToolContext, abs: string): string {
  if (!isInside(ctx.workdir, abs)) return abs;
  return path.relative(ctx.workdir, abs) || '.';
}

/** realpath of the nearest existing ancestor + the rest; a dangling symlink is followed to its target. */
function realPathOf(abs: string, depth = 0): string {
  if (depth > 40) throw new ToolInputError(`too many levels of symbolic links in ${abs}`);
  const rest: string[] = [];
  let current = abs;
  for (;;) {
    try {
      return path.join(fs.realpathSync.native(current), ...rest.reverse());
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
    const link = readLinkIfAny(current);
    if (link !== undefined) {
      // a dangling symlink: writing through it would create its target, so judge the target
      const target = path.resolve(path.dirname(current), link);
      return realPathOf(path.join(target, ...rest.reverse()), depth + 1);
    }
    const parent = path.dirname(current);
    if (parent === current) return path.join(current, ...rest.reverse());
    rest.push(path.basename(current));
    current = parent;
  }
}

function readLinkIfAny(p: string): string | undefined {
  try {
    return fs.readlinkSync(p);
  } catch {
    return undefined;
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/** The code of a Node system error (`ENOENT`, `EACCES`…), if it is one. */
export function errnoCode(error: unknown): string | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Turns the failures a model can cause (bad input, a file system refusal) into an error result for it to
 * correct itself; anything else is a real bug and is thrown on.
 */
export function failureResult(error: unknown, summary: string): AgentToolResult {
  if (error instanceof ToolInputError) return { isError: true, output: error.message, summary };
  const code = errnoCode(error);
  if (code !== undefined && /^E[A-Z]+$/.test(code)) {
    return { isError: true, output: (error as Error).message, summary };
  }
  throw error;
}
