// Lists: items by indent, nested lists, task items, and the blank lines a list may hold.

import { RULE } from './syntax';
import type { Block, ListItem } from './types';

/** A list item once its indent is in spaces: indent, marker, the spaces after it, the content. */
const ITEM = /^( *)([-*+]|\d{1,9}[.)])([ \t]+)(.*)$/;
const TASK = /^\[([ xX])\][ \t]+(.*)$/s;
/** Lists nested deeper than this keep their inner lines as text (no unbounded recursion). */
const MAX_DEPTH = 12;

/** Reads an item's lines as blocks (the block reader, passed in). */
type ReadBlocks = (lines: string[], depth: number) => Block[];

/** Leading tabs as spaces (tab stops of 4), so indents compare as columns. */
function expandIndent(line: string): string {
  if (line[0] !== ' ' && line[0] !== '\t') return line;
  const lead = /^[ \t]*/.exec(line)![0];
  if (!lead.includes('\t')) return line;
  let column = 0;
  for (const ch of lead) column = ch === '\t' ? column + 4 - (column % 4) : column + 1;
  return ' '.repeat(column) + line.slice(lead.length);
}

const indentOf = (line: string) => line.length - line.trimStart().length;

/** A list item that starts a list: its marker indented by at most 3 spaces. */
export function startsItem(line: string): boolean {
  const item = ITEM.exec(expandIndent(line));
  return item !== null && item[1]!.length <= 3;
}

const isOrderedMarker = (marker: string) => marker >= '0' && marker <= '9';

/**
 * A list from its first item at `i`. Items are the lines with a marker of the same kind at about the
 * first one's indent (up to one space more); a line indented further belongs to the item above it —
 * 2–4 spaces or a tab is enough to nest — and is read again as blocks, de-indented, so a list there is
 * a nested list. A blank line keeps the list going when the next line is an item or indented under one
 * (the reader looks at the first line after the blank ones, nothing further).
 */
export function readList(
  lines: string[],
  i: number,
  depth: number,
  readBlocks: ReadBlocks,
): { block: Block; next: number } {
  const first = ITEM.exec(expandIndent(lines[i]!))!;
  const base = first[1]!.length;
  const ordered = isOrderedMarker(first[2]![0]!);
  // an item at about the first one's indent (a sibling when its marker is of the same kind), else null
  const outer = (line: string) => {
    const m = ITEM.exec(line);
    return m !== null && m[1]!.length <= base + 1 ? m : null;
  };
  const sibling = (m: RegExpExecArray, line: string) =>
    isOrderedMarker(m[2]![0]!) === ordered && !RULE.test(line);
  type Item = { lines: string[]; raw: string[]; content: number };
  const items: Item[] = [];
  const raw: string[] = [];
  const startItem = (m: RegExpExecArray) => {
    const spaces = m[3]!.length;
    // where the item's text starts: lines indented that far (or less) are de-indented by that much
    const content = m[1]!.length + m[2]!.length + (spaces > 4 || m[4] === '' ? 1 : spaces);
    items.push({ lines: [m[4]!], raw: [lines[i]!], content });
    raw.push(lines[i]!);
    i++;
  };
  startItem(first);
  while (i < lines.length) {
    const line = expandIndent(lines[i]!);
    const item = items[items.length - 1]!;
    if (line.trim() === '') {
      let j = i + 1;
      while (j < lines.length && lines[j]!.trim() === '') j++;
      if (j === lines.length) break;
      const next = expandIndent(lines[j]!);
      const m = outer(next);
      if (m ? !sibling(m, next) : indentOf(next) < base + 2) break;
      for (; i < j; i++) {
        raw.push(lines[i]!);
        item.lines.push('');
        item.raw.push(lines[i]!);
      }
      continue;
    }
    const indent = indentOf(line);
    const m = outer(line);
    if (m) {
      if (!sibling(m, line)) break;
      startItem(m);
    } else if (indent > base) {
      item.lines.push(line.slice(Math.min(indent, item.content)));
      item.raw.push(lines[i]!);
      raw.push(lines[i]!);
      i++;
    } else break;
  }
  const block: Block = {
    kind: 'list',
    ordered,
    start: ordered ? Number(/\d+/.exec(first[2]!)![0]) : 1,
    items: items.map((item) => listItem(item.lines, item.raw.join('\n'), depth, readBlocks)),
    raw: raw.join('\n'),
  };
  return { block, next: i };
}

function listItem(lines: string[], raw: string, depth: number, readBlocks: ReadBlocks): ListItem {
  let checked: boolean | null = null;
  const task = TASK.exec(lines[0]!);
  if (task) {
    checked = task[1] !== ' ';
    lines = [task[2]!, ...lines.slice(1)];
  }
  if (depth + 1 >= MAX_DEPTH) {
    const text = lines
      .map((l) => l.trim())
      .filter((l) => l !== '')
      .join('\n');
    return { blocks: text ? [{ kind: 'paragraph', text, raw: text }] : [], checked, raw };
  }
  // most items are one line of text: no need to read it as blocks
  if (lines.length === 1 && /^\s*[^-*+_#>`~|\d\s]/.test(lines[0]!)) {
    return { blocks: [{ kind: 'paragraph', text: lines[0]!, raw: lines[0]! }], checked, raw };
  }
  return { blocks: readBlocks(lines, depth + 1), checked, raw };
}
