import { describe, expect, it } from 'vitest';
import { RunContextValues } from '../types/run';
import {
  CONTEXT_NAMES,
  formatDate,
  formatTime,
  formattingLocale,
  isContextName,
  languageName,
} from './context-values';

describe('context values', () => {
  it('names the six context placeholders, and nothing else', () => {
    expect(CONTEXT_NAMES).toEqual(['app', 'window_title', 'url', 'date', 'time', 'language']);
    expect(isContextName('window_title')).toBe(true);
    expect(isContextName('selection')).toBe(false);
    expect(isContextName('constructor')).toBe(false);
    // runs:start's `context` takes exactly these
    expect(Object.keys(RunContextValues.shape).sort()).toEqual([...CONTEXT_NAMES].sort());
  });

  it('{{language}} is the dashboard language in English words', () => {
    expect(languageName('en')).toBe('English');
    expect(languageName('zh-CN')).toBe('Simplified Chinese');
    expect(languageName('fr')).toBe('fr');
  });

  it('dates and times follow the system format when it is in the dashboard language, else the language', () => {
    expect(formattingLocale('en', 'en_GB.UTF-8')).toBe('en-GB');
    expect(formattingLocale('en', 'en-AU')).toBe('en-AU');
    expect(formattingLocale('zh-CN', 'zh_TW.UTF-8')).toBe('zh-TW');
    expect(formattingLocale('en', 'de_DE@euro')).toBe('en');
    expect(formattingLocale('zh-CN', 'en_US.UTF-8')).toBe('zh-CN');
    for (const system of ['C', 'POSIX', '', null, undefined, 'not a locale!'])
      expect(formattingLocale('en', system)).toBe('en');
  });

  it('writes the full date and the short time', () => {
    const at = new Date(2026, 10, 24, 9, 7);
    expect(formatDate(at, 'en')).toBe('Tuesday, November 24, 2026');
    expect(formatDate(at, 'zh-CN')).toBe('2026年11月24日星期二');
    expect(formatTime(at, 'en')).toBe('9:07 AM');
    expect(formatTime(at, 'en-GB')).toBe('09:07');
  });
});
