// Permission checks of agent runs end to end: modes, saved rules, the prompt and its answers (through the
// core's channels, as the dashboard answers them), timeouts, the audit.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { agentSkill, callTool, resultFor, useAgentHarness, type AgentHarness } from './test-support';

const { server: srv, open } = useAgentHarness();

const shell = (mode?: string, tools = ['Read', 'Write', 'Edit', 'Bash']) =>
  agentSkill('shell', { 'allowed-tools': tools, ...(mode ? { 'permission-mode': mode } : {}) });

/** Answers the next permission prompt of the run and returns it. */
async function answer(
  a: AgentHarness,
  runId: string,
  index: number,
  choice: 'allow_once' | 'allow_run' | 'allow_always' | 'deny',
  extra: { reason?: string; rule?: string } = {},
) {
  let seen = 0;
  const request = await a.next(runId, 'permission_request', () => seen++ === index);
  const { answered } = await a.call('permissions:respond', {
    runId,
    requestId: request.requestId,
    choice,
    ...extra,
  });
  expect(answered).toBe(true);
  return request;
}

describe('default mode', () => {
  it('asks before Bash; a deny with a reason reaches the model and the audit', async () => {
    const a = await open({ 'shell/SKILL.md': shell() });
    srv().script(callTool('b1', 'Bash', { command: 'rm -rf build' }), { text: 'understood' });
    const before = Date.now();
    const runId = await a.start('shell', { input: 'clean up' });
    const request = await a.next(runId, 'permission_request');
    // the run waits on the user meanwhile
    expect((await a.call('runs:get', { runId })).status).toBe('waiting');
    expect(await a.call('permissions:pending', undefined)).toMatchObject([
      { requestId: request.requestId, runId, kind: 'permission', callId: 'b1', expiresAt: request.expiresAt },
    ]);
    await a.call('permissions:respond', {
      runId,
      requestId: request.requestId,
      choice: 'deny',
      reason: 'not today',
    });
    const run = await a.settle(runId);

    expect(request).toMatchObject({
      runId,
      skill: 'shell',
      stepId: 'agent',
      // the dialog names the folder the command runs in
      workdir: fs.realpathSync(a.workdir),
      callId: 'b1',
      tool: 'Bash',
      input: { command: 'rm -rf build' },
      reason: 'default mode asks before Bash',
      suggestedRule: 'Bash(rm:*)',
    });
    expect(request.expiresAt).toBeGreaterThan(before + 60_000);
    expect(run.status).toBe('succeeded');
    expect(resultFor(srv().requests[1], 'b1')).toBe('the user denied this call: not today');
    expect(a.of(runId, 'permission_decision')).toMatchObject([
      { requestId: request.requestId, tool: 'Bash', decision: 'deny', source: 'user' },
    ]);
    const audit = await a.call('permissions:audit', { runId });
    expect(audit.map((r) => [r.tool, r.decision, r.source])).toEqual(
      expect.arrayContaining([
        ['Bash', 'ask', 'mode'],
        ['Bash', 'deny', 'user'],
      ]),
    );
    expect(audit.find((r) => r.decision === 'deny')).toMatchObject({
      skillId: 'shell',
      reason: 'denied: not today',
    });
    expect(JSON.parse(audit.find((r) => r.decision === 'deny')!.inputJson)).toEqual({
      command: 'rm -rf build',
    });
    expect(await a.call('permissions:pending', undefined)).toEqual([]);
  });

  it('turns no answer within the timeout into a deny', async () => {
    const a = await open({ 'shell/SKILL.md': shell() }, { permissionTimeoutMs: 80 });
    srv().script(callTool('b1', 'Bash', { command: 'echo hi' }), { text: 'fine' });
    const runId = await a.start('shell', { input: 'x' });
    const run = await a.settle(runId);

    expect(run.status).toBe('succeeded');
    expect(a.of(runId, 'permission_request')).toHaveLength(1);
    expect(a.of(runId, 'permission_decision')).toMatchObject([
      {
        tool: 'Bash',
        decision: 'deny',
        source: 'timeout',
        requestId: a.of(runId, 'permission_request')[0]!.requestId,
      },
    ]);
    expect(resultFor(srv().requests[1], 'b1')).toBe(
      'the user did not answer the permission prompt within 80 ms, so Bash was not run',
    );
    const audit = await a.call('permissions:audit', { runId });
    expect(audit.some((r) => r.decision === 'deny' && r.source === 'timeout')).toBe(true);
  });
});

