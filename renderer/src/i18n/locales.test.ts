import { describe, expect, it } from 'vitest';
import { localeResources } from './index';

// Every namespace's two languages, key by key (plural forms compared without their suffix: Chinese has
// only `_other`).

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix.replace(/_(one|other)$/, '')];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

describe('locales', () => {
  const resources = localeResources();
  const namespaces = Object.keys(resources.en ?? {}).sort();
  it('finds the same namespaces in both languages', () => {
    expect(namespaces.length).toBeGreaterThanOrEqual(10);
    expect(Object.keys(resources['zh-CN'] ?? {}).sort()).toEqual(namespaces);
  });
  for (const ns of namespaces) {
    it(`${ns}: en and zh-CN have the same keys`, () => {
      const en = [...new Set(keys(resources.en?.[ns]))].sort();
      const zh = [...new Set(keys(resources['zh-CN']?.[ns]))].sort();
      expect(en.length).toBeGreaterThan(0);
      expect(zh).toEqual(en);
    });
  }
});
