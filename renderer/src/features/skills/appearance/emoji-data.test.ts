import { describe, expect, it } from 'vitest';
import { Emoji } from '../../../../../shared/types/skill';
import { EMOJI, emojiName, graphemeCount, searchEmoji } from './emoji-data';

describe('emoji data', () => {
  it('has about 300+ distinct emoji, each a valid skill emoji with English and Chinese keywords', () => {
    expect(EMOJI.length).toBeGreaterThanOrEqual(300);
    expect(new Set(EMOJI.map((e) => e.emoji)).size).toBe(EMOJI.length);
    for (const entry of EMOJI) {
      expect(Emoji.safeParse(entry.emoji).success, entry.emoji).toBe(true);
      expect(graphemeCount(entry.emoji), entry.emoji).toBe(1);
      expect(entry.en.length, entry.emoji).toBeGreaterThan(0);
      expect(entry.zh.length, entry.emoji).toBeGreaterThan(0);
      expect(
        entry.zh.some((k) => /\p{Script=Han}/u.test(k)),
        entry.emoji,
      ).toBe(true);
    }
  });

  it('keeps the look of every built-in skill in the list', () => {
    for (const e of ['🌐', '✨', '💡', '📝', '📌', '✉️', '🔍', '🎬']) {
      expect(EMOJI.some((x) => x.emoji === e)).toBe(true);
    }
  });
});

describe('searchEmoji', () => {
  const first = (q: string) => searchEmoji(q)[0]?.emoji;

  it('finds by English and by Chinese keyword', () => {
    expect(first('globe')).toBe('🌐');
    expect(searchEmoji('globe').map((e) => e.emoji)).toEqual(expect.arrayContaining(['🌍', '🌎', '🌏']));
    expect(first('地球')).toBe('🌐');
    expect(first('火箭')).toBe('🚀');
    expect(first('ROCKET')).toBe('🚀');
  });

  it('matches prefixes, words of a keyword, and every word of the query', () => {
    expect(searchEmoji('rock').map((e) => e.emoji)).toContain('🚀');
    expect(searchEmoji('meridians').map((e) => e.emoji)).toEqual(['🌐']);
    expect(searchEmoji('red heart').map((e) => e.emoji)).toEqual(['❤️']);
  });

  it('finds an emoji typed as the query; nothing for nonsense; all for nothing', () => {
    expect(first('🦜')).toBe('🦜');
    expect(searchEmoji('zzqxj')).toEqual([]);
    expect(searchEmoji('  ')).toHaveLength(EMOJI.length);
  });

  it('names an entry in the language shown', () => {
    const globe = EMOJI.find((e) => e.emoji === '🌐')!;
    expect(emojiName(globe, 'en')).toBe('globe with meridians');
    expect(emojiName(globe, 'zh-CN')).toBe('地球');
  });
});

describe('graphemeCount', () => {
  it('counts what a person sees as one character', () => {
    expect(graphemeCount('🧑‍💻')).toBe(1);
    expect(graphemeCount('✍️')).toBe(1);
    expect(graphemeCount('🇨🇳')).toBe(1);
    expect(graphemeCount('hi')).toBe(2);
  });
});