describe('acceptEdits and plan', () => {
  it('acceptEdits allows an Edit inside the working directory without asking, asks for Bash', async () => {
    const a = await open({ 'shell/SKILL.md': shell('acceptEdits') });
    fs.writeFileSync(path.join(a.workdir, 'notes.md'), 'old\n');
    srv().script(
      callTool('e1', 'Edit', { file_path: 'notes.md', old_string: 'old', new_string: 'new' }),
      callTool('b1', 'Bash', { command: 'echo hi' }),
      { text: 'done' },
    );
    const runId = await a.start('shell', { input: 'x' });
    const request = await answer(a, runId, 0, 'allow_once');
    const run = await a.settle(runId);

    expect(run.status).toBe('succeeded');
    expect(fs.readFileSync(path.join(a.workdir, 'notes.md'), 'utf8')).toBe('new\n');
    expect(a.of(runId, 'permission_request').map((r) => r.tool)).toEqual(['Bash']);
    expect(request.callId).toBe('b1');
    expect(a.of(runId, 'permission_decision')).toMatchObject([
      { tool: 'Edit', decision: 'allow', source: 'mode' },
      { tool: 'Bash', decision: 'allow', source: 'user' },
    ]);
    expect(resultFor(srv().requests[2], 'b1')).toContain('hi');
  });

  it('plan mode refuses Write without asking', async () => {
    const a = await open({ 'shell/SKILL.md': shell('plan') });
    srv().script(callTool('w1', 'Write', { file_path: 'x.md', content: 'x' }), { text: 'ok' });
    const runId = await a.start('shell', { input: 'x' });
    const run = await a.settle(runId);

    expect(run.status).toBe('succeeded');
    expect(a.of(runId, 'permission_request')).toEqual([]);
    expect(resultFor(srv().requests[1], 'w1')).toBe(
      'permission denied (plan mode allows read-only tools only)',
    );
    expect(fs.existsSync(path.join(a.workdir, 'x.md'))).toBe(false);
    expect(a.of(runId, 'permission_decision')).toMatchObject([
      { tool: 'Write', decision: 'deny', source: 'mode' },
    ]);
  });

  it('plan mode lets Grep search unasked, but not through a link leading outside (nor Read)', async () => {
    const a = await open({ 'shell/SKILL.md': shell('plan', ['Grep', 'Glob', 'Read']) });
    const secret = `${a.workdir}-passwd`;
    fs.writeFileSync(secret, 'root:x:0:0:root:/root:/bin/bash\n');
    fs.symlinkSync(secret, path.join(a.workdir, 'pw'));
    fs.writeFileSync(path.join(a.workdir, 'mine.txt'), 'root of the matter\n');
    srv().script(
      callTool('g1', 'Grep', { pattern: 'root', output_mode: 'content' }),
      callTool('r1', 'Read', { file_path: 'pw' }),
      { text: 'ok' },
    );
    const runId = await a.start('shell', { input: 'x' });
    await a.settle(runId);
    fs.rmSync(secret);

    expect(a.of(runId, 'permission_request')).toEqual([]);
    const grep = resultFor(srv().requests[1], 'g1');
    expect(grep).toContain('mine.txt:1:root of the matter');
    expect(grep).not.toContain('/bin/bash');
    expect(grep).toContain('[1 symbolic link skipped: it leads outside the working directory (pw)]');
    expect(resultFor(srv().requests[2], 'r1')).toMatch(/outside the working directory/);
  });

  it('the run’s permissionMode wins over the skill’s', async () => {
    const a = await open({ 'shell/SKILL.md': shell('plan') });
    srv().script(callTool('w1', 'Write', { file_path: 'x.md', content: 'x' }), { text: 'ok' });
    const runId = await a.start('shell', { input: 'x', permissionMode: 'acceptEdits' });
    await a.settle(runId);
    expect(fs.readFileSync(path.join(a.workdir, 'x.md'), 'utf8')).toBe('x');
  });
});

