// The permission gate on its own: no model, no database — a scripted broker, the audit and the events
// collected in arrays.
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { RunEventInput } from '../engine/run-events';
import type { PermissionAnswer, UserPrompts } from '../permissions/broker';
import type { AuditEntry } from '../permissions/permission-repo';
import { loadShellParser } from '../permissions/shell-command';
import type { PermissionMode, PermissionRules } from '../permissions/types';
import type { ToolCallPart } from '../providers/gateway';
import { newAgentState } from './loop';
import { createPermissionGate, PERMISSION_TIMEOUT_MS } from './permission-gate';
import { defineTool, type AgentTool, type ToolEffect, type ToolTarget } from './types';

const WORKDIR = '/work/dir';

// decide reads Bash lines with it
beforeAll(() => loadShellParser());

type Reply = { kind: 'permission'; answer: PermissionAnswer } | { kind: 'timeout' } | { kind: 'cancelled' };

function setup(
  o: {
    mode?: PermissionMode;
    rules?: Partial<PermissionRules>;
    grants?: string[];
    runGrants?: string[];
    reply?: Reply;
    timeoutMs?: number;
  } = {},
) {
  const audits: AuditEntry[] = [];
  const events: RunEventInput[] = [];
  const asked: { timeoutMs: number; callId: string }[] = [];
  const skillRules: string[] = [];
  let saves = 0;
  const state = newAgentState('hi');
  state.runGrants.push(...(o.runGrants ?? []));
  const prompts = {
    async ask(request, announce) {
      asked.push({ timeoutMs: request.timeoutMs, callId: request.callId });
      announce('req_1', 1000);
      return o.reply ?? { kind: 'cancelled' };
    },
  } as Pick<UserPrompts, 'ask'> as UserPrompts;
  const gate = createPermissionGate(
    {
      runId: 'run-1',
      skillId: 'notes',
      workdir: WORKDIR,
      mode: o.mode ?? 'default',
      rules: () => ({ allow: [], ask: [], deny: [], ...o.rules }),
      state,
      save: () => void saves++,
      addSkillRule: (rule) => skillRules.push(rule),
      audit: (entry) => audits.push(entry),
      prompts,
      ...(o.timeoutMs !== undefined ? { permissionTimeoutMs: o.timeoutMs } : {}),
      emit: (event) => events.push(event),
      signal: new AbortController().signal,
    },
    o.grants ?? [],
  );
  return { gate, audits, events, asked, skillRules, state, saves: () => saves };
}

const tool = (name: string, effect: ToolEffect): AgentTool =>
  defineTool({
    name,
    description: name,
    effect,
    input: z.object({}),
    execute: async () => ({ output: '', summary: '' }),
  });
const write = tool('Write', 'edit');
const read = tool('Read', 'read');
const call = (name: string): ToolCallPart => ({ id: 'call-1', name, input: {} });
const at = (file: string): ToolTarget => ({ paths: [`${WORKDIR}/${file}`] });

const permit = (g: ReturnType<typeof setup>, t: AgentTool, target = at('notes.md')) =>
  g.gate.permit('agent', call(t.name), t, {}, target);

const brief = (a: AuditEntry) => ({ decision: a.decision, source: a.source, rule: a.rule, reason: a.reason });

