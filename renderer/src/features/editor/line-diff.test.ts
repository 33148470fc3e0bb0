import { describe, expect, it } from 'vitest';
import { hasChanges, lineDiff } from './line-diff';

describe('lineDiff', () => {
  it('marks lines only on disk (theirs) and only in the editor (mine)', () => {
    const rows = lineDiff('a\nb\nc\n', 'a\nB\nc\nd\n');
    expect(rows).toEqual([
      { kind: 'same', text: 'a' },
      { kind: 'theirs', text: 'b' },
      { kind: 'mine', text: 'B' },
      { kind: 'same', text: 'c' },
      { kind: 'mine', text: 'd' },
    ]);
    expect(hasChanges(rows)).toBe(true);
  });

  it('folds long unchanged runs, keeping context around changes', () => {
    const same = Array.from({ length: 20 }, (_, i) => `line ${i}`);
    const theirs = [...same, 'end'].join('\n');
    const mine = [...same, 'END'].join('\n');
    const rows = lineDiff(theirs, mine, 2);
    expect(rows[0]).toEqual({ kind: 'skipped', count: 18 });
    expect(rows.slice(1).map((r) => ('text' in r ? r.text : r.count))).toEqual([
      'line 18',
      'line 19',
      'end',
      'END',
    ]);
  });

  it('treats CRLF like LF and reports no change for equal texts', () => {
    expect(hasChanges(lineDiff('a\r\nb\r\n', 'a\nb\n'))).toBe(false);
  });
});
