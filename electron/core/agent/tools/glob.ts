// Glob: files whose path matches a pattern, newest first (as Claude Code answers), absolute paths.
import fs from 'node:fs/promises';
import path from 'node:path';
import picomatch from 'picomatch';
import { z } from 'zod';
import { defineTool, type AgentToolContext } from '../types';
import { plural } from './output';
import { displayPath, failureResult, resolveToolPath, ToolInputError } from './paths';
import { skippedNote, walkFiles } from './walk';

export const GLOB_MAX_RESULTS = 1000;

const input = z.object({
  pattern: z.string().describe('The glob to match, e.g. "**/*.ts" or "src/**/*.{js,jsx}"'),
  path: z.string().optional().describe('The folder to search in (default: the working directory)'),
});

export const globTool = defineTool({
  name: 'Glob',
  description:
    'Finds files by glob pattern (`**` crosses folders, `{a,b}` alternatives). Returns absolute paths, ' +
    `most recently modified first, at most ${GLOB_MAX_RESULTS}. Skips .git, node_modules and .gitignore'd files.`,
  effect: 'read',
  input,
  async target(args, ctx) {
    try {
      return { paths: [globRoot(args, ctx).root] };
    } catch (error) {
      if (error instanceof ToolInputError) return { paths: [], error: error.message };
      throw error;
    }
  },
  async execute(args, ctx) {
    const summary = `Glob ${args.pattern} (failed)`;
    try {
      const { root, glob } = globRoot(args, ctx);
      const stat = await fs.stat(root).catch(() => undefined);
      if (!stat?.isDirectory()) throw new ToolInputError(`no such folder: ${args.path ?? root}`);
      const isMatch = picomatch(glob, { dot: true });
      const found: string[] = [];
      const report = await walkFiles(root, ctx, 'Glob', ({ abs, rel }) => {
        if (isMatch(rel)) found.push(abs);
      });
      const sorted = await newestFirst(found);
      const where = displayPath(ctx, root);
      const note = skippedNote(report);
      const skipped = note ? `, ${plural(report.outside.length, 'link')} leading outside skipped` : '';
      if (sorted.length === 0) {
        return {
          output: note ? `No files found\n${note}` : 'No files found',
          summary: `Glob ${args.pattern} in ${where}: no files${skipped}`,
        };
      }
      const shown = sorted.slice(0, GLOB_MAX_RESULTS);
      let output = shown.join('\n');
      if (sorted.length > shown.length) {
        output += `\n[${sorted.length} files matched; the ${GLOB_MAX_RESULTS} most recently modified shown — narrow the pattern or path]`;
      }
      if (note) output += `\n${note}`;
      return {
        output,
        summary: `Glob ${args.pattern} in ${where}: ${plural(sorted.length, 'file')}${skipped}`,
      };
    } catch (error) {
      return failureResult(error, summary);
    }
  },
});

/** The folder to walk and the pattern relative to it: a literal leading part (`src/`, `/abs/dir/`) moves into the folder. */
function globRoot(
  args: { pattern: string; path?: string },
  ctx: AgentToolContext,
): { root: string; glob: string } {
  if (args.pattern.trim() === '') throw new ToolInputError('the pattern is empty');
  const scan = picomatch.scan(args.pattern);
  const base = scan.isGlob ? scan.base : path.dirname(args.pattern);
  const glob = scan.isGlob ? scan.glob : path.basename(args.pattern);
  const start = args.path ?? '.';
  const joined = path.isAbsolute(base) || base.startsWith('~') ? base : path.join(start, base || '.');
  return { root: resolveToolPath(ctx, 'Glob', joined), glob };
}

async function newestFirst(files: string[]): Promise<string[]> {
  const times = await Promise.all(
    files.map(async (file) => {
      const stat = await fs.stat(file).catch(() => undefined);
      return { file, mtime: stat?.mtimeMs ?? 0 };
    }),
  );
  times.sort((a, b) => b.mtime - a.mtime || (a.file < b.file ? -1 : 1));
  return times.map((t) => t.file);
}
