// Grep: a JavaScript regular expression over the files of a folder (or one file), with ripgrep's
// options as Claude Code names them. Binaries, files over 2 MB, .git, node_modules and ignored files are skipped.
import fs from 'node:fs/promises';
import picomatch from 'picomatch';
import { z } from 'zod';
import { defineTool, MAX_TOOL_OUTPUT } from '../types';
import { capOutput, plural } from './output';
import { displayPath, failureResult, resolveToolPath, ToolInputError } from './paths';
import { skippedNote, walkFiles, type WalkReport } from './walk';

export const GREP_MAX_FILE_BYTES = 2 * 1024 * 1024;
const SNIFF_BYTES = 8192;

const input = z.object({
  pattern: z.string().describe('A regular expression (JavaScript syntax) to search for'),
  path: z.string().optional().describe('A file or folder to search (default: the working directory)'),
  glob: z.string().optional().describe('Only files matching this glob, e.g. "*.ts" or "src/**/*.{js,jsx}"'),
  output_mode: z
    .enum(['content', 'files_with_matches', 'count'])
    .optional()
    .describe(
      '"content": matching lines; "files_with_matches" (default): file paths; "count": matches per file',
    ),
  '-i': z.boolean().optional().describe('Case-insensitive'),
  '-n': z.boolean().optional().describe('Line numbers in content mode (default true)'),
  '-A': z.number().int().min(0).optional().describe('Lines of context after each match (content mode)'),
  '-B': z.number().int().min(0).optional().describe('Lines of context before each match (content mode)'),
  '-C': z.number().int().min(0).optional().describe('Lines of context around each match (content mode)'),
  head_limit: z.number().int().min(1).optional().describe('Only the first N lines / files / counts'),
  multiline: z.boolean().optional().describe('Let patterns span lines; `.` also matches newlines'),
});
type GrepInput = z.output<typeof input>;

export const grepTool = defineTool({
  name: 'Grep',
  description:
    'Searches file contents with a regular expression (JavaScript syntax). output_mode "files_with_matches" ' +
    '(default) lists files, newest first; "content" shows matching lines (with -n, -A, -B, -C); "count" ' +
    'counts per file. Filter files with glob. Skips binaries, files over 2 MB, .git, node_modules and ' +
    ".gitignore'd files.",
  effect: 'read',
  input,
  async target(args, ctx) {
    try {
      return { paths: [resolveToolPath(ctx, 'Grep', args.path ?? '.')] };
    } catch (error) {
      if (error instanceof ToolInputError) return { paths: [], error: error.message };
      throw error;
    }
  },
  async execute(args, ctx) {
    const summary = `Grep ${args.pattern} (failed)`;
    try {
      const regex = compile(args);
      const root = resolveToolPath(ctx, 'Grep', args.path ?? '.');
      const stat = await fs.stat(root).catch(() => undefined);
      if (!stat) throw new ToolInputError(`no such file or folder: ${args.path ?? root}`);
      const filter = args.glob ? globFilter(args.glob) : () => true;
      const mode = args.output_mode ?? 'files_with_matches';
      const hits: FileHits[] = [];
      const search = async (abs: string, real: string): Promise<void> => {
        const text = await readText(real);
        if (text === undefined) return;
        const lines = matchingLines(text, regex, args.multiline ?? false);
        // only content mode needs the text again: the others keep memory flat on big trees
        if (lines.size > 0) hits.push({ abs, text: mode === 'content' ? text : '', lines, mtime: 0 });
      };
      let report: WalkReport = { outside: [] };
      if (stat.isDirectory()) {
        report = await walkFiles(root, ctx, 'Grep', async ({ rel, abs, real }) => {
          if (filter(rel)) await search(abs, real);
        });
      } else {
        await search(root, root);
      }
      const where = displayPath(ctx, root);
      const note = skippedNote(report);
      const skipped = note ? `, ${plural(report.outside.length, 'link')} leading outside skipped` : '';
      if (hits.length === 0) {
        return {
          output: note ? `No matches found\n${note}` : 'No matches found',
          summary: `Grep ${args.pattern} in ${where}: no matches${skipped}`,
        };
      }
      const lines = await render(hits, mode, args);
      const limited = args.head_limit !== undefined && lines.length > args.head_limit;
      let output = (limited ? lines.slice(0, args.head_limit) : lines).join('\n');
      if (limited) output += `\n[${lines.length} lines; first ${args.head_limit} shown (head_limit)]`;
      const found =
        mode === 'content' ? plural(countAll(hits), 'matching line') : plural(hits.length, 'file');
      // the note goes after the cap, so a long answer never hides it
      const capped = note
        ? `${capOutput(output, MAX_TOOL_OUTPUT - note.length - 1)}\n${note}`
        : capOutput(output);
      return { output: capped, summary: `Grep ${args.pattern} in ${where}: ${found}${skipped}` };
    } catch (error) {
      return failureResult(error, summary);
    }
  },
});

