// GFM tables: a header row, a delimiter row with as many cells (its colons align the columns), rows.

import { startsItem } from './lists';
import { FENCE, HEADING, QUOTE, RULE } from './syntax';
import type { Align, Block } from './types';

/** A table's delimiter row: `| :--- | :---: | ---: |`, outer pipes optional. */
const DELIMITER_ROW = /^[ \t]*\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;

/** Splits a table row into cells: outer pipes dropped, `\|` is a pipe inside a cell. */
function tableCells(line: string): string[] {
  let row = line.trim();
  if (row.startsWith('|')) row = row.slice(1);
  const cells: string[] = [];
  let cell = '';
  let closed = false; // the row ends with a pipe: no cell after it
  for (let k = 0; k < row.length; k++) {
    const ch = row[k]!;
    closed = false;
    if (ch === '\\' && (row[k + 1] === '|' || row[k + 1] === '\\')) {
      cell += row[k + 1] === '|' ? '|' : '\\\\';
      k++;
    } else if (ch === '|') {
      cells.push(cell.trim());
      cell = '';
      closed = true;
    } else cell += ch;
  }
  if (!closed) cells.push(cell.trim());
  return cells;
}

/**
 * When line `i` is a table's header row — it has a pipe, and the next line is a delimiter row with as
 * many cells — the header cells and the columns' alignment; else null. Until its delimiter row arrives a
 * table is a paragraph.
 */
export function tableHeader(lines: string[], i: number): { header: string[]; align: Align[] } | null {
  const line = lines[i]!;
  const delimiter = lines[i + 1];
  if (delimiter === undefined || !line.includes('|') || !delimiter.includes('|')) return null;
  if (!DELIMITER_ROW.test(delimiter)) return null;
  const header = tableCells(line);
  const marks = tableCells(delimiter);
  if (header.length !== marks.length) return null;
  const align = marks.map((mark): Align => {
    const left = mark.startsWith(':');
    const right = mark.endsWith(':');
    return left && right ? 'center' : right ? 'right' : left ? 'left' : null;
  });
  return { header, align };
}

/** The table from its header at `i`: rows until a blank line or the start of another block. */
export function readTable(
  lines: string[],
  i: number,
  { header, align }: { header: string[]; align: Align[] },
): { block: Block; next: number } {
  const raw = [lines[i]!, lines[i + 1]!];
  const rows: string[][] = [];
  i += 2;
  while (i < lines.length) {
    const l = lines[i]!;
    if (l.trim() === '' || FENCE.test(l) || HEADING.test(l) || QUOTE.test(l) || RULE.test(l)) break;
    if (startsItem(l)) break;
    const cells = tableCells(l);
    rows.push(header.map((_, k) => cells[k] ?? ''));
    raw.push(l);
    i++;
  }
  return { block: { kind: 'table', align, header, rows, raw: raw.join('\n') }, next: i };
}
