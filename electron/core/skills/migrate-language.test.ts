import { describe, expect, it } from 'vitest';
import { mentionsLanguage, readTranslateLanguage } from './migrate-language';

describe('readTranslateLanguage', () => {
  it.each([
    // both ways
    ['中英互译', 'Chinese', 'English', true],
    ['英中互译', 'English', 'Chinese', true],
    ['中日互译', 'Chinese', 'Japanese', true],
    ['中文英文互译', 'Chinese', 'English', true],
    ['中/英互译', 'Chinese', 'English', true],
    ['Chinese↔English', 'Chinese', 'English', true],
    ['Chinese <-> English', 'Chinese', 'English', true],
    ['zh/en', 'Chinese', 'English', true],
    ['English and Japanese', 'English', 'Japanese', true],
    ['简体中文⇄English', 'Chinese (Simplified)', 'English', true],
    // one way
    ['en→ja', 'English', 'Japanese', false],
    ['en->ja', 'English', 'Japanese', false],
    ['EN => KO', 'English', 'Korean', false],
    ['English to French', 'English', 'French', false],
    ['from German into English', 'German', 'English', false],
    ['Translate: Spanish → English', 'Spanish', 'English', false],
    ['英译中', 'English', 'Chinese', false],
    ['中译英', 'Chinese', 'English', false],
    ['中文翻译成日文', 'Chinese', 'Japanese', false],
    ['英文译为繁体中文', 'English', 'Chinese (Traditional)', false],
    // target only
    ['翻译成英文', 'auto', 'English', false],
    ['译为日语', 'auto', 'Japanese', false],
    ['→ English', 'auto', 'English', false],
    ['to Korean', 'auto', 'Korean', false],
    ['auto→zh-CN', 'auto', 'Chinese (Simplified)', false],
    ['English', 'auto', 'English', false],
    ['英文', 'auto', 'English', false],
    ['ja', 'auto', 'Japanese', false],
  ])('%s → %s / %s (both ways: %s)', (value, source, target, bidirectional) => {
    expect(readTranslateLanguage(value)).toEqual({ source, target, bidirectional, unlisted: [] });
  });

  it('keeps a language name it does not know, and says so', () => {
    expect(readTranslateLanguage('English → Swahili')).toEqual({
      source: 'English',
      target: 'Swahili',
      bidirectional: false,
      unlisted: ['Swahili'],
    });
  });

  it.each(['', '  ', '看情况', 'zh-en', '中日韩互译', '中中互译', 'en→', 'xx→yy', 'English↔English', '42'])(
    '%j is not read (the caller keeps it as written)',
    (value) => {
      expect(readTranslateLanguage(value)).toBeUndefined();
    },
  );
});

describe('mentionsLanguage', () => {
  it('finds names in either script, whole words only, never short codes', () => {
    expect(mentionsLanguage('如果是英文，请翻译成中文', 'English')).toBe(true);
    expect(mentionsLanguage('Answer in english please', 'English')).toBe(true);
    expect(mentionsLanguage('Translate it, often', 'English')).toBe(false);
    expect(mentionsLanguage('Translate into Japanese.', 'English')).toBe(false);
    expect(mentionsLanguage('Use Swahili', 'Swahili')).toBe(true);
  });
});
