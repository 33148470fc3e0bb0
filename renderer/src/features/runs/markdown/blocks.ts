// The block reader: fences, headings, rules, quotes and paragraphs here; lists and tables in their own
// files. A list item's content is read by this reader again (passed to readList, so no import cycle).

import { readList, startsItem } from './lists';
import { FENCE, HEADING, QUOTE, RULE } from './syntax';
import { readTable, tableHeader } from './tables';
import type { Block } from './types';

/** The blocks of a Markdown text, in order. Each block keeps its source (`raw`) so a view can memoize it. */
export function parseBlocks(source: string): Block[] {
  return parseLines(source.replace(/\r\n?/g, '\n').split('\n')).blocks;
}

/** The blocks of these lines, and where each block starts (a character offset in the joined lines). */
export function parseLines(lines: string[], depth = 0): { blocks: Block[]; starts: number[] } {
  const blocks: Block[] = [];
  const starts: number[] = [];
  let i = 0;
  let offset = 0; // where line `at` starts
  let at = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (line.trim() === '') {
      i++;
      continue;
    }
    for (; at < i; at++) offset += lines[at]!.length + 1;
    starts.push(offset);
    const fence = FENCE.exec(line);
    if (fence) {
      const marker = fence[1]!;
      const body: string[] = [];
      let closed = false;
      i++;
      while (i < lines.length) {
        const l = lines[i]!;
        if (l.trim().startsWith(marker[0]!.repeat(marker.length)) && l.trim().replace(/[`~]/g, '') === '') {
          closed = true;
          i++;
          break;
        }
        body.push(l);
        i++;
      }
      const text = body.join('\n');
      blocks.push({ kind: 'code', lang: fence[2] ?? '', text, closed, raw: `${line}\n${text}${closed}` });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      const level = heading[1]!.length as 1 | 2 | 3 | 4 | 5 | 6;
      blocks.push({ kind: 'heading', level, text: heading[2]!, raw: line });
      i++;
      continue;
    }
    if (RULE.test(line)) {
      blocks.push({ kind: 'rule', raw: line });
      i++;
      continue;
    }
    if (QUOTE.test(line)) {
      const body: string[] = [];
      while (i < lines.length && QUOTE.test(lines[i]!)) body.push(QUOTE.exec(lines[i++]!)![1]!);
      blocks.push({ kind: 'quote', text: body.join('\n'), raw: body.join('\n') });
      continue;
    }
    if (startsItem(line)) {
      const list = readList(lines, i, depth, (inner: string[], d: number) => parseLines(inner, d).blocks);
      blocks.push(list.block);
      i = list.next;
      continue;
    }
    const header = tableHeader(lines, i);
    if (header) {
      const table = readTable(lines, i, header);
      blocks.push(table.block);
      i = table.next;
      continue;
    }
    const para: string[] = [];
    while (i < lines.length) {
      const l = lines[i]!;
      if (l.trim() === '' || FENCE.test(l) || HEADING.test(l) || QUOTE.test(l) || RULE.test(l)) break;
      if (para.length > 0 && (startsItem(l) || tableHeader(lines, i))) break;
      para.push(l);
      i++;
    }
    blocks.push({ kind: 'paragraph', text: para.join('\n'), raw: para.join('\n') });
  }
  return { blocks, starts };
}