describe('saved rules and grants', () => {
  it('a saved Bash(npm test:*) rule runs npm test without asking and still asks for npm install', async () => {
    const a = await open({ 'shell/SKILL.md': shell() });
    fs.writeFileSync(
      path.join(a.workdir, 'package.json'),
      JSON.stringify({ name: 'w', version: '1.0.0', scripts: { test: 'echo ok-from-test' } }),
    );
    const rule = await a.call('permissions:grant', {
      skillId: 'shell',
      list: 'allow',
      rule: 'Bash(npm test:*)',
    });
    expect(rule).toMatchObject({ skillId: 'shell', list: 'allow', rule: 'Bash(npm test:*)' });
    srv().script(
      callTool('t1', 'Bash', { command: 'npm test -- -u' }),
      callTool('i1', 'Bash', { command: 'npm install left-pad' }),
      { text: 'done' },
    );
    const runId = await a.start('shell', { input: 'x' });
    const request = await answer(a, runId, 0, 'deny', { reason: 'no installs' });
    const run = await a.settle(runId);

    expect(run.status).toBe('succeeded');
    expect(request).toMatchObject({ callId: 'i1', suggestedRule: 'Bash(npm install:*)' });
    expect(a.of(runId, 'permission_request')).toHaveLength(1);
    expect(a.of(runId, 'permission_decision')[0]).toMatchObject({
      callId: 't1',
      decision: 'allow',
      source: 'rule',
      rule: 'Bash(npm test:*)',
    });
    expect(resultFor(srv().requests[1], 't1')).toContain('ok-from-test');
    expect(resultFor(srv().requests[2], 'i1')).toBe('the user denied this call: no installs');
    expect(fs.existsSync(path.join(a.workdir, 'node_modules'))).toBe(false);
  });

  it('an allowed-tools Bash(echo:*) runs plain echo unasked but asks before a redirection', async () => {
    const a = await open({ 'shell/SKILL.md': shell(undefined, ['Bash(echo:*)']) });
    const target = `${a.workdir}-outside.txt`; // beside the working directory, unique to this test
    srv().script(
      callTool('r1', 'Bash', { command: `echo x > ${target}` }),
      callTool('r2', 'Bash', { command: `echo y 2> ${target}` }),
      callTool('p1', 'Bash', { command: "echo '>' plain" }),
      { text: 'done' },
    );
    const runId = await a.start('shell', { input: 'x' });
    for (const callId of ['r1', 'r2']) {
      const request = await a.next(runId, 'permission_request', (r) => r.callId === callId);
      await a.call('permissions:respond', { runId, requestId: request.requestId, choice: 'deny' });
    }
    await a.settle(runId);

    expect(a.of(runId, 'permission_request').map((r) => r.callId)).toEqual(['r1', 'r2']);
    expect(fs.existsSync(target)).toBe(false);
    expect(resultFor(srv().requests[3], 'p1')).toBe('> plain\n');
  });

  it('allow_always saves the rule and the next run does not ask', async () => {
    const a = await open({ 'shell/SKILL.md': shell() });
    srv().script(callTool('b1', 'Bash', { command: 'echo 1' }), { text: 'first' });
    const first = await a.start('shell', { input: 'x' });
    const request = await answer(a, first, 0, 'allow_always');
    await a.settle(first);

    expect(request.suggestedRule).toBe('Bash(echo:*)');
    expect(await a.call('permissions:rules', { skillId: 'shell' })).toMatchObject([
      { skillId: 'shell', list: 'allow', rule: 'Bash(echo:*)' },
    ]);
    expect(resultFor(srv().requests[1], 'b1')).toMatch(/^1$/m);

    srv().script(callTool('b2', 'Bash', { command: 'echo 2' }), { text: 'second' });
    const second = await a.start('shell', { input: 'x' });
    const run = await a.settle(second);
    expect(run.status).toBe('succeeded');
    expect(a.of(second, 'permission_request')).toEqual([]);
    expect(a.of(second, 'permission_decision')).toMatchObject([
      { decision: 'allow', source: 'rule', rule: 'Bash(echo:*)' },
    ]);
    expect(resultFor(srv().requests[3], 'b2')).toMatch(/^2$/m);
  });

  it('allow_run grants for the rest of that run only', async () => {
    const a = await open({ 'shell/SKILL.md': shell() });
    srv().script(
      callTool('b1', 'Bash', { command: 'echo 1' }),
      callTool('b2', 'Bash', { command: 'echo 2' }),
      { text: 'first' },
    );
    const first = await a.start('shell', { input: 'x' });
    await answer(a, first, 0, 'allow_run');
    await a.settle(first);

    expect(a.of(first, 'permission_request')).toHaveLength(1);
    expect(a.of(first, 'permission_decision')).toMatchObject([
      { callId: 'b1', decision: 'allow', source: 'user', rule: 'Bash(echo:*)' },
      { callId: 'b2', decision: 'allow', source: 'run-grant', rule: 'Bash(echo:*)' },
    ]);
    expect(resultFor(srv().requests[2], 'b2')).toMatch(/^2$/m);
    expect(await a.call('permissions:rules', { skillId: 'shell' })).toEqual([]);

    srv().script(callTool('b3', 'Bash', { command: 'echo 3' }), { text: 'second' });
    const second = await a.start('shell', { input: 'x' });
    await answer(a, second, 0, 'deny');
    await a.settle(second);
    expect(a.of(second, 'permission_request')).toHaveLength(1);
    expect(resultFor(srv().requests[4], 'b3')).toBe('the user denied this call: no reason given');
  });
});

describe('a permission prompt across a restart', () => {
  it('stays waiting; runs:resume asks again and the answer goes through', async () => {
    const a = await open({ 'shell/SKILL.md': shell() });
    srv().script(callTool('b1', 'Bash', { command: 'echo 7' }));
    const runId = await a.start('shell', { input: 'x' });
    const first = await a.next(runId, 'permission_request');
    a.reopen();
    expect((await a.call('runs:get', { runId })).status).toBe('waiting');

    srv().script({ text: 'seven' });
    await a.call('runs:resume', { runId });
    const again = await a.next(runId, 'permission_request', (e) => e.requestId !== first.requestId);
    expect(again).toMatchObject({ callId: 'b1', tool: 'Bash', input: { command: 'echo 7' } });
    await a.call('permissions:respond', { runId, requestId: again.requestId, choice: 'allow_once' });
    const run = await a.settle(runId);

    expect(run.status).toBe('succeeded');
    expect(run.output).toBe('seven');
    expect(srv().requests).toHaveLength(2);
    expect(resultFor(srv().requests[1], 'b1')).toMatch(/^7$/m);
    // the call was logged once; the prompt is a new one (a new deadline), the old one is gone
    const stored = run.events.map((e) => e.type);
    expect(stored.filter((t) => t === 'tool_call')).toHaveLength(1);
    expect(stored.filter((t) => t === 'tool_result')).toHaveLength(1);
  });
});
