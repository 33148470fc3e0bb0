import { describe, expect, it } from 'vitest';
import type { ToolEffect } from '../agent/types';
import { decide, outsidePathAllowed, privateNetworkAllowed } from './decide';
import { loadShellParser } from './shell-command';
import type { PermissionEnv, PermissionMode, PermissionRules, ToolInvocation } from './types';

await loadShellParser();
const envWith = (rules: Partial<PermissionRules> = {}, mode: PermissionMode = 'default'): PermissionEnv => ({
  mode,
  rules: { allow: [], ask: [], deny: [], ...rules },
  workdir: '/work/proj',
  home: '/home/ann',
});

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

describe('decide: rules', () => {
  it('an allow rule allows, naming itself', () => {
    const env = envWith({ allow: ['Bash(npm test:*)'] });
    expect(decide(bash('npm test -- -u'), env)).toEqual({
      decision: 'allow',
      reason: 'rule Bash(npm test:*)',
      rule: 'Bash(npm test:*)',
    });
    expect(decide(bash('npm install'), env)).toEqual({
      decision: 'ask',
      reason: 'default mode asks before Bash',
      why: { kind: 'mode', mode: 'default' },
    });
    expect(decide(bash('npm test && npm install'), env).decision).toBe('ask');
  });

  it('deny beats ask beats allow', () => {
    const all = { allow: ['Bash'], ask: ['Bash(git:*)'], deny: ['Bash(git push:*)'] };
    expect(decide(bash('git push origin'), envWith(all))).toMatchObject({
      decision: 'deny',
      rule: 'Bash(git push:*)',
    });
    // an ask rule says which rules asked, as data for the prompt
    expect(decide(bash('git status'), envWith(all))).toEqual({
      decision: 'ask',
      reason: 'rule Bash(git:*)',
      rule: 'Bash(git:*)',
      why: { kind: 'rule', rules: ['Bash(git:*)'] },
    });
    expect(decide(bash('git status'), envWith(all))).toMatchObject({ decision: 'ask', rule: 'Bash(git:*)' });
    expect(decide(bash('ls'), envWith(all))).toMatchObject({ decision: 'allow', rule: 'Bash' });
    // A deny rule on any part of a compound command denies it.
    expect(decide(bash('ls && git push'), envWith(all))).toMatchObject({ decision: 'deny' });
  });

  it('rules come before the mode: a deny rule holds in unrestricted mode, an allow rule in plan mode', () => {
    expect(decide(bash('rm -rf /'), envWith({ deny: ['Bash(rm:*)'] }, 'unrestricted')).decision).toBe('deny');
    expect(decide(bash('npm test'), envWith({ allow: ['Bash(npm test:*)'] }, 'plan')).decision).toBe('allow');
  });

  it('allow rules may cover a compound command together', () => {
    const env = envWith({ allow: ['Bash(npm ci)', 'Bash(npm test:*)'] });
    expect(decide(bash('npm ci && npm test'), env)).toEqual({
      decision: 'allow',
      reason: 'rules Bash(npm ci), Bash(npm test:*)',
      rule: 'Bash(npm ci)',
    });
  });

  it('Edit rules decide Write calls; Read rules decide Grep calls', () => {
    const env = envWith({ allow: ['Edit(src/**)'], deny: ['Read(secrets/**)'] });
    expect(decide(call('Write', 'edit', { paths: ['/work/proj/src/a.ts'] }), env).decision).toBe('allow');
    expect(decide(call('Grep', 'read', { paths: ['/work/proj/secrets/k'] }), env).decision).toBe('deny');
  });

  it('domain and MCP rules', () => {
    const env = envWith({
      allow: ['WebFetch(domain:docs.rs)', 'mcp__github'],
      ask: ['mcp__github__delete_repo'],
    });
    expect(decide(call('WebFetch', 'network', { url: 'https://docs.rs/x' }), env).decision).toBe('allow');
    expect(decide(call('WebFetch', 'network', { url: 'https://crates.io/' }), env).decision).toBe('ask');
    expect(decide(call('mcp__github__list_issues', 'network'), env).decision).toBe('allow');
    expect(decide(call('mcp__github__delete_repo', 'network'), env).decision).toBe('ask');
  });

  it('ignores rules that do not parse', () => {
    expect(decide(bash('ls'), envWith({ deny: ['Bash(', 'Bash(:*)'] })).decision).toBe('ask');
  });
});

