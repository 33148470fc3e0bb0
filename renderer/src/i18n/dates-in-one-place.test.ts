import { describe, expect, it } from 'vitest';

// Every date the dashboard shows goes through dates.ts, in the page's language and one format family: a
// page formatting a date itself (in the browser's locale, or a format of its own) fails here.
const sources = import.meta.glob<string>(['../**/*.ts', '../**/*.tsx', '!../**/*.test.ts'], {
  eager: true,
  import: 'default',
  query: '?raw',
});

const FORMATTING = [
  /\.toLocale(Date|Time)?String\(/,
  /\bIntl\.(DateTimeFormat|RelativeTimeFormat)\b/,
  /\.to(UTC|GMT|Date|Time)String\(/,
];

describe('dates', () => {
  it('reads the renderer sources', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(50);
    expect(Object.keys(sources)).toContain('./dates.ts');
  });

  it('are formatted only by i18n/dates.ts', () => {
    const offenders = Object.entries(sources).flatMap(([file, text]) =>
      file === './dates.ts'
        ? []
        : text
            .split('\n')
            .map((line, i) => ({ line, at: `${file}:${i + 1}` }))
            .filter(({ line }) => FORMATTING.some((pattern) => pattern.test(line)))
            .map(({ line, at }) => `${at}: ${line.trim()}`),
    );
    expect(offenders).toEqual([]);
  });
});
