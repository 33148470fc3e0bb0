import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { joinToolList } from '../../../shared/skills/tool-list';
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

  it('reads a string as the editor splits it, and a list as the entries the editor wrote', () => {
    const entry = fc.stringMatching(/^[A-Za-z_]+(\([^()"']*\))?$/);
    fc.assert(
      fc.property(fc.string(), (value) => {
        expect(readToolList(value)).toEqual({ tools: splitToolList(value) });
      }),
    );
    fc.assert(
      fc.property(fc.array(entry), (entries) => {
        expect(readToolList(joinToolList(entries))).toEqual({ tools: entries });
        expect(readToolList(entries)).toEqual({ tools: entries });
      }),
    );
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