interface FileHits {
  abs: string;
  text: string;
  /** 0-based numbers of the lines a match touches → matches starting on that line. */
  lines: Map<number, number>;
  mtime: number;
}

/** JavaScript syntax with the `u` flag first (for `\p{…}`), without it when the pattern needs the looser form. */
function compile(args: GrepInput): RegExp {
  let source = args.pattern;
  let flags = args['-i'] ? 'i' : '';
  // ripgrep's inline `(?i)` at the start, which JavaScript lacks
  const inline = /^\(\?([imsx]+)\)/.exec(source);
  if (inline) {
    source = source.slice(inline[0].length);
    if (inline[1]!.includes('i')) flags += 'i';
    if (inline[1]!.includes('s')) flags += 's';
  }
  if (args.multiline) flags += 's';
  flags = [...new Set(flags)].join('') + 'gm';
  try {
    return new RegExp(source, `${flags}u`);
  } catch (unicodeError) {
    try {
      return new RegExp(source, flags);
    } catch {
      throw new ToolInputError(
        `invalid regular expression ${JSON.stringify(args.pattern)}: ${(unicodeError as Error).message} ` +
          '(Grep uses JavaScript regular expression syntax; escape literal characters such as ( [ { . * + ? with \\)',
      );
    }
  }
}

/** A glob without `/` matches the file name anywhere (as ripgrep's --glob does). */
function globFilter(glob: string): (rel: string) => boolean {
  const isMatch = picomatch(glob, { dot: true, basename: !glob.includes('/') });
  return (rel) => isMatch(rel);
}

async function readText(abs: string): Promise<string | undefined> {
  let data;
  try {
    const stat = await fs.stat(abs);
    if (!stat.isFile() || stat.size > GREP_MAX_FILE_BYTES) return undefined;
    data = await fs.readFile(abs);
  } catch {
    return undefined; // vanished or unreadable: skipped
  }
  if (data.subarray(0, SNIFF_BYTES).includes(0)) return undefined;
  return data.toString('utf8');
}

function matchingLines(text: string, regex: RegExp, multiline: boolean): Map<number, number> {
  const found = new Map<number, number>();
  const starts = lineStarts(text);
  regex.lastIndex = 0;
  for (const match of text.matchAll(regex)) {
    const first = lineAt(starts, match.index);
    found.set(first, (found.get(first) ?? 0) + 1);
    if (multiline && match[0].length > 0) {
      const last = lineAt(starts, match.index + match[0].length - 1);
      for (let line = first + 1; line <= last; line += 1) if (!found.has(line)) found.set(line, 0);
    }
  }
  return found;
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

function lineAt(starts: number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

function countAll(hits: FileHits[]): number {
  return hits.reduce((sum, hit) => sum + hit.lines.size, 0);
}

async function render(hits: FileHits[], mode: GrepInput['output_mode'], args: GrepInput): Promise<string[]> {
  if (mode === 'count') {
    hits.sort((a, b) => (a.abs < b.abs ? -1 : 1));
    // as `rg --count`: lines with a match (a match spanning lines counts once)
    return hits.map((hit) => `${hit.abs}:${[...hit.lines.values()].filter((n) => n > 0).length}`);
  }
  if (mode === 'content') {
    hits.sort((a, b) => (a.abs < b.abs ? -1 : 1));
    return hits.flatMap((hit) => contentLines(hit, args));
  }
  await Promise.all(
    hits.map(async (hit) => {
      hit.mtime = (await fs.stat(hit.abs).catch(() => undefined))?.mtimeMs ?? 0;
    }),
  );
  hits.sort((a, b) => b.mtime - a.mtime || (a.abs < b.abs ? -1 : 1));
  return hits.map((hit) => hit.abs);
}

/** ripgrep's layout: `path:12:line` for matches, `path-13-line` for context, `--` between separate groups. */
function contentLines(hit: FileHits, args: GrepInput): string[] {
  const before = args['-B'] ?? args['-C'] ?? 0;
  const after = args['-A'] ?? args['-C'] ?? 0;
  const numbered = args['-n'] ?? true;
  const text = hit.text.endsWith('\n') ? hit.text.slice(0, -1) : hit.text;
  const all = text.split('\n');
  const shown = new Set<number>();
  for (const line of hit.lines.keys()) {
    for (let n = Math.max(0, line - before); n <= Math.min(all.length - 1, line + after); n += 1)
      shown.add(n);
  }
  const out: string[] = [];
  let previous = -2;
  for (const n of [...shown].sort((a, b) => a - b)) {
    if (previous >= 0 && n > previous + 1) out.push('--');
    const sep = hit.lines.has(n) ? ':' : '-';
    const line = all[n]!.replace(/\r$/, '');
    const cut = line.length > 500 ? `${line.slice(0, 500)}… [line cut]` : line;
    out.push(numbered ? `${hit.abs}${sep}${n + 1}${sep}${cut}` : `${hit.abs}${sep}${cut}`);
    previous = n;
  }
  return out;
}
