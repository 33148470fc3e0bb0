import { describe, expect, it } from 'vitest';
import type { Memo } from '../../../shared/types/memo';
import { memoToMarkdown, memosToMarkdown } from './memo-markdown';

const memo = (over: Partial<Memo>): Memo => ({
  id: 7,
  skillId: 'memo',
  runId: null,
  title: 'A title',
  text: 'Body',
  createdAt: Date.UTC(2026, 10, 20, 8, 0, 0),
  updatedAt: Date.UTC(2026, 10, 20, 8, 0, 0),
  ...over,
});
const EXPORTED = Date.UTC(2026, 10, 21, 12, 0, 0);

describe('memo Markdown', () => {
  it('one memo: its title as the heading, skill and date, then the text as written', () => {
    expect(memoToMarkdown(memo({ title: '  买  燕麦奶\n', text: 'line 1\n\n- item\n\n\n' }))).toBe(
      '# 买 燕麦奶\n\n_skill: memo · saved: 2026-11-20T08:00:00Z_\n\nline 1\n\n- item\n',
    );
  });

  it('an empty title falls back to the id', () => {
    expect(memoToMarkdown(memo({ title: '   ' }))).toMatch(/^# Memo 7\n/);
  });

  it('a single memo is its own document, without the collection header', () => {
    expect(memosToMarkdown([memo({})], EXPORTED)).toBe(memoToMarkdown(memo({})));
  });

  it('a collection says how many and when, then one ## section each', () => {
    const markdown = memosToMarkdown(
      [memo({ id: 2, title: 'Two' }), memo({ id: 1, title: 'One' })],
      EXPORTED,
    );
    expect(markdown).toBe(
      '# Memos\n\n_2 memos · exported 2026-11-21T12:00:00Z from Skilldeck_\n\n' +
        '## Two\n\n_skill: memo · saved: 2026-11-20T08:00:00Z_\n\nBody\n\n' +
        '## One\n\n_skill: memo · saved: 2026-11-20T08:00:00Z_\n\nBody\n',
    );
    expect(memosToMarkdown([], EXPORTED)).toBe(
      '# Memos\n\n_0 memos · exported 2026-11-21T12:00:00Z from Skilldeck_\n',
    );
  });
});
