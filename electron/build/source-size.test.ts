import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

// One idea per file, short enough to read in one sitting: no hand-written source file over 450 lines.
// Tests, fixtures, test servers and data tables are not read that way and are left out by name.
const MAX_LINES = 450;
const SOURCE = /\.(ts|tsx|mts|mjs|js|css|html)$/;
const NOT_READ_AS_SOURCE = [
  /\.test\.tsx?$/,
  /\.spec\.ts$/,
  /\.d\.m?ts$/,
  /(^|\/)testdata\//,
  /(^|\/)testing\//, // the wire-format servers tests run against
  /(^|\/)test-support\.ts$/,
  /^renderer\/src\/features\/skills\/appearance\/emoji-data\.ts$/, // a data table
];

function trackedSources(): string[] {
  return execFileSync('git', ['ls-files', 'electron', 'renderer', 'shared', 'bench', 'e2e'], {
    encoding: 'utf8',
  })
    .split('\n')
    .filter((file) => SOURCE.test(file) && !NOT_READ_AS_SOURCE.some((re) => re.test(file)));
}

describe('source files', () => {
  it(`are at most ${MAX_LINES} lines each`, () => {
    const files = trackedSources();
    expect(files.length).toBeGreaterThan(200);
    const long = files
      .filter((file) => fs.existsSync(file))
      .map((file) => ({ file, lines: fs.readFileSync(file, 'utf8').split('\n').length - 1 }))
      .filter(({ lines }) => lines > MAX_LINES);
    expect(long).toEqual([]);
  });

  it('stand at most 12 directly in electron/main (the rest grouped by role)', () => {
    const top = trackedSources().filter((file) => /^electron\/main\/[^/]+$/.test(file));
    expect(top.length).toBeGreaterThan(0);
    expect(top.length, top.join(', ')).toBeLessThanOrEqual(12);
  });
});
