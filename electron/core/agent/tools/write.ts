// Write: replaces (or creates) a whole file, atomically; the diff is worked out first for the prompt.
import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from '../../fs/atomic-write';
import { defineTool, type AgentToolContext, type ToolTarget } from '../types';
import { plural } from './output';
import {
  displayPath,
  errnoCode,
  failureResult,
  resolveToolPath,
  ToolInputError,
  absoluteToolPath,
} from './paths';

/** Diffing is quadratic at worst: past this size the prompt says so instead of showing one. */
const MAX_DIFF_INPUT = 1_000_000;

const input = z.object({
  file_path: z.string().describe('The file to write: absolute, or relative to the working directory'),
  content: z.string().describe('The whole new content of the file'),
});

export const writeTool = defineTool({
  name: 'Write',
  description:
    'Writes a whole file, creating it (and its folders) or replacing it. To change part of an existing ' +
    'file prefer Edit. Read an existing file before replacing it.',
  effect: 'edit',
  input,
  async target(args, ctx) {
    try {
      const file = resolveToolPath(ctx, 'Write', args.file_path);
      const old = await currentText(file, args.file_path);
      return { paths: [file], diff: await unifiedDiff(ctx, file, old ?? '', args.content) };
    } catch (error) {
      return refusedTarget(ctx, args.file_path, error);
    }
  },
  async execute(args, ctx) {
    let summary = `Write ${args.file_path} (failed)`;
    try {
      const file = resolveToolPath(ctx, 'Write', args.file_path);
      const shown = displayPath(ctx, file);
      summary = `Write ${shown} (failed)`;
      const old = await currentText(file, args.file_path);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await writeFileAtomic(file, args.content);
      const lines = plural(countLines(args.content), 'line');
      return old === undefined
        ? { output: `Created ${shown} (${lines})`, summary: `Created ${shown} (${lines})` }
        : { output: `Wrote ${shown} (${lines})`, summary: `Wrote ${shown} (${lines})` };
    } catch (error) {
      return failureResult(error, summary);
    }
  },
});

/** The file's text, or undefined when it does not exist yet. A folder is refused. */
export async function currentText(file: string, asGiven: string): Promise<string | undefined> {
  try {
    return await fs.readFile(file, 'utf8');
  } catch (error) {
    const code = errnoCode(error);
    if (code === 'ENOENT') return undefined;
    if (code === 'EISDIR') throw new ToolInputError(`${asGiven} is a directory, not a file`);
    throw error;
  }
}

/** The change as a unified diff (the `diff` package loads with the first edit, not with the tools). */
export async function unifiedDiff(
  ctx: AgentToolContext,
  file: string,
  before: string,
  after: string,
): Promise<string> {
  const name = displayPath(ctx, file);
  if (before.length + after.length > MAX_DIFF_INPUT) {
    return `(${name}: too large to diff — ${before.length} → ${after.length} characters)`;
  }
  const { createTwoFilesPatch } = await import('diff');
  return createTwoFilesPatch(`a/${name}`, `b/${name}`, before, after);
}

/** A target for a call that cannot run: the path as written (absolute) and why. */
export function refusedTarget(ctx: AgentToolContext, asGiven: string, error: unknown): ToolTarget {
  if (error instanceof ToolInputError || errnoCode(error) !== undefined) {
    let paths: string[] = [];
    try {
      paths = [absoluteToolPath(ctx, asGiven)];
    } catch {
      // the path itself is malformed (NUL): nothing to show
    }
    return { paths, error: (error as Error).message };
  }
  throw error;
}

export function countLines(text: string): number {
  if (text === '') return 0;
  const n = text.split('\n').length;
  return text.endsWith('\n') ? n - 1 : n;
}
