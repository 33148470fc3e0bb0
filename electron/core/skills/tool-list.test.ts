import { describe, expect, it } from 'vitest';
import { readToolList, splitToolList, toolBaseName } from './tool-list';

describe('allowed-tools', () => {
  it('keeps parenthesised entries whole while splitting on commas and whitespace', () => {
    expect(
      splitToolList(
        'Read, Grep Bash(git diff:*)  Bash(find . -name "x*"), mcp__server__tool,Agent(a:x, a:y)',
      ),
    ).toEqual([
      'Read',
      'Grep',
      'Bash(git diff:*)',
      'Bash(find . -name "x*")',
      'mcp__server__tool',
      'Agent(a:x, a:y)',
    ]);
  });

  it('keeps quoted parentheses and commas inside an entry', () => {
    expect(splitToolList(`Bash(echo "a, (b"), Read`)).toEqual(['Bash(echo "a, (b")', 'Read']);
  });

  it('reads a YAML list item by item and refuses non-strings', () => {
    expect(readToolList(['Read', ' Bash(git log:*) ', ''])).toEqual({ tools: ['Read', 'Bash(git log:*)'] });
    expect(readToolList(['Read', 3])).toMatchObject({ problem: expect.stringMatching(/tool name/) });
    expect(readToolList({ Read: true })).toMatchObject({ problem: expect.any(String) });
  });

  it('names the tool of an entry', () => {
    expect(toolBaseName('Bash(git diff:*)')).toBe('Bash');
    expect(toolBaseName('mcp__server__tool')).toBe('mcp__server__tool');
  });
});
