import { describe, expect, it } from 'vitest';
import { pageFromHash, pageHref, PAGES } from './routes';

describe('pageFromHash', () => {
  it('reads every page back from its own link', () => {
    for (const page of PAGES) expect(pageFromHash(pageHref(page))).toBe(page);
  });

  it('lands on skills for an empty, bare or unknown hash', () => {
    expect(pageFromHash('')).toBe('skills');
    expect(pageFromHash('#')).toBe('skills');
    expect(pageFromHash('#/nope')).toBe('skills');
    expect(pageFromHash('#/constructor')).toBe('skills');
  });

  it('accepts a hash without the slash', () => {
    expect(pageFromHash('#memos')).toBe('memos');
  });
});
