// Bash's sandbox as a run sees it: the permission prompt and the decision events say whether a command
// runs confined and with network; where no sandbox is available they say that instead. The network comes
// from `Network` in allowed-tools or a rule.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectSandbox } from './sandbox/detect';
import { agentSkill, callTool, resultFor, useAgentHarness } from './test-support';

const { server: srv, open } = useAgentHarness();
const bwrap = await detectSandbox();
const noBwrap =
  process.platform !== 'linux' || bwrap.kind === 'none'
    ? `no usable bubblewrap here${bwrap.kind === 'none' ? `: ${bwrap.detail}` : ''}`
    : undefined;
if (noBwrap) console.warn(`agent-sandbox.test.ts: the confined cases are skipped — ${noBwrap}`);

const shell = (tools: string[]) => agentSkill('shell', { 'allowed-tools': tools });

describe('where bwrap is missing', () => {
  it('the prompt and the run’s events say Bash is not confined, and why', async () => {
    const a = await open(
      { 'shell/SKILL.md': shell(['Bash']) },
      { bashSandbox: { bwrap: '/nonexistent/bwrap' } },
    );
    srv().script(callTool('b1', 'Bash', { command: 'echo hi' }), { text: 'done' });
    const runId = await a.start('shell', { input: 'x' });
    const request = await a.next(runId, 'permission_request');
    await a.call('permissions:respond', { runId, requestId: request.requestId, choice: 'allow_once' });
    await a.settle(runId);

    const unconfined = {
      confined: false,
      network: true,
      unavailable: 'not-installed',
      detail: expect.stringContaining('bubblewrap is not installed'),
    };
    expect(request.sandbox).toEqual(unconfined);
    expect(a.of(runId, 'permission_decision')).toMatchObject([{ decision: 'allow', sandbox: unconfined }]);
  });
});

describe.skipIf(noBwrap !== undefined)('under bubblewrap', () => {
  it('an approved command cannot read beside the working directory; the prompt said it would be confined', async () => {
    const a = await open({ 'shell/SKILL.md': shell(['Bash']) });
    const secret = `${a.workdir}-secret.txt`;
    fs.writeFileSync(secret, 'SECRET');
    srv().script(callTool('b1', 'Bash', { command: `cat ../${path.basename(secret)}` }), { text: 'done' });
    const runId = await a.start('shell', { input: 'x' });
    const request = await a.next(runId, 'permission_request');
    await a.call('permissions:respond', { runId, requestId: request.requestId, choice: 'allow_once' });
    await a.settle(runId);
    fs.rmSync(secret);

    expect(request.sandbox).toEqual({ confined: true, by: 'bubblewrap', network: false });
    expect(resultFor(srv().requests[1], 'b1')).toMatch(/No such file or directory/);
  });

  it('`Network` in allowed-tools gives Bash the network; a deny rule takes it back', async () => {
    const a = await open({ 'shell/SKILL.md': shell(['Bash(echo:*)', 'Network']) });
    srv().script(callTool('b1', 'Bash', { command: 'echo x' }), { text: 'done' });
    const first = await a.start('shell', { input: 'x' });
    await a.settle(first);
    expect(a.of(first, 'permission_decision')).toMatchObject([
      { decision: 'allow', source: 'rule', sandbox: { confined: true, network: true } },
    ]);

    await a.call('permissions:grant', { skillId: 'shell', list: 'deny', rule: 'Network' });
    srv().script(callTool('b2', 'Bash', { command: 'echo y' }), { text: 'done' });
    const second = await a.start('shell', { input: 'x' });
    await a.settle(second);
    expect(a.of(second, 'permission_decision')).toMatchObject([{ sandbox: { network: false } }]);
  });

  it('`disallowed-tools: Network` keeps the network off even where a rule would allow it', async () => {
    const a = await open({
      'shell/SKILL.md': agentSkill('shell', { 'disallowed-tools': ['Network'] }),
    });
    await a.call('permissions:grant', { skillId: 'shell', list: 'allow', rule: 'Network' });
    await a.call('permissions:grant', { skillId: 'shell', list: 'allow', rule: 'Bash(echo:*)' });
    srv().script(callTool('b1', 'Bash', { command: 'echo x' }), { text: 'done' });
    const runId = await a.start('shell', { input: 'x' });
    await a.settle(runId);
    expect(a.of(runId, 'permission_decision')).toMatchObject([
      { decision: 'allow', sandbox: { network: false } },
    ]);
  });
});
