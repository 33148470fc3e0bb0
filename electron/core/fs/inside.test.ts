import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isInside } from './inside';

describe('isInside', () => {
  const at = (...parts: string[]) => path.resolve(path.sep, ...parts);
  it('holds the folder itself and what is below it', () => {
    expect(isInside(at('a', 'b'), at('a', 'b'))).toBe(true);
    expect(isInside(at('a', 'b'), at('a', 'b', 'c', 'd.md'))).toBe(true);
    expect(isInside(at('a', 'b'), at('a', 'b', '..notes'))).toBe(true); // a name starting with two dots
  });
  it('compares whole parts, not string prefixes', () => {
    expect(isInside(at('a', 'b'), at('a', 'bc'))).toBe(false);
    expect(isInside(at('a', 'b'), at('a'))).toBe(false);
    expect(isInside(at('a', 'b'), at('a', 'b', '..', 'c'))).toBe(false);
  });
  it('the disk root holds everything', () => {
    expect(isInside(at(), at('etc', 'passwd'))).toBe(true);
  });
});
