// Where a file tool may act: inside the run's working directory, or where a permission rule grants it.
// A path is judged by where it really leads (symlinks of its existing part resolved), not by how it is spelled.
import os from 'node:os';
import path from 'node:path';
import type { AgentToolContext, AgentToolResult } from '../types';
import { isInside } from '../../fs/inside';
import { realPathOf } from '../../fs/real-path';

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
 * The one check every file tool makes, on every path it touches (the path it is given and each entry a
 * walk meets): where the path really leads (symlinks resolved) and whether `tool` may act there — inside
 * the working directory, or where a permission rule grants it.
 */
export function checkToolPath(
  ctx: AgentToolContext,
  tool: string,
  abs: string,
): { real: string; allowed: boolean } {
  const real = realPathOf(abs);
  return { real, allowed: isAllowedReal(ctx, tool, real) };
}

/** The same check for a path already known to be real (an entry of a real folder that is not a link). */
export function isAllowedReal(ctx: AgentToolContext, tool: string, real: string): boolean {
  return isInside(ctx.workdir, real) || ctx.outsideAllowed(tool, real);
}

/**
 * The absolute path a tool may act on, symlinks of its existing part resolved. Throws `ToolInputError`
 * when it leads outside the working directory and no permission rule grants it for `tool`.
 */
export function resolveToolPath(ctx: AgentToolContext, tool: string, p: string): string {
  if (p.trim() === '') throw new ToolInputError('the path is empty');
  const { real, allowed } = checkToolPath(ctx, tool, absoluteToolPath(ctx, p));
  if (allowed) return real;
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
