import { describe, expect, it } from 'vitest';
import { allMemosFileName, MAX_SLUG_CHARS, memoFileName, slugify } from './export-file';

describe('memo export file names', () => {
  it('all memos: skilldeck-memos- and the local date', () => {
    expect(allMemosFileName(new Date(2026, 10, 21, 23, 59))).toBe('skilldeck-memos-2026-11-21.md');
    expect(allMemosFileName(new Date(2027, 0, 5, 0, 0))).toBe('skilldeck-memos-2027-01-05.md');
  });

  it('one memo: a lower-case slug of its title', () => {
    expect(memoFileName({ id: 3, title: 'Buy oat milk' })).toBe('buy-oat-milk.md');
    expect(memoFileName({ id: 3, title: '  Notes: Q3 / "plans" (draft)... ' })).toBe(
      'notes-q3-plans-draft.md',
    );
  });

  it('keeps Chinese and other scripts, drops what a file system may refuse', () => {
    expect(memoFileName({ id: 3, title: 'Buy oat milk 燕麦奶' })).toBe('buy-oat-milk-燕麦奶.md');
    expect(memoFileName({ id: 3, title: '会议纪要：第一季度' })).toBe('会议纪要-第一季度.md');
    expect(slugify('Café Ünïcode')).toBe('café-ünïcode');
    expect(slugify('a\\b/c:d*e?f"g<h>i|j')).toBe('a-b-c-d-e-f-g-h-i-j');
    expect(slugify('tab\there\nnew\u0000line\u202e')).toBe('tab-here-new-line');
    expect(slugify('../../etc/passwd')).toBe('etc-passwd');
    expect(slugify('Ｆｕｌｌｗｉｄｔｈ １２３')).toBe('fullwidth-123');
    expect(slugify('🎉 party 🎉')).toBe('party');
  });

  it('falls back to the id when the title leaves nothing, or a Windows device name', () => {
    expect(memoFileName({ id: 42, title: '' })).toBe('memo-42.md');
    expect(memoFileName({ id: 42, title: '!!! ... ???' })).toBe('memo-42.md');
    expect(memoFileName({ id: 42, title: '🎉🎉' })).toBe('memo-42.md');
    expect(memoFileName({ id: 42, title: 'CON' })).toBe('memo-42.md');
    expect(memoFileName({ id: 42, title: 'lpt1' })).toBe('memo-42.md');
    expect(memoFileName({ id: 42, title: 'console' })).toBe('console.md');
  });

  it('cuts long titles by characters, never leaving a trailing dash', () => {
    const long = slugify('字'.repeat(200));
    expect(Array.from(long)).toHaveLength(MAX_SLUG_CHARS);
    expect(new TextEncoder().encode(`${long}.md`).length).toBeLessThanOrEqual(255);
    const words = slugify(`${'a'.repeat(MAX_SLUG_CHARS - 1)} bcd`);
    expect(words).toBe('a'.repeat(MAX_SLUG_CHARS - 1));
  });
});
