import { describe, expect, it } from 'vitest';
import { resolveTheme, storedTheme } from './theme';

describe('theme', () => {
  it('reads a stored choice, anything else is "system"', () => {
    expect(storedTheme({ getItem: () => 'dark' })).toBe('dark');
    expect(storedTheme({ getItem: () => 'light' })).toBe('light');
    expect(storedTheme({ getItem: () => 'purple' })).toBe('system');
    expect(storedTheme({ getItem: () => null })).toBe('system');
    expect(
      storedTheme({
        getItem: () => {
          throw new Error('denied');
        },
      }),
    ).toBe('system');
    expect(storedTheme(null)).toBe('system');
  });

  it('resolves "system" from the colour-scheme preference', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });
});
