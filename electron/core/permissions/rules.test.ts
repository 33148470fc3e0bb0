import { describe, expect, it } from 'vitest';
import type { ToolEffect } from '../agent/types';
import { findMatchingRules, matchRule, parseRule, RuleError, ruleMatchesForList } from './rules';
import { loadShellParser } from './shell-command';
import type { PermissionEnv, ToolInvocation } from './types';

await loadShellParser();

const env: PermissionEnv = {
  mode: 'default',
  rules: { allow: [], ask: [], deny: [] },
  workdir: '/work/proj',
  home: '/home/ann',
};

const bash = (command: string): ToolInvocation => ({
  tool: 'Bash',
  effect: 'exec',
  input: { command },
  target: { paths: [], command },
});
const file = (tool: string, effect: ToolEffect, ...paths: string[]): ToolInvocation => ({
  tool,
  effect,
  input: {},
  target: { paths },
});
const fetch = (url: string): ToolInvocation => ({
  tool: 'WebFetch',
  effect: 'network',
  input: { url },
  target: { paths: [], url },
});
const mcp = (tool: string): ToolInvocation => ({ tool, effect: 'exec', input: {}, target: { paths: [] } });

describe('parseRule', () => {
  it('reads bare tools, specifiers and MCP names', () => {
    expect(parseRule('Bash')).toEqual({ tool: 'Bash' });
    expect(parseRule(' Bash(npm test:*) ')).toEqual({ tool: 'Bash', specifier: 'npm test:*' });
    expect(parseRule('Bash(echo (a))')).toEqual({ tool: 'Bash', specifier: 'echo (a)' });
    expect(parseRule('Edit(//tmp/**)')).toEqual({ tool: 'Edit', specifier: '//tmp/**' });
    expect(parseRule('WebFetch(domain:*.example.com)')).toEqual({
      tool: 'WebFetch',
      specifier: 'domain:*.example.com',
    });
    expect(parseRule('mcp__github__create_issue')).toEqual({ tool: 'mcp__github__create_issue' });
    expect(parseRule('mcp__github')).toEqual({ tool: 'mcp__github' });
  });

  it.each([
    ['', /empty.*for example `Bash\(npm test:\*\)`/],
    ['Bash(npm test', /closed with `\)`.*for example `Bash\(npm test:\*\)`/],
    ['Bash()', /empty specifier; write `Bash` alone/],
    ['(npm test)', /start with a tool name/],
    ['npm test', /tool name is letters/],
    ['Bash)', /without its `\(`/],
    ['Bash(npm:* test)', /`:\*` \(prefix match\) may only end/],
    ['Bash(:*)', /needs a command before `:\*`/],
    ['Bash(cd x && npm test:*)', /must be one command/],
    ['WebFetch(example.com)', /WebFetch rules name a domain.*WebFetch\(domain:example.com\)/],
    ['WebFetch(domain:http://x/y)', /must be a host name/],
    ['mcp__github__x(y)', /MCP rules take no specifier/],
    ['TodoWrite(x)', /TodoWrite takes no specifier/],
  ])('refuses %j with a message and an example', (text, message) => {
    expect(() => parseRule(text)).toThrow(RuleError);
    expect(() => parseRule(text)).toThrow(message);
    expect(() => parseRule(text)).toThrow(/for example/);
  });
});

describe('matching Bash rules', () => {
  const prefix = parseRule('Bash(npm test:*)');
  it('a prefix rule matches the command and its arguments, on a word boundary', () => {
    expect(matchRule(prefix, bash('npm test'), env)).toBe(true);
    expect(matchRule(prefix, bash('npm test -- -u'), env)).toBe(true);
    expect(matchRule(prefix, bash('npm  test'), env)).toBe(true);
    expect(matchRule(prefix, bash('npm testing'), env)).toBe(false);
    expect(matchRule(prefix, bash('npm install'), env)).toBe(false);
  });

  it('an exact rule matches only that command', () => {
    expect(matchRule('Bash(git diff)', bash('git diff'), env)).toBe(true);
    expect(matchRule('Bash(git diff)', bash('git diff HEAD'), env)).toBe(false);
  });

  it('allow needs every sub-command; deny and ask need any', () => {
    for (const command of [
      'npm test && npm install',
      'npm test; rm -rf /',
      'npm test | sh',
      'npm test $(rm x)',
    ]) {
      expect(ruleMatchesForList('allow', prefix, bash(command), env)).toBe(false);
      expect(ruleMatchesForList('deny', prefix, bash(command), env)).toBe(true);
      expect(ruleMatchesForList('ask', prefix, bash(command), env)).toBe(true);
    }
    expect(ruleMatchesForList('allow', prefix, bash('npm test && npm test -- -u'), env)).toBe(true);
    expect(ruleMatchesForList('deny', 'Bash(rm:*)', bash('ls && rm -rf /'), env)).toBe(true);
  });

  it('several allow rules may cover the parts of a compound command between them', () => {
    const allow = ['Bash(npm test:*)', 'Bash(npm run lint)'];
    expect(findMatchingRules('allow', allow, bash('npm test && npm run lint'), env)).toEqual(allow);
    expect(
      findMatchingRules('allow', allow, bash('npm test && npm run lint && curl x'), env),
    ).toBeUndefined();
    expect(findMatchingRules('allow', allow, bash('npm test'), env)).toEqual(['Bash(npm test:*)']);
  });

  it('an exact compound rule matches that whole line only', () => {
    expect(matchRule('Bash(npm ci && npm test)', bash('npm ci   && npm test'), env)).toBe(true);
    expect(matchRule('Bash(npm ci && npm test)', bash('npm ci && npm test && rm x'), env)).toBe(false);
  });

  it('a bare tool matches every call of it and nothing else', () => {
    expect(matchRule('Bash', bash('anything at all; really'), env)).toBe(true);
    expect(matchRule('Bash', fetch('https://x.org'), env)).toBe(false);
  });
});

