import { describe, expect, it } from 'vitest';
import en from '../../i18n/locales/en/memos.json';
import zh from '../../i18n/locales/zh-CN/memos.json';

// Plural forms compared without their suffix: Chinese has only `_other`.
function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix.replace(/_(one|other)$/, '')];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

describe('memos locales', () => {
  it('en and zh-CN have the same keys', () => {
    expect([...new Set(keys(zh))].sort()).toEqual([...new Set(keys(en))].sort());
  });
});
