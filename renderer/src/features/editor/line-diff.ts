import { diffLines } from 'diff';

export type DiffRow =
  | { kind: 'same' | 'theirs' | 'mine'; text: string }
  /** A run of unchanged lines left out. */
  | { kind: 'skipped'; count: number };

const lines = (value: string) => {
  const parts = value.split('\n');
  if (parts.at(-1) === '') parts.pop();
  return parts;
};

/**
 * A line diff of the file on disk (theirs) against the editor's text (mine). Unchanged runs longer
 * than 2 × `context` lines keep `context` lines on each side of a change.
 */
export function lineDiff(theirs: string, mine: string, context = 3): DiffRow[] {
  const rows: DiffRow[] = [];
  for (const change of diffLines(theirs.replace(/\r\n/g, '\n'), mine.replace(/\r\n/g, '\n'))) {
    const kind = change.added ? 'mine' : change.removed ? 'theirs' : 'same';
    for (const text of lines(change.value)) rows.push({ kind, text });
  }
  const out: DiffRow[] = [];
  for (let i = 0; i < rows.length;) {
    if (rows[i]!.kind !== 'same') {
      out.push(rows[i++]!);
      continue;
    }
    let end = i;
    while (end < rows.length && rows[end]!.kind === 'same') end++;
    const head = i === 0 ? 0 : context;
    const tail = end === rows.length ? 0 : context;
    if (end - i > head + tail + 1) {
      out.push(...rows.slice(i, i + head), { kind: 'skipped', count: end - i - head - tail });
      out.push(...rows.slice(end - tail, end));
    } else out.push(...rows.slice(i, end));
    i = end;
  }
  return out;
}

export const hasChanges = (rows: readonly DiffRow[]) =>
  rows.some((r) => r.kind === 'theirs' || r.kind === 'mine');