describe('the permission gate', () => {
  it('lets a mode allow a read quietly: audited, no event', async () => {
    const g = setup();
    expect(await permit(g, read)).toEqual({ allowed: true });
    expect(g.audits.map(brief)).toEqual([
      { decision: 'allow', source: 'mode', rule: null, reason: 'mode default' },
    ]);
    expect(g.audits[0]).toMatchObject({ runId: 'run-1', skillId: 'notes', tool: 'Read' });
    expect(g.events).toEqual([]);
  });

  it('tells the run when a rule allows, and calls it a run grant when the run granted it', async () => {
    const byRule = setup({ rules: { allow: ['Write'] } });
    // the rule that allowed it goes to the tool too (WebSearch keeps a domain rule's results to its domains)
    expect(await permit(byRule, write)).toEqual({ allowed: true, rule: 'Write' });
    expect(byRule.events).toEqual([
      {
        type: 'permission_decision',
        requestId: null,
        callId: 'call-1',
        tool: 'Write',
        decision: 'allow',
        source: 'rule',
        rule: 'Write',
        reason: 'rule Write',
      },
    ]);
    const byGrant = setup({ runGrants: ['Write'] });
    await permit(byGrant, write);
    expect(byGrant.audits.map(brief)).toEqual([
      { decision: 'allow', source: 'run-grant', rule: 'Write', reason: 'rule Write' },
    ]);
    const byCeiling = setup({ grants: ['Write(notes.md)'] });
    expect(await permit(byCeiling, write)).toEqual({ allowed: true, rule: 'Write(notes.md)' });
    expect(byCeiling.audits.map(brief)).toEqual([
      { decision: 'allow', source: 'rule', rule: 'Write(notes.md)', reason: 'rule Write(notes.md)' },
    ]);
    expect(byCeiling.gate.env().rules.allow).toEqual(['Write(notes.md)']);
  });

  it('notes the sandbox an allowed call runs in', async () => {
    const g = setup({ mode: 'unrestricted' });
    const sandbox = { confined: true, by: 'bubblewrap' as const, network: false };
    await permit(g, tool('Bash', 'exec'), { paths: [], command: 'ls', sandbox });
    expect(g.events).toMatchObject([{ type: 'permission_decision', source: 'mode', sandbox }]);
  });

  it('refuses by a deny rule or the mode without asking', async () => {
    const byRule = setup({ rules: { deny: ['Write'] } });
    expect(await permit(byRule, write)).toEqual({
      allowed: false,
      reason: 'permission denied (rule Write)',
    });
    expect(byRule.asked).toEqual([]);
    expect(byRule.events).toMatchObject([{ decision: 'deny', source: 'rule', rule: 'Write' }]);
    const byMode = setup({ mode: 'plan' });
    expect(await permit(byMode, write)).toEqual({
      allowed: false,
      reason: 'permission denied (plan mode allows read-only tools only)',
    });
    expect(byMode.audits.map(brief)).toEqual([
      { decision: 'deny', source: 'mode', rule: null, reason: 'plan mode allows read-only tools only' },
    ]);
  });

  it('asks, audits the ask, and keeps an "allow for this run" answer as a grant of the run', async () => {
    const g = setup({ reply: { kind: 'permission', answer: { choice: 'allow_run' } } });
    expect(await permit(g, write)).toEqual({ allowed: true });
    expect(g.asked).toEqual([{ timeoutMs: PERMISSION_TIMEOUT_MS, callId: 'call-1' }]);
    expect(g.audits.map(brief)).toEqual([
      { decision: 'ask', source: 'mode', rule: null, reason: 'default mode asks before Write' },
      { decision: 'allow', source: 'user', rule: 'Edit(/*)', reason: 'allowed for this run' },
    ]);
    expect(g.events).toMatchObject([
      {
        type: 'permission_request',
        requestId: 'req_1',
        runId: 'run-1',
        skill: 'notes',
        stepId: 'agent',
        workdir: WORKDIR,
        tool: 'Write',
        reason: 'default mode asks before Write',
        why: { kind: 'mode', mode: 'default' },
        suggestedRule: 'Edit(/*)',
        expiresAt: 1000,
      },
      {
        type: 'permission_decision',
        requestId: 'req_1',
        decision: 'allow',
        source: 'user',
        rule: 'Edit(/*)',
      },
    ]);
    expect(g.state.runGrants).toEqual(['Edit(/*)']);
    expect(g.saves()).toBe(1);
    // the next such call is allowed by that grant, unasked
    await permit(g, write);
    expect(g.asked).toHaveLength(1);
    expect(g.audits.at(-1)!.source).toBe('run-grant');
  });

  it('saves an "always" answer as the skill’s rule, the user’s edit of it if they made one', async () => {
    const g = setup({ reply: { kind: 'permission', answer: { choice: 'allow_always', rule: 'Write' } } });
    expect(await permit(g, write)).toEqual({ allowed: true });
    expect(g.skillRules).toEqual(['Write']);
    expect(g.audits.at(-1)).toMatchObject({ decision: 'allow', source: 'user', rule: 'Write' });
    expect(g.state.runGrants).toEqual([]);
  });

  it('gives the model the user’s reason for a deny, or says none was given', async () => {
    const withReason = setup({
      reply: { kind: 'permission', answer: { choice: 'deny', reason: ' not that file ' } },
    });
    expect(await permit(withReason, write)).toEqual({
      allowed: false,
      reason: 'the user denied this call: not that file',
    });
    expect(withReason.audits.at(-1)!.reason).toBe('denied: not that file');
    const without = setup({ reply: { kind: 'permission', answer: { choice: 'deny', reason: '  ' } } });
    expect(await permit(without, write)).toEqual({
      allowed: false,
      reason: 'the user denied this call: no reason given',
    });
  });

  it('turns no answer in time into a deny, and a cancelled run into no decision', async () => {
    const late = setup({ reply: { kind: 'timeout' }, timeoutMs: 50 });
    expect(await permit(late, write)).toEqual({
      allowed: false,
      reason: 'the user did not answer the permission prompt within 50 ms, so Write was not run',
    });
    expect(late.asked[0]!.timeoutMs).toBe(50);
    expect(late.audits.map(brief).at(-1)).toEqual({
      decision: 'deny',
      source: 'timeout',
      rule: null,
      reason: 'no answer within 50 ms',
    });
    const cancelled = setup({ reply: { kind: 'cancelled' } });
    expect(await permit(cancelled, write)).toEqual({ allowed: false, reason: 'cancelled' });
    expect(cancelled.audits.map((a) => a.decision)).toEqual(['ask']);
    expect(cancelled.events.map((e) => e.type)).toEqual(['permission_request']);
  });

  it('audits a call of a tool the run does not offer as a deny by allowed-tools', () => {
    const g = setup();
    g.gate.refuseUnoffered({ id: 'call-2', name: 'Bash', input: { command: 'ls' } }, 'not allowed');
    expect(g.audits).toMatchObject([
      { tool: 'Bash', input: { command: 'ls' }, decision: 'deny', source: 'rule', rule: 'allowed-tools' },
    ]);
    expect(g.events).toEqual([
      {
        type: 'permission_decision',
        requestId: null,
        callId: 'call-2',
        tool: 'Bash',
        decision: 'deny',
        source: 'ceiling',
        rule: null,
        reason: 'not allowed',
      },
    ]);
  });
});
