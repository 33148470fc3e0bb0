import { describe, expect, it } from 'vitest';
import en from '../../i18n/locales/en/editor.json';
import zh from '../../i18n/locales/zh-CN/editor.json';

// Plural forms compared without their suffix: Chinese has only `_other`.
function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix.replace(/_(one|other)$/, '')];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

describe('editor locales', () => {
  it('en and zh-CN have the same keys', () => {
    expect([...new Set(keys(zh))].sort()).toEqual([...new Set(keys(en))].sort());
  });
});
