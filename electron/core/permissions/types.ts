// Permission modes, rule lists and decisions (DESIGN §6), shared by the rule engine, the broker that asks
// the user, the CLI and the settings.
import type { ToolEffect, ToolTarget } from '../agent/types';
import type { PermissionWhy } from '../../../shared/types/run';

export const PERMISSION_MODES = ['default', 'acceptEdits', 'plan', 'unrestricted'] as const;
export type PermissionMode = (typeof PERMISSION_MODES)[number];

export type RuleList = 'allow' | 'ask' | 'deny';

export interface PermissionRules {
  allow: string[];
  ask: string[];
  deny: string[];
}

/** One tool call as the rule engine sees it. */
export interface ToolInvocation {
  tool: string;
  effect: ToolEffect;
  input: Record<string, unknown>;
  target: ToolTarget;
}

export interface PermissionEnv {
  mode: PermissionMode;
  rules: PermissionRules;
  /** The run's working directory (absolute real path): `Edit(src/**)` is relative to it. */
  workdir: string;
  /** For `~/` in rules. */
  home: string;
}

export interface Decision {
  decision: 'allow' | 'ask' | 'deny';
  /** Why, for the audit and the tool result: e.g. `rule Bash(npm test:*)`, `mode plan`, `default mode asks`. */
  reason: string;
  /** The rule that decided, when one did. */
  rule?: string;
  /** `ask`: why, as data (the prompt words it in the dashboard's language). */
  why?: PermissionWhy;
}