describe('matching file rules', () => {
  it('Edit applies to Edit, Write and edit-effect file tools; not to Read', () => {
    expect(matchRule('Edit(src/**)', file('Write', 'edit', '/work/proj/src/a.ts'), env)).toBe(true);
    expect(matchRule('Edit(src/**)', file('Edit', 'edit', '/work/proj/src/deep/a.ts'), env)).toBe(true);
    expect(matchRule('Edit(src/**)', file('Memory', 'edit', '/work/proj/src/m.md'), env)).toBe(true);
    expect(matchRule('Edit(src/**)', file('Read', 'read', '/work/proj/src/a.ts'), env)).toBe(false);
    expect(matchRule('Edit', file('Write', 'edit', '/anywhere/x'), env)).toBe(true);
    // A Write rule names Write only.
    expect(matchRule('Write(src/**)', file('Write', 'edit', '/work/proj/src/a.ts'), env)).toBe(true);
    expect(matchRule('Write(src/**)', file('Edit', 'edit', '/work/proj/src/a.ts'), env)).toBe(false);
  });

  it('Read applies to Read, Glob and Grep', () => {
    for (const tool of ['Read', 'Glob', 'Grep'])
      expect(matchRule('Read(docs/**)', file(tool, 'read', '/work/proj/docs/x.md'), env)).toBe(true);
    expect(matchRule('Read(docs/**)', file('Grep', 'read', '/work/proj/src/x.md'), env)).toBe(false);
  });

  it('anchors globs: relative and /x at the workdir, ~/ at home, // at the root', () => {
    const write = (p: string) => file('Write', 'edit', p);
    expect(matchRule('Edit(/docs/**)', write('/work/proj/docs/a.md'), env)).toBe(true);
    expect(matchRule('Edit(/docs/**)', write('/docs/a.md'), env)).toBe(false);
    expect(matchRule('Edit(~/notes/**)', write('/home/ann/notes/2024/a.md'), env)).toBe(true);
    expect(matchRule('Edit(~/notes/**)', write('/work/proj/notes/a.md'), env)).toBe(false);
    expect(matchRule('Edit(//tmp/**)', write('/tmp/x/y.txt'), env)).toBe(true);
    expect(matchRule('Edit(//tmp/**)', write('/work/proj/tmp/y.txt'), env)).toBe(false);
    expect(matchRule('Edit(src/**)', write('/work/proj/../proj2/src/a.ts'), env)).toBe(false);
    expect(matchRule('Edit(src/**)', write('/work/proj/src/.hidden'), env)).toBe(true);
    // A pattern without a slash matches that name at any depth, as in .gitignore.
    expect(matchRule('Read(*.env)', file('Read', 'read', '/work/proj/a/b/.env'), env)).toBe(true);
    expect(matchRule('Read(*.env)', file('Read', 'read', '/home/ann/.env'), env)).toBe(false);
    expect(matchRule('Edit(src/)', write('/work/proj/src/a/b.ts'), env)).toBe(true);
  });

  it('allow needs every path; deny needs any; no paths never matches a glob rule', () => {
    const call = file('Write', 'edit', '/work/proj/src/a.ts', '/work/proj/etc/b');
    expect(ruleMatchesForList('allow', 'Edit(src/**)', call, env)).toBe(false);
    expect(ruleMatchesForList('deny', 'Edit(src/**)', call, env)).toBe(true);
    expect(ruleMatchesForList('deny', 'Edit(src/**)', file('Write', 'edit'), env)).toBe(false);
    expect(ruleMatchesForList('allow', 'Edit(src/**)', file('Write', 'edit'), env)).toBe(false);
  });
});

describe('matching WebFetch and MCP rules', () => {
  it('domain: matches the host exactly; *. its subdomains only', () => {
    expect(matchRule('WebFetch(domain:example.com)', fetch('https://example.com/a'), env)).toBe(true);
    expect(matchRule('WebFetch(domain:example.com)', fetch('https://EXAMPLE.com:8443/a'), env)).toBe(true);
    expect(matchRule('WebFetch(domain:example.com)', fetch('https://api.example.com/'), env)).toBe(false);
    expect(matchRule('WebFetch(domain:example.com)', fetch('https://example.com.evil.org/'), env)).toBe(
      false,
    );
    expect(matchRule('WebFetch(domain:*.example.com)', fetch('https://a.b.example.com/'), env)).toBe(true);
    expect(matchRule('WebFetch(domain:*.example.com)', fetch('https://example.com/'), env)).toBe(false);
    expect(matchRule('WebFetch(domain:*.example.com)', fetch('https://badexample.com/'), env)).toBe(false);
    expect(matchRule('WebFetch(domain:example.com)', fetch('not a url'), env)).toBe(false);
  });

  it('MCP rules match a tool exactly or every tool of a server', () => {
    expect(matchRule('mcp__github__create_issue', mcp('mcp__github__create_issue'), env)).toBe(true);
    expect(matchRule('mcp__github__create_issue', mcp('mcp__github__delete_repo'), env)).toBe(false);
    expect(matchRule('mcp__github', mcp('mcp__github__delete_repo'), env)).toBe(true);
    expect(matchRule('mcp__github__*', mcp('mcp__github__delete_repo'), env)).toBe(true);
    expect(matchRule('mcp__github', mcp('mcp__githubber__x'), env)).toBe(false);
    expect(matchRule('mcp__github', mcp('mcp__github'), env)).toBe(true);
  });
});
