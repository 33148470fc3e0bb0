import { describe, expect, it } from 'vitest';
import { formatWhen } from './dates';

const at = new Date(2026, 10, 24, 8, 47, 19).getTime();

describe('formatWhen', () => {
  it('says a time in the language asked, one family: medium date, short time', () => {
    expect(formatWhen(at, 'en')).toBe('Nov 24, 2026, 8:47 AM');
    expect(formatWhen(at, 'zh-CN')).toBe('2026年11月24日 08:47');
  });

  it('has a date-only and a to-the-second form of the same family', () => {
    expect(formatWhen(at, 'en', 'date')).toBe('Nov 24, 2026');
    expect(formatWhen(at, 'zh-CN', 'date')).toBe('2026年11月24日');
    expect(formatWhen(at, 'en', 'full')).toBe('Tuesday, November 24, 2026 at 8:47:19 AM');
    expect(formatWhen(at, 'zh-CN', 'full')).toBe('2026年11月24日星期二 08:47:19');
  });

  it('shows a dash for a time that is not one', () => {
    expect(formatWhen(Number.NaN, 'en')).toBe('—');
  });
});
