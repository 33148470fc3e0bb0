import { describe, expect, it } from 'vitest';
import { loadShellParser } from '../permissions/shell-command';
import { isReadOnlyCommand } from './read-only-command';

await loadShellParser();

describe('isReadOnlyCommand (what a plan sub-agent may run)', () => {
  it.each([
    'ls -la',
    'cat a.md | grep x | wc -l',
    'git diff HEAD~1 && git status',
    'find . -name "*.ts"',
    'git branch -a',
  ])('lets %j run', (command) => expect(isReadOnlyCommand(command)).toBe(true));

  it.each([
    'ls\nrm -rf x',
    'ls > out.txt',
    'cat $(rm x)',
    'echo x; touch y',
    'find . -delete',
    'find . -exec rm {} +',
    'rg --pre ./x pattern',
    'git diff --output=/tmp/x',
    'git branch evil',
    'git push',
    'FOO=1 ls',
    'ls "unterminated',
  ])('refuses %j', (command) => expect(isReadOnlyCommand(command)).toBe(false));
});
