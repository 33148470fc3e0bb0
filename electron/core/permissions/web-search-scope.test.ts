// WebSearch and its rules: `WebSearch` allows, asks or denies the search; `WebSearch(domain:…)` rules
// judge the results — deny ones leave a domain out, allow ones let a search through kept to their domains.
import { describe, expect, it } from 'vitest';
import { decide } from './decide';
import { generalizeRule } from './generalize';
import { parseRule } from './rules';
import type { PermissionEnv, PermissionMode, PermissionRules, ToolInvocation } from './types';
import { domainListed, inSearchScope, webSearchScope } from './web-search-scope';

const envWith = (rules: Partial<PermissionRules> = {}, mode: PermissionMode = 'default'): PermissionEnv => ({
  mode,
  rules: { allow: [], ask: [], deny: [], ...rules },
  workdir: '/work/proj',
  home: '/home/ann',
});
const search: ToolInvocation = {
  tool: 'WebSearch',
  effect: 'network',
  input: { query: 'python' },
  target: { paths: [] },
};

describe('WebSearch rules', () => {
  it('parse with a domain as WebFetch rules do, and refuse any other specifier', () => {
    expect(parseRule('WebSearch(domain:*.python.org)')).toEqual({
      tool: 'WebSearch',
      specifier: 'domain:*.python.org',
    });
    expect(() => parseRule('WebSearch(python)')).toThrow(
      /WebSearch rules name a domain.*WebSearch\(domain:example.com\)/,
    );
    expect(() => parseRule('WebSearch(domain:http://x/)')).toThrow(/must be a host name/);
  });

  it('the default mode asks; bare rules allow, ask or deny the search', () => {
    expect(decide(search, envWith())).toMatchObject({
      decision: 'ask',
      reason: 'default mode asks before WebSearch',
    });
    expect(decide(search, envWith({}, 'plan')).decision).toBe('deny');
    expect(decide(search, envWith({}, 'unrestricted')).decision).toBe('allow');
    expect(decide(search, envWith({ allow: ['WebSearch'] }))).toMatchObject({
      decision: 'allow',
      rule: 'WebSearch',
    });
    expect(decide(search, envWith({ allow: ['WebSearch'], deny: ['WebSearch'] })).decision).toBe('deny');
    expect(decide(search, envWith({ allow: ['WebSearch'], ask: ['WebSearch'] })).decision).toBe('ask');
    // a WebFetch rule says nothing about searching
    expect(decide(search, envWith({ allow: ['WebFetch(domain:python.org)'] })).decision).toBe('ask');
  });

  it('a domain allow rule lets the search through; a domain deny rule does not stop it; a domain ask rule asks', () => {
    expect(decide(search, envWith({ allow: ['WebSearch(domain:docs.python.org)'] }))).toMatchObject({
      decision: 'allow',
      rule: 'WebSearch(domain:docs.python.org)',
    });
    expect(decide(search, envWith({ deny: ['WebSearch(domain:pinterest.com)'] })).decision).toBe('ask');
    expect(
      decide(search, envWith({ deny: ['WebSearch(domain:pinterest.com)'] }, 'unrestricted')).decision,
    ).toBe('allow');
    expect(
      decide(search, envWith({ ask: ['WebSearch(domain:reddit.com)'], allow: ['WebSearch'] })),
    ).toMatchObject({ decision: 'ask', why: { kind: 'rule', rules: ['WebSearch(domain:reddit.com)'] } });
  });

  it('"always" saves the bare rule (a search has no domain of its own)', () => {
    expect(generalizeRule(search, envWith())).toBe('WebSearch');
  });
});

describe('webSearchScope', () => {
  const docs = 'https://docs.python.org/3/';
  const wiki = 'https://en.wikipedia.org/wiki/Python';
  const pin = 'https://www.pinterest.com/pin/1';

  it('deny domain rules leave their results out, however the search was allowed', () => {
    const env = envWith({
      deny: ['WebSearch(domain:*.pinterest.com)', 'WebSearch(domain:en.wikipedia.org)'],
    });
    const scope = webSearchScope(env);
    expect(scope).toEqual({ only: null, never: ['domain:*.pinterest.com', 'domain:en.wikipedia.org'] });
    expect([docs, wiki, pin].filter((u) => inSearchScope(scope, u))).toEqual([docs]);
  });

  it('allowed by a domain rule: only the allowed domains’ results', () => {
    const env = envWith({
      allow: [
        'WebSearch(domain:docs.python.org)',
        'WebSearch(domain:*.wikipedia.org)',
        'WebFetch(domain:x.org)',
      ],
    });
    const scope = webSearchScope(env, 'WebSearch(domain:docs.python.org)');
    expect(scope.only).toEqual(['domain:docs.python.org', 'domain:*.wikipedia.org']);
    expect([docs, wiki, pin, 'https://x.org/'].filter((u) => inSearchScope(scope, u))).toEqual([docs, wiki]);
  });

  it('allowed by the user, the mode or a bare rule: every result (but the denied)', () => {
    const rules = {
      allow: ['WebSearch(domain:docs.python.org)'],
      deny: ['WebSearch(domain:*.pinterest.com)'],
    };
    expect(webSearchScope(envWith(rules)).only).toBeNull(); // the user answered the prompt
    expect(webSearchScope(envWith(rules), 'Bash(ls)').only).toBeNull();
    // a bare allow rule beside the domain one covers every domain, whichever matched first
    const both = envWith({ ...rules, allow: [...rules.allow, 'WebSearch'] });
    const scope = webSearchScope(both, 'WebSearch(domain:docs.python.org)');
    expect(scope.only).toBeNull();
    expect([docs, wiki, pin].filter((u) => inSearchScope(scope, u))).toEqual([docs, wiki]);
  });

  it('a result whose address cannot be read is never in scope', () => {
    expect(inSearchScope({ only: null, never: [] }, 'not a url')).toBe(false);
  });
});

describe('domainListed (the model’s allowed_domains / blocked_domains)', () => {
  it('an entry covers its subdomains; a scheme, path or *. in the entry is ignored', () => {
    const list = ['python.org', 'https://realpython.com/tutorials', '*.github.com'];
    expect(domainListed(list, 'https://docs.python.org/3/')).toBe(true);
    expect(domainListed(list, 'https://python.org/')).toBe(true);
    expect(domainListed(list, 'https://realpython.com/x')).toBe(true);
    expect(domainListed(list, 'https://gist.github.com/x')).toBe(true);
    expect(domainListed(list, 'https://notpython.org/')).toBe(false);
    expect(domainListed(list, 'https://python.org.evil.example/')).toBe(false);
    expect(domainListed([' ', ''], 'https://python.org/')).toBe(false);
  });
});
