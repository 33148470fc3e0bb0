// Every reason the core records for a permission decision (the audit, `permission_decision`, the prompt's
// `reason`) is one the dashboard can read back and say in its own language (shared/types/decision-reason.ts):
// real runs through each answer, mode, rule and refusal.
import { describe, expect, it } from 'vitest';
import { readDecisionReason } from '../../../shared/types/decision-reason';
import { agentSkill, callTool, useAgentHarness, type AgentHarness } from './test-support';

const { server: srv, open } = useAgentHarness();

async function answerEach(
  a: AgentHarness,
  runId: string,
  answers: { choice: 'allow_once' | 'allow_run' | 'allow_always' | 'deny'; reason?: string }[],
) {
  for (const [index, answer] of answers.entries()) {
    const request = await a.next(
      runId,
      'permission_request',
      (e) => a.of(runId, 'permission_request').indexOf(e) === index,
    );
    await a.call('permissions:respond', { runId, requestId: request.requestId, ...answer });
  }
}

/** Every recorded reason of the run, with what it reads as. */
async function reasons(a: AgentHarness, runId: string) {
  const audit = await a.call('permissions:audit', { runId });
  const texts = [
    ...audit.map((r) => r.reason),
    ...a.of(runId, 'permission_decision').map((e) => e.reason),
    ...a.of(runId, 'permission_request').map((e) => e.reason),
  ];
  return texts.map((text) => ({ text, read: readDecisionReason(text) }));
}

const unread = (list: { text: string; read: { kind: string } }[]) =>
  list.filter((r) => r.read.kind === 'text').map((r) => r.text);

describe('decision reasons', () => {
  it("the user's answers in default mode: once, for the run (then the grant), always, deny with and without a reason", async () => {
    const a = await open({
      'shell/SKILL.md': agentSkill('shell', { 'allowed-tools': ['Read', 'Write', 'Bash'] }),
    });
    srv().script(
      callTool('b1', 'Bash', { command: 'echo one' }),
      callTool('b2', 'Bash', { command: 'printf two' }),
      callTool('b3', 'Bash', { command: 'printf three' }),
      callTool('w1', 'Write', { file_path: 'a.txt', content: 'a' }),
      callTool('w2', 'Write', { file_path: 'b.txt', content: 'b' }),
      callTool('w3', 'Write', { file_path: 'c.txt', content: 'c' }),
      callTool('r1', 'Read', { file_path: 'a.txt' }),
      { text: 'done' },
    );
    const runId = await a.start('shell', { input: 'x' });
    await answerEach(a, runId, [
      { choice: 'allow_once' },
      { choice: 'allow_run' },
      // b3 matches the run's grant Bash(printf:*): not asked
      { choice: 'deny', reason: 'Not in that folder, please' },
      { choice: 'deny' },
      { choice: 'allow_always' },
    ]);
    await a.settle(runId);

    const read = await reasons(a, runId);
    expect(unread(read)).toEqual([]);
    expect(new Set(read.map((r) => r.read.kind))).toEqual(
      new Set(['modeAsks', 'allowedOnce', 'allowedForRun', 'rules', 'allowedAlways', 'deniedByUser', 'mode']),
    );
    expect(read.map((r) => r.read)).toContainEqual({
      kind: 'deniedByUser',
      text: 'Not in that folder, please',
    });
    expect(read.map((r) => r.read)).toContainEqual({ kind: 'deniedByUser', text: null });
  });

  it('no answer in time, plan mode, acceptEdits, tools the skill may not use', async () => {
    const a = await open(
      {
        'slow/SKILL.md': agentSkill('slow', { 'allowed-tools': ['Bash'] }),
        'planner/SKILL.md': agentSkill('planner', {
          'allowed-tools': ['Read', 'Write'],
          'permission-mode': 'plan',
        }),
        'editor/SKILL.md': agentSkill('editor', {
          'allowed-tools': ['Write', 'Bash'],
          'permission-mode': 'acceptEdits',
        }),
      },
      { permissionTimeoutMs: 80 },
    );
    srv().script(callTool('b1', 'Bash', { command: 'echo hi' }), { text: 'ok' });
    const slow = await a.start('slow', { input: 'x' });
    await a.settle(slow);

    srv().script(
      callTool('w1', 'Write', { file_path: 'x.md', content: 'x' }),
      callTool('g1', 'Grep', { pattern: 'x' }),
      callTool('t1', 'Teleport', {}),
      { text: 'ok' },
    );
    const planner = await a.start('planner', { input: 'x' });
    await a.settle(planner);

    srv().script(
      callTool('w2', 'Write', { file_path: 'in.md', content: 'x' }),
      callTool('b2', 'Bash', { command: 'echo hi' }),
      { text: 'ok' },
    );
    const editor = await a.start('editor', { input: 'x' });
    await a.settle(editor);

    const read = [...(await reasons(a, slow)), ...(await reasons(a, planner)), ...(await reasons(a, editor))];
    expect(unread(read)).toEqual([]);
    const kinds = read.map((r) => r.read);
    expect(kinds).toContainEqual({ kind: 'timeout', amount: 80, unit: 'ms' });
    expect(kinds).toContainEqual({ kind: 'planReadOnly' });
    expect(kinds).toContainEqual({ kind: 'notAllowed', tool: 'Grep' });
    expect(kinds).toContainEqual({ kind: 'unknownTool', tool: 'Teleport' });
    expect(kinds).toContainEqual({ kind: 'mode', mode: 'acceptEdits' });
    expect(kinds).toContainEqual({ kind: 'modeAsks', mode: 'acceptEdits', tool: 'Bash', outside: false });
  });
});
