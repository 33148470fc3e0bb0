// The permission check before each tool call of an agent run (DESIGN §6): `decide` on the rules (the saved
// ones, allowed-tools' grants, the run's grants) and the mode; the user asked through the broker when that
// says ask; every decision audited, and told to the run as a `permission_decision` event unless it is a
// mode allowing a tool that changes nothing.
import os from 'node:os';
import type { RunEventInput } from '../engine/run-events';
import type { ToolCallPart } from '../providers/gateway';
import type { PermissionAnswer, UserPrompts } from '../permissions/broker';
import { decide } from '../permissions/decide';
import { generalizeRule } from '../permissions/generalize';
import type { AuditEntry } from '../permissions/permission-repo';
import type { PermissionEnv, PermissionMode, PermissionRules, ToolInvocation } from '../permissions/types';
import type { AgentState } from './loop';
import type { AgentTool, ToolTarget } from './types';

/** Default timeout of a permission prompt: no answer is a deny. */
export const PERMISSION_TIMEOUT_MS = 120_000;

/** `rule`: the rule that allowed the call, when a rule did (not the user, not the mode). */
export type Permission = { allowed: true; rule?: string } | { allowed: false; reason: string };

export interface PermissionGateDeps {
  runId: string;
  skillId: string;
  workdir: string;
  mode: PermissionMode;
  rules: () => PermissionRules;
  /** The run's state: its `runGrants` are rules, an "allow for this run" answer adds one and saves it. */
  state: AgentState;
  save: (state: AgentState) => void;
  addSkillRule: (rule: string) => void;
  audit: (entry: AuditEntry) => void;
  prompts: UserPrompts;
  permissionTimeoutMs?: number;
  emit: (event: RunEventInput) => void;
  signal: AbortSignal;
}

export interface PermissionGate {
  /** The rules and mode a call is judged by now (the tools ask it about paths, URLs and the sandbox). */
  env(): PermissionEnv;
  /** Allowed? Asks the user when the rules and mode say so. */
  permit(
    stepId: string,
    call: ToolCallPart,
    tool: AgentTool,
    input: Record<string, unknown>,
    target: ToolTarget,
  ): Promise<Permission>;
  /** A call of a tool the run does not offer: audited and told as a deny by the ceiling. */
  refuseUnoffered(call: ToolCallPart, message: string): void;
}

/** Effects a mode may allow without telling the run (they change nothing outside the app). */
const QUIET_EFFECTS = ['read', 'interact', 'meta', 'output'];

/**
 * `ceilingGrants`: the rules allowed-tools grants (`Bash(npm test:*)`); `ceilingDenies`: those
 * disallowed-tools denies (`Bash(git push:*)`).
 */
