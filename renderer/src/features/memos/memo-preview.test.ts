import { describe, expect, it } from 'vitest';
import { memoPreview } from './memo-preview';

describe('memoPreview', () => {
  it('leaves out the first line when the title is that line', () => {
    expect(memoPreview('Meeting notes', 'Meeting notes\nSecond line: check the copy')).toBe(
      'Second line: check the copy',
    );
    expect(memoPreview('会议纪要：周五发布', '\n  会议纪要：周五发布\r\n第二行：检查翻译\n')).toBe(
      '第二行：检查翻译',
    );
  });

  it('is empty when the title is the whole text', () => {
    expect(memoPreview('Buy oat milk 燕麦奶', 'Buy oat milk 燕麦奶')).toBe('');
    expect(memoPreview('Buy oat milk', '  Buy oat milk \n\n')).toBe('');
  });

  it('goes on after a title cut short with an ellipsis', () => {
    const line = `${'word '.repeat(20)}and the end`;
    const title = `${'word '.repeat(15).trim()}…`;
    expect(memoPreview(title, `${line}\nmore`)).toBe(`…${'word '.repeat(5)}and the end more`);
  });

  it('shows the text when the title is its own (or none)', () => {
    expect(memoPreview('A quote', 'Less, but better.')).toBe('Less, but better.');
    expect(memoPreview('', 'Less,\n but  better.')).toBe('Less, but better.');
    // the title's words somewhere in the text do not count
    expect(memoPreview('better', 'Less, but better.')).toBe('Less, but better.');
  });

  it('is one line of at most 160 characters', () => {
    const text = `Title\n${'x'.repeat(300)}`;
    const preview = memoPreview('Title', text);
    expect([...preview]).toHaveLength(161);
    expect(preview.endsWith('…')).toBe(true);
  });
});