describe('decide: modes', () => {
  const effects: ToolEffect[] = ['read', 'interact', 'meta', 'output', 'edit', 'exec', 'network'];
  const inside = { paths: ['/work/proj/a.txt'] };
  const expected: Record<PermissionMode, Record<ToolEffect, 'allow' | 'ask' | 'deny'>> = {
    default: {
      read: 'allow',
      interact: 'allow',
      meta: 'allow',
      output: 'allow',
      edit: 'ask',
      exec: 'ask',
      network: 'ask',
    },
    acceptEdits: {
      read: 'allow',
      interact: 'allow',
      meta: 'allow',
      output: 'allow',
      edit: 'allow',
      exec: 'ask',
      network: 'ask',
    },
    plan: {
      read: 'allow',
      interact: 'allow',
      meta: 'allow',
      output: 'allow',
      edit: 'deny',
      exec: 'deny',
      network: 'deny',
    },
    unrestricted: {
      read: 'allow',
      interact: 'allow',
      meta: 'allow',
      output: 'allow',
      edit: 'allow',
      exec: 'allow',
      network: 'allow',
    },
  };
  for (const mode of Object.keys(expected) as PermissionMode[])
    for (const effect of effects)
      it(`${mode} mode: ${effect} → ${expected[mode][effect]}`, () => {
        expect(decide(call('T', effect, inside), envWith({}, mode)).decision).toBe(expected[mode][effect]);
      });

  it('says why', () => {
    expect(decide(call('Write', 'edit', inside), envWith({}, 'plan'))).toEqual({
      decision: 'deny',
      reason: 'plan mode allows read-only tools only',
    });
    expect(decide(call('Read', 'read', inside), envWith({}, 'plan')).reason).toBe('mode plan');
    expect(decide(bash('ls'), envWith()).reason).toBe('default mode asks before Bash');
  });

  it('acceptEdits allows edits inside the workdir only', () => {
    const env = envWith({}, 'acceptEdits');
    const write = (...paths: string[]) => decide(call('Write', 'edit', { paths }), env);
    expect(write('/work/proj/src/deep/a.ts')).toEqual({ decision: 'allow', reason: 'mode acceptEdits' });
    expect(write('/work/proj2/a.ts')).toEqual({
      decision: 'ask',
      reason: 'acceptEdits mode asks before Write outside the working directory',
      why: { kind: 'mode', mode: 'acceptEdits', outside: true },
    });
    expect(write('/work/proj/a.ts', '/home/ann/b.ts').decision).toBe('ask');
    expect(write().decision).toBe('ask'); // no known paths
    expect(decide(bash('ls'), env)).toEqual({
      decision: 'ask',
      reason: 'acceptEdits mode asks before Bash',
      why: { kind: 'mode', mode: 'acceptEdits' },
    });
  });
});

describe('outsidePathAllowed', () => {
  it('needs an allow rule of the tool family with a matching glob, and no deny', () => {
    const env = envWith({
      allow: ['Write(~/notes/**)', 'Read(//etc/hosts)', 'Edit'],
      deny: ['Edit(~/notes/private/**)'],
    });
    expect(outsidePathAllowed('Write', '/home/ann/notes/a.md', env)).toBe(true);
    expect(outsidePathAllowed('Edit', '/home/ann/notes/a.md', env)).toBe(false); // Write(...) names Write only
    expect(outsidePathAllowed('Write', '/home/ann/notes/private/a.md', env)).toBe(false);
    expect(outsidePathAllowed('Write', '/home/ann/other.md', env)).toBe(false); // bare Edit is not enough
    expect(outsidePathAllowed('Grep', '/etc/hosts', env)).toBe(true);
    expect(outsidePathAllowed('Read', '/etc/passwd', env)).toBe(false);
    expect(outsidePathAllowed('Write', '/etc/hosts', env)).toBe(false);
  });

  it('an Edit glob covers Write', () => {
    expect(outsidePathAllowed('Write', '/tmp/out/x', envWith({ allow: ['Edit(//tmp/out/**)'] }))).toBe(true);
  });
});

describe('privateNetworkAllowed', () => {
  it('needs an exact domain allow rule for the host', () => {
    const env = envWith({
      allow: ['WebFetch(domain:localhost)', 'WebFetch(domain:*.lan)', 'WebFetch(domain:[::1])'],
    });
    expect(privateNetworkAllowed('http://localhost:11434/api', env)).toBe(true);
    expect(privateNetworkAllowed('http://127.0.0.1/', env)).toBe(false);
    expect(privateNetworkAllowed('http://nas.lan/', env)).toBe(false);
    expect(privateNetworkAllowed('http://[::1]:8080/', env)).toBe(true);
    expect(privateNetworkAllowed('garbage', env)).toBe(false);
    expect(
      privateNetworkAllowed(
        'http://localhost/',
        envWith({ allow: ['WebFetch(domain:localhost)'], deny: ['WebFetch'] }),
      ),
    ).toBe(false);
  });
});