export function createPermissionGate(
  d: PermissionGateDeps,
  ceilingGrants: readonly string[],
  ceilingDenies: readonly string[] = [],
): PermissionGate {
  const home = os.homedir();
  const env = (): PermissionEnv => {
    const base = d.rules();
    return {
      mode: d.mode,
      workdir: d.workdir,
      home,
      rules: {
        ...base,
        allow: [...base.allow, ...ceilingGrants, ...d.state.runGrants],
        deny: [...base.deny, ...ceilingDenies],
      },
    };
  };

  function audit(
    tool: string,
    input: unknown,
    decision: AuditEntry['decision'],
    source: AuditEntry['source'],
    reason: string,
    rule: string | null = null,
  ) {
    d.audit({
      runId: d.runId,
      skillId: d.skillId,
      tool,
      input,
      decision,
      source,
      rule,
      reason,
      at: Date.now(),
    });
  }

  async function permit(
    stepId: string,
    call: ToolCallPart,
    tool: AgentTool,
    input: Record<string, unknown>,
    target: ToolTarget,
  ): Promise<Permission> {
    const inv: ToolInvocation = { tool: tool.name, effect: tool.effect, input, target };
    const e = env();
    const decision = decide(inv, e);
    const decided = (
      allowed: boolean,
      source: AuditEntry['source'],
      reason: string,
      rule: string | null,
      requestId: string | null = null,
    ) => {
      audit(tool.name, input, allowed ? 'allow' : 'deny', source, reason, rule);
      const quiet = allowed && source === 'mode' && QUIET_EFFECTS.includes(tool.effect);
      if (!quiet)
        d.emit({
          type: 'permission_decision',
          requestId,
          callId: call.id,
          tool: tool.name,
          decision: allowed ? 'allow' : 'deny',
          source,
          rule,
          reason,
          // the sandbox an allowed Bash call runs in, for the run's log
          ...(allowed && target.sandbox ? { sandbox: target.sandbox } : {}),
        });
    };
    if (decision.decision === 'allow') {
      const grant = decision.rule !== undefined && d.state.runGrants.includes(decision.rule);
      decided(
        true,
        decision.rule ? (grant ? 'run-grant' : 'rule') : 'mode',
        decision.reason,
        decision.rule ?? null,
      );
      return decision.rule !== undefined ? { allowed: true, rule: decision.rule } : { allowed: true };
    }
    if (decision.decision === 'deny') {
      decided(false, decision.rule ? 'rule' : 'mode', decision.reason, decision.rule ?? null);
      return { allowed: false, reason: `permission denied (${decision.reason})` };
    }
    const suggestedRule = generalizeRule(inv, e);
    audit(tool.name, input, 'ask', decision.rule ? 'rule' : 'mode', decision.reason, decision.rule ?? null);
    const timeoutMs = d.permissionTimeoutMs ?? PERMISSION_TIMEOUT_MS;
    let requestId: string | null = null;
    const answer = await d.prompts.ask(
      { runId: d.runId, kind: 'permission', callId: call.id, timeoutMs },
      (id, expiresAt) => {
        requestId = id;
        d.emit({
          type: 'permission_request',
          requestId: id,
          runId: d.runId,
          skill: d.skillId,
          stepId,
          workdir: d.workdir,
          callId: call.id,
          tool: tool.name,
          input,
          ...(target.diff !== undefined ? { diff: target.diff } : {}),
          reason: decision.reason,
          ...(decision.why ? { why: decision.why } : {}),
          suggestedRule,
          ...(target.sandbox ? { sandbox: target.sandbox } : {}),
          expiresAt,
        });
      },
      d.signal,
    );
    if (answer.kind === 'cancelled') return { allowed: false, reason: 'cancelled' };
    if (answer.kind === 'timeout') {
      const within = timeoutMs < 1000 ? `${timeoutMs} ms` : `${Math.round(timeoutMs / 1000)} s`;
      decided(false, 'timeout', `no answer within ${within}`, null, requestId);
      return {
        allowed: false,
        reason: `the user did not answer the permission prompt within ${within}, so ${tool.name} was not run`,
      };
    }
    return applyAnswer(answer.answer, suggestedRule, (allowed, reason, rule) =>
      decided(allowed, 'user', reason, rule, requestId),
    );
  }

  function applyAnswer(
    a: PermissionAnswer,
    suggested: string,
    decided: (allowed: boolean, reason: string, rule: string | null) => void,
  ): Permission {
    switch (a.choice) {
      case 'allow_once':
        decided(true, 'allowed once', null);
        return { allowed: true };
      case 'allow_run': {
        const rule = a.rule ?? suggested;
        if (!d.state.runGrants.includes(rule)) d.state.runGrants.push(rule);
        d.save(d.state);
        decided(true, 'allowed for this run', rule);
        return { allowed: true };
      }
      case 'allow_always': {
        const rule = a.rule ?? suggested;
        d.addSkillRule(rule);
        decided(true, 'always allowed for this skill', rule);
        return { allowed: true };
      }
      case 'deny': {
        const reason = a.reason?.trim() ? a.reason.trim() : 'no reason given';
        decided(false, `denied: ${reason}`, null);
        return { allowed: false, reason: `the user denied this call: ${reason}` };
      }
    }
  }

  function refuseUnoffered(call: ToolCallPart, message: string): void {
    audit(call.name, call.input, 'deny', 'rule', message, 'allowed-tools');
    d.emit({
      type: 'permission_decision',
      requestId: null,
      callId: call.id,
      tool: call.name,
      decision: 'deny',
      source: 'ceiling',
      rule: null,
      reason: message,
    });
  }

  return { env, permit, refuseUnoffered };
}
