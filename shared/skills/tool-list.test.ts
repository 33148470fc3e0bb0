import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { joinToolList, splitToolList } from './tool-list';

// A tool name as written at the top level: anything but separators and parentheses (quotes included:
// outside parentheses they are plain characters).
const bareName = fc.stringMatching(/^[^\s,()]+$/);
// What goes between the parentheses of `Bash(git diff:*)`: any text, with quotes closed and nested
// parentheses balanced; commas, spaces and (quoted) parentheses inside are all part of the entry.
const { specifier } = fc.letrec((tie) => ({
  specifier: fc
    .array(
      fc.oneof(
        { depthSize: 'small' },
        fc.stringMatching(/^[^()"']+$/),
        fc.stringMatching(/^"[^"]*"$/),
        fc.stringMatching(/^'[^']*'$/),
        tie('specifier').map((inner) => `(${inner as string})`),
      ),
      { maxLength: 4 },
    )
    .map((parts) => parts.join('')),
}));
const parenthesised = fc.tuple(bareName, specifier).map(([name, spec]) => `${name}(${spec})`);
const entry = fc.oneof(bareName, parenthesised);
const separator = fc.stringMatching(/^[\s,]+$/);

describe('splitToolList', () => {
  it('keeps parenthesised entries whole while splitting on commas and whitespace', () => {
    expect(splitToolList('Read, Grep Bash(git diff:*), Bash(find . -name "x y")')).toEqual([
      'Read',
      'Grep',
      'Bash(git diff:*)',
      'Bash(find . -name "x y")',
    ]);
  });

  it('reads quotes as quotes only inside parentheses', () => {
    expect(splitToolList("it's Read Grep")).toEqual(["it's", 'Read', 'Grep']);
    expect(splitToolList('"Read Grep"')).toEqual(['"Read', 'Grep"']);
    expect(splitToolList(`Bash(echo "a, (b"), Read`)).toEqual(['Bash(echo "a, (b")', 'Read']);
  });

  it('reads back what joinToolList wrote', () => {
    fc.assert(
      fc.property(fc.array(entry), (entries) => {
        expect(splitToolList(joinToolList(entries))).toEqual(entries);
      }),
    );
  });

  it('takes any run of commas and whitespace as one separator, before, between and after', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(separator, entry)), fc.option(separator), (pairs, tail) => {
        const text = pairs.map(([sep, e]) => sep + e).join('') + (tail ?? '');
        expect(splitToolList(text)).toEqual(pairs.map(([, e]) => e));
      }),
    );
  });

  it('never splits a parenthesised specifier, wherever it stands', () => {
    fc.assert(
      fc.property(fc.array(entry), parenthesised, fc.array(entry), (before, whole, after) => {
        const entries = splitToolList(joinToolList([...before, whole, ...after]));
        expect(entries[before.length]).toBe(whole);
      }),
    );
  });

  it('gives non-empty entries that read back the same once joined, for any text', () => {
    const text = fc.string({
      unit: fc.constantFrom('a', 'B', ' ', ',', '\t', '\n', '(', ')', '"', "'", ':', '*'),
    });
    fc.assert(
      fc.property(text, (value) => {
        const entries = splitToolList(value);
        for (const e of entries) expect(e).not.toBe('');
        expect(splitToolList(joinToolList(entries))).toEqual(entries);
      }),
    );
  });
});
