// Read: a text file's lines numbered like `cat -n`, so the model can quote them back to Edit.
import fs from 'node:fs';
import readline from 'node:readline';
import { z } from 'zod';
import { defineTool, MAX_TOOL_OUTPUT } from '../types';
import { plural } from './output';
import { displayPath, errnoCode, failureResult, resolveToolPath, ToolInputError } from './paths';

export const READ_DEFAULT_LIMIT = 2000;
export const READ_MAX_LINE = 2000;
const SNIFF_BYTES = 8192;

const input = z.object({
  file_path: z.string().describe('The file to read: absolute, or relative to the working directory'),
  offset: z
    .number()
    .int()
    .min(0)
    .optional()
    .describe('The line number to start reading from (1-based). Only for files too long to read at once'),
  limit: z
    .number()
    .int()
    .min(1)
    .optional()
    .describe(`The number of lines to read (default ${READ_DEFAULT_LIMIT})`),
});

export const readTool = defineTool({
  name: 'Read',
  description:
    'Reads a text file. Lines come numbered (`cat -n` style: number, tab, line); ' +
    `at most ${READ_DEFAULT_LIMIT} lines from \`offset\`, lines over ${READ_MAX_LINE} characters cut. ` +
    'Use offset and limit to read a long file in parts.',
  effect: 'read',
  input,
  async target(args, ctx) {
    try {
      return { paths: [resolveToolPath(ctx, 'Read', args.file_path)] };
    } catch (error) {
      if (error instanceof ToolInputError) return { paths: [], error: error.message };
      throw error;
    }
  },
  async execute(args, ctx) {
    let summary = `Read ${args.file_path} (failed)`;
    try {
      const file = resolveToolPath(ctx, 'Read', args.file_path);
      const shown = displayPath(ctx, file);
      summary = `Read ${shown} (failed)`;
      await checkReadable(file, args.file_path);
      const start = Math.max(1, args.offset ?? 1);
      const limit = args.limit ?? READ_DEFAULT_LIMIT;
      const { lines, total, more } = await readLines(file, start, limit, ctx.signal);
      if (total === 0) {
        return { output: `<${shown} is empty>`, summary: `Read ${shown} (empty)` };
      }
      if (lines.length === 0) {
        return {
          isError: true,
          output: `offset ${start} is past the end of ${shown}, which has ${plural(total, 'line')}`,
          summary,
        };
      }
      const width = Math.max(6, String(start + lines.length - 1).length);
      // whole lines up to the output cap, so the note saying where to read on is never cut off
      const numbered: string[] = [];
      let size = 0;
      for (const [i, line] of lines.entries()) {
        const entry = `${String(start + i).padStart(width)}\t${line}`;
        if (numbered.length > 0 && size + entry.length + 1 > MAX_TOOL_OUTPUT - 200) break;
        numbered.push(entry);
        size += entry.length + 1;
      }
      let text = numbered.join('\n');
      const last = start + numbered.length - 1;
      if (more || numbered.length < lines.length) {
        text += `\n[showing lines ${start}–${last}; the file goes on — read on with offset ${last + 1}]`;
      }
      return { output: text, summary: `Read ${shown} (${plural(numbered.length, 'line')})` };
    } catch (error) {
      return failureResult(error, summary);
    }
  },
});

async function checkReadable(file: string, asGiven: string): Promise<void> {
  let stat;
  try {
    stat = await fs.promises.stat(file);
  } catch (error) {
    if (errnoCode(error) === 'ENOENT' || errnoCode(error) === 'ENOTDIR') {
      throw new ToolInputError(`file not found: ${asGiven}`);
    }
    throw error;
  }
  if (stat.isDirectory()) {
    throw new ToolInputError(`${asGiven} is a directory, not a file — list it with Glob or Bash (ls)`);
  }
  const handle = await fs.promises.open(file, 'r');
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    if (buffer.subarray(0, bytesRead).includes(0)) {
      throw new ToolInputError(`${asGiven} is a binary file (it contains NUL bytes); Read shows text only`);
    }
  } finally {
    await handle.close();
  }
}

/** Streams the file, so a huge one costs only the lines asked for (plus a count of the lines before them). */
async function readLines(
  file: string,
  start: number,
  limit: number,
  signal: AbortSignal,
): Promise<{ lines: string[]; total: number; more: boolean }> {
  const stream = fs.createReadStream(file, { encoding: 'utf8' });
  const reader = readline.createInterface({ input: stream, crlfDelay: Infinity });
  const lines: string[] = [];
  let n = 0;
  let more = false;
  try {
    for await (const line of reader) {
      if (signal.aborted) throw new ToolInputError('cancelled');
      n += 1;
      if (n < start) continue;
      if (lines.length === limit) {
        more = true;
        break;
      }
      lines.push(line.length > READ_MAX_LINE ? `${line.slice(0, READ_MAX_LINE)}… [line cut]` : line);
    }
  } finally {
    reader.close();
    stream.destroy();
  }
  return { lines, total: n, more };
}
