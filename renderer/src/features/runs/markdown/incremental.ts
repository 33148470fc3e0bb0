// Parsing a streamed answer as it grows, without reading it all again for every batch of tokens.

import { parseLines } from './blocks';
import type { Block } from './types';

/**
 * For text that grows at its end (streamed tokens): the same blocks as `parseBlocks`, but when the new
 * text extends the previous one only its last two blocks are read again — the others are final (the
 * reader looks ahead at most to the next non-blank line: a table's delimiter row, or what follows a
 * list's blank lines) and are returned as the same objects. Without this every batch of tokens re-read
 * the whole answer: quadratic over a long stream.
 */
export function createBlockParser(): (source: string) => Block[] {
  let last: { source: string; blocks: Block[]; starts: number[] } | null = null;
  return (source) => {
    if (last?.source === source) return last.blocks;
    const keep = last && source.startsWith(last.source) ? Math.max(0, last.blocks.length - 2) : 0;
    if (keep === 0 || source.includes('\r')) {
      last = { source, ...parseLines(source.replace(/\r\n?/g, '\n').split('\n')) };
      return last.blocks;
    }
    const from = last!.starts[keep]!;
    const tail = parseLines(source.slice(from).split('\n'));
    last = {
      source,
      blocks: last!.blocks.slice(0, keep).concat(tail.blocks),
      starts: last!.starts.slice(0, keep).concat(tail.starts.map((start) => start + from)),
    };
    return last.blocks;
  };
}
