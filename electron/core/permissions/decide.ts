// The permission decision for one tool call (DESIGN §6): rules first (deny beats ask beats allow), then
// the mode. Pure: the broker asks the user and audits; the file and web tools ask the two helpers below.
import type { ToolEffect } from '../agent/types';
import {
  bashLineOf,
  findMatchingRules,
  hostOf,
  isReadTool,
  matchPath,
  parseRules,
  ruleAppliesToTool,
  type Rule,
} from './rules';
import type { Decision, PermissionEnv, ToolInvocation } from './types';
import { isInside } from '../fs/inside';

/** Effects that change nothing outside the app: what `plan` mode allows and `default` does not ask about. */
const READ_ONLY_EFFECTS: ReadonlySet<ToolEffect> = new Set(['read', 'interact', 'meta', 'output']);

export function decide(inv: ToolInvocation, env: PermissionEnv): Decision {
  for (const list of ['deny', 'ask', 'allow'] as const) {
    if (list === 'ask') {
      const unread = unreadableCommand(inv, env);
      if (unread) return unread;
    }
    const rules = findMatchingRules(list, env.rules[list], inv, env);
    if (rules)
      return {
        decision: list,
        reason: `${rules.length > 1 ? 'rules' : 'rule'} ${rules.join(', ')}`,
        rule: rules[0]!,
        ...(list === 'ask' ? { why: { kind: 'rule' as const, rules } } : {}),
      };
  }
  return decideByMode(inv, env);
}

/**
 * A Bash line the parser cannot read: no rule can judge it (a deny rule could not see what it runs), so it
 * is asked about whatever the rules and mode say — only a deny rule for every Bash call, or plan mode, refuse it.
 */
function unreadableCommand(inv: ToolInvocation, env: PermissionEnv): Decision | undefined {
  if (inv.tool !== 'Bash') return undefined;
  const line = bashLineOf(inv);
  if (line === undefined || line.readable) return undefined;
  if (env.mode === 'plan') return { decision: 'deny', reason: 'plan mode allows read-only tools only' };
  return {
    decision: 'ask',
    reason: `the command could not be read (${line.why}), so no rule can allow it`,
    why: { kind: 'unreadable', problem: line.why },
  };
}

function decideByMode(inv: ToolInvocation, env: PermissionEnv): Decision {
  const readOnly = READ_ONLY_EFFECTS.has(inv.effect);
  switch (env.mode) {
    case 'unrestricted':
      return { decision: 'allow', reason: 'mode unrestricted' };
    case 'plan':
      return readOnly
        ? { decision: 'allow', reason: 'mode plan' }
        : { decision: 'deny', reason: 'plan mode allows read-only tools only' };
    case 'acceptEdits': {
      if (readOnly) return { decision: 'allow', reason: 'mode acceptEdits' };
      if (inv.effect !== 'edit')
        return {
          decision: 'ask',
          reason: `acceptEdits mode asks before ${inv.tool}`,
          why: { kind: 'mode', mode: 'acceptEdits' },
        };
      const paths = inv.target.paths;
      // An edit with no known paths (an MCP tool, say) could touch anything: ask.
      if (paths.length > 0 && paths.every((p) => isInside(env.workdir, p)))
        return { decision: 'allow', reason: 'mode acceptEdits' };
      return {
        decision: 'ask',
        reason:
          paths.length > 0
            ? `acceptEdits mode asks before ${inv.tool} outside the working directory`
            : `acceptEdits mode asks before ${inv.tool}`,
        why: { kind: 'mode', mode: 'acceptEdits', outside: paths.length > 0 },
      };
    }
    case 'default':
      return readOnly
        ? { decision: 'allow', reason: 'mode default' }
        : {
            decision: 'ask',
            reason: `default mode asks before ${inv.tool}`,
            why: { kind: 'mode', mode: 'default' },
          };
  }
}

/**
 * Whether a file tool may reach this path outside the working directory: an allow rule of the tool's
 * family with a glob matching it (a bare `Edit` is not enough), and no deny rule of that family matching.
 */
export function outsidePathAllowed(tool: string, absolutePath: string, env: PermissionEnv): boolean {
  const call = { tool, effect: (isReadTool(tool) ? 'read' : 'edit') as ToolEffect };
  const matches = (rule: Rule) =>
    ruleAppliesToTool(rule, call) &&
    (rule.specifier === undefined || matchPath(rule.specifier, absolutePath, env));
  if (parseRules(env.rules.deny).some(matches)) return false;
  return parseRules(env.rules.allow).some((rule) => rule.specifier !== undefined && matches(rule));
}

/**
 * Whether WebFetch may reach this private or loopback URL: an allow rule `WebFetch(domain:<host>)` naming
 * exactly its host (a `*.` wildcard is not enough), and no deny rule catching it.
 */
export function privateNetworkAllowed(url: string, env: PermissionEnv): boolean {
  const host = hostOf(url);
  if (host === undefined) return false;
  const inv: ToolInvocation = {
    tool: 'WebFetch',
    effect: 'network',
    input: { url },
    target: { paths: [], url },
  };
  if (findMatchingRules('deny', env.rules.deny, inv, env)) return false;
  return parseRules(env.rules.allow).some(
    (rule) =>
      rule.tool === 'WebFetch' &&
      rule.specifier !== undefined &&
      rule.specifier.slice('domain:'.length).toLowerCase().replace(/\.$/, '') === host,
  );
}
