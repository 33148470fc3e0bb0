import { describe, expect, it } from 'vitest';
import type { ToolEffect } from '../agent/types';
import { decide } from './decide';
import { generalizeRule } from './generalize';
import { parseRule } from './rules';
import { loadShellParser } from './shell-command';
import type { PermissionEnv, ToolInvocation } from './types';

await loadShellParser();
const env: PermissionEnv = {
  mode: 'default',
  rules: { allow: [], ask: [], deny: [] },
  workdir: '/work/proj',
  home: '/home/ann',
};
const call = (
  tool: string,
  effect: ToolEffect,
  target: Partial<ToolInvocation['target']> = {},
): ToolInvocation => ({
  tool,
  effect,
  input: {},
  target: { paths: [], ...target },
});
const bash = (command: string) => call('Bash', 'exec', { command });

describe('generalizeRule', () => {
  it.each([
    ['npm test -- -u', 'Bash(npm test:*)'],
    ['git diff HEAD~1', 'Bash(git diff:*)'],
    ['ls -la', 'Bash(ls:*)'],
    ['ls', 'Bash(ls:*)'],
    ['cat README.md', 'Bash(cat:*)'],
    ['python ./x.py', 'Bash(python:*)'],
    ['echo "hi there"', 'Bash(echo:*)'],
    ['./scripts/build.sh release', 'Bash(./scripts/build.sh release:*)'],
    ['FOO=1 npm test', 'Bash(FOO=1 npm test)'],
    ['npm test;', 'Bash(npm test:*)'],
    ['npm ci && npm test', 'Bash(npm ci && npm test)'],
    ['cat x | grep y', 'Bash(cat x | grep y)'],
  ])('Bash %j → %s', (command, rule) => {
    expect(generalizeRule(bash(command), env)).toBe(rule);
  });

  it('a saved Bash rule allows the call it was made from', () => {
    for (const command of ['npm test -- -u', 'npm ci && npm test', 'FOO=1 npm test', 'git diff HEAD~1']) {
      const rule = generalizeRule(bash(command), env);
      expect(() => parseRule(rule)).not.toThrow();
      expect(decide(bash(command), { ...env, rules: { allow: [rule], ask: [], deny: [] } })).toMatchObject({
        decision: 'allow',
        rule,
      });
    }
  });

  it('Write and Edit → the file’s folder, relative to the workdir or absolute outside it', () => {
    const edit = (tool: string, p: string) => generalizeRule(call(tool, 'edit', { paths: [p] }), env);
    expect(edit('Write', '/work/proj/src/lib/a.ts')).toBe('Edit(src/lib/**)');
    expect(edit('Edit', '/work/proj/README.md')).toBe('Edit(/*)');
    expect(edit('Write', '/tmp/out/x.txt')).toBe('Edit(//tmp/out/**)');
    expect(edit('Write', '/work/proj/app/[id]/page.tsx')).toBe('Edit(app/\\[id\\]/**)');
  });

  it('a saved path rule allows the call it was made from, and its neighbours', () => {
    const allowed = (rule: string, p: string) =>
      decide(call('Write', 'edit', { paths: [p] }), { ...env, rules: { allow: [rule], ask: [], deny: [] } })
        .decision;
    for (const p of [
      '/work/proj/src/lib/a.ts',
      '/work/proj/README.md',
      '/tmp/out/x.txt',
      '/work/proj/app/[id]/page.tsx',
    ]) {
      const rule = generalizeRule(call('Write', 'edit', { paths: [p] }), env);
      expect(allowed(rule, p)).toBe('allow');
    }
    expect(allowed('Edit(/*)', '/work/proj/notes.md')).toBe('allow');
    expect(allowed('Edit(/*)', '/work/proj/src/a.ts')).toBe('ask');
    expect(allowed('Edit(app/\\[id\\]/**)', '/work/proj/app/i/page.tsx')).toBe('ask');
  });

  it('Read-family calls → a Read rule for the folder', () => {
    expect(generalizeRule(call('Grep', 'read', { paths: ['/home/ann/docs/a.md'] }), env)).toBe(
      'Read(//home/ann/docs/**)',
    );
  });

  it('WebFetch → its host; anything else → the tool name', () => {
    expect(generalizeRule(call('WebFetch', 'network', { url: 'https://Docs.rs/a?b' }), env)).toBe(
      'WebFetch(domain:docs.rs)',
    );
    expect(generalizeRule(call('WebFetch', 'network'), env)).toBe('WebFetch');
    expect(generalizeRule(call('mcp__github__create_issue', 'network'), env)).toBe(
      'mcp__github__create_issue',
    );
    expect(generalizeRule(call('TodoWrite', 'meta'), env)).toBe('TodoWrite');
  });
});
