// Which results a WebSearch call may show, from the permission rules (docs/SKILL-FORMAT.md, "WebSearch"):
// `WebSearch(domain:…)` deny rules leave those domains' results out, always; when what let the call through
// was a `WebSearch(domain:…)` allow rule (no prompt, no bare `WebSearch` allow), only the allowed domains'
// results are shown. A call the user allowed, or one the mode or a bare rule allows, sees every other result.
import { hostOf, matchDomain, parseRule, parseRules, RuleError } from './rules';
import type { PermissionEnv } from './types';

export interface SearchScope {
  /** `domain:` specifiers a result must match one of; null: any domain. */
  only: string[] | null;
  /** `domain:` specifiers whose results are left out. */
  never: string[];
}

const domainRules = (texts: readonly string[]): { bare: boolean; specifiers: string[] } => {
  const rules = parseRules(texts).filter((rule) => rule.tool === 'WebSearch');
  return {
    bare: rules.some((rule) => rule.specifier === undefined),
    specifiers: rules.flatMap((rule) => (rule.specifier === undefined ? [] : [rule.specifier])),
  };
};

/** `permittedBy`: the rule that allowed the call, when a rule did (not the user, not the mode). */
export function webSearchScope(env: PermissionEnv, permittedBy?: string): SearchScope {
  const never = domainRules(env.rules.deny).specifiers;
  let byDomainRule = false;
  if (permittedBy !== undefined) {
    try {
      const rule = parseRule(permittedBy);
      byDomainRule = rule.tool === 'WebSearch' && rule.specifier !== undefined;
    } catch (error) {
      if (!(error instanceof RuleError)) throw error;
    }
  }
  const allowed = domainRules(env.rules.allow);
  return { only: byDomainRule && !allowed.bare ? allowed.specifiers : null, never };
}

/** Whether a result's address is inside the scope. */
export function inSearchScope(scope: SearchScope, url: string): boolean {
  const host = hostOf(url);
  if (host === undefined) return false;
  if (scope.never.some((specifier) => matchDomain(specifier, host))) return false;
  return scope.only === null || scope.only.some((specifier) => matchDomain(specifier, host));
}

/**
 * Whether a host is one of the model's own `allowed_domains` / `blocked_domains` entries, as Claude Code's
 * WebSearch reads them: `example.com` covers `docs.example.com` too; a scheme or path given is ignored.
 */
export function domainListed(list: readonly string[], url: string): boolean {
  const host = hostOf(url);
  if (host === undefined) return false;
  return list.some((entry) => {
    const domain = entryHost(entry);
    return domain !== '' && (host === domain || host.endsWith(`.${domain}`));
  });
}

function entryHost(entry: string): string {
  const trimmed = entry.trim().toLowerCase().replace(/^\*\./, '');
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//.test(trimmed) ? trimmed : `http://${trimmed}`;
  return hostOf(withScheme) ?? '';
}
