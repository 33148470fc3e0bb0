// Claude Code's `model: inherit`, `effort`, `disallowed-tools` and `user-invocable: false` against the
// wire-format model server: what each request actually carries — the model, the provider's thinking or
// reasoning option, the tools offered — and what a call the field denies gets.
import { describe, expect, it } from 'vitest';
import type { ProviderKind } from '../providers/gateway';
import { adhocProviderSource } from '../providers/adhoc';
import { THINKING_BUDGET } from '../providers/effort';
import { createModelGateway } from '../providers/model-gateway';
import { memorySecrets } from '../providers/test-support';
import type { LlmServer } from '../testing/llm-server';
import { agentSkill, callTool, offeredTools, resultFor, systemOf, useAgentHarness } from './test-support';

const { server: srv, open } = useAgentHarness();

/** A gateway whose one provider (`kind`) is the test server, `base-model` its default, a key stored. */
function gatewayOf(server: LlmServer, kind: ProviderKind) {
  const secrets = memorySecrets();
  secrets.values.set('provider:cli', 'test-key');
  return createModelGateway({
    providers: adhocProviderSource({ kind, baseUrl: `${server.url}/v1`, model: 'base-model' }),
    secrets,
    ollama: { baseUrl: null },
    maxAttempts: 1,
  });
}

const promptSkill = (name: string, fields: string) =>
  `---\nname: ${name}\ndescription: The ${name} test skill.\n${fields}\n---\nAnswer briefly.\n`;
const bodyOf = (i: number) => srv().requests[i]!.body as Record<string, unknown>;

describe('model: inherit', () => {
  it('asks for the run’s model, where another name is sent as written', async () => {
    const a = await open(
      {
        'heir/SKILL.md': promptSkill('heir', 'model: inherit'),
        'named/SKILL.md': promptSkill('named', 'model: special-model'),
        'heir-agent/SKILL.md': agentSkill('heir-agent', { model: 'inherit' }),
      },
      { gateway: gatewayOf(srv(), 'openai-compatible') },
    );
    for (const id of ['heir', 'named', 'heir-agent']) {
      const run = await a.settle(await a.start(id, { input: 'hi' }));
      expect(run.status).toBe('succeeded');
    }
    expect(srv().requests.map((r) => (r.body as { model: string }).model)).toEqual([
      'base-model',
      'special-model',
      'base-model',
    ]);
    // a retry with another model is that run's model: inherit follows it
    const runId = await a.start('heir', { input: 'hi', model: 'picked' });
    await a.settle(runId);
    expect((bodyOf(3) as { model: string }).model).toBe('picked');
  });
});

describe('effort', () => {
  it('is a thinking budget on Anthropic (max_tokens keeps the answer’s room)', async () => {
    const a = await open(
      {
        'deep/SKILL.md': promptSkill('deep', 'effort: high'),
        'plain/SKILL.md': promptSkill('plain', ''),
      },
      { gateway: gatewayOf(srv(), 'anthropic') },
    );
    await a.settle(await a.start('deep', { input: 'think' }));
    await a.settle(await a.start('plain', { input: 'quick' }));
    expect(srv().requests[0]!.path).toBe('/v1/messages');
    expect(bodyOf(0).thinking).toEqual({ type: 'enabled', budget_tokens: THINKING_BUDGET.high });
    expect(bodyOf(0).max_tokens).toBe(4096 + THINKING_BUDGET.high);
    expect(bodyOf(1)).not.toHaveProperty('thinking');
    expect(bodyOf(1).max_tokens).toBe(4096);
  });

  it('is the reasoning effort on OpenAI, every level as written', async () => {
    const a = await open(
      {
        'low/SKILL.md': promptSkill('low', 'effort: low'),
        'max/SKILL.md': promptSkill('max', 'effort: MAX'),
      },
      { gateway: gatewayOf(srv(), 'openai') },
    );
    await a.settle(await a.start('low', { input: 'a' }));
    await a.settle(await a.start('max', { input: 'b' }));
    expect(srv().requests[0]!.path).toBe('/v1/chat/completions');
    expect(bodyOf(0).reasoning_effort).toBe('low');
    expect(bodyOf(1).reasoning_effort).toBe('max');
  });

  it('is not sent to an OpenAI-compatible server', async () => {
    const a = await open(
      { 'deep/SKILL.md': promptSkill('deep', 'effort: high') },
      { gateway: gatewayOf(srv(), 'openai-compatible') },
    );
    const run = await a.settle(await a.start('deep', { input: 'x' }));
    expect(run.status).toBe('succeeded');
    expect(bodyOf(0)).not.toHaveProperty('reasoning_effort');
    expect(bodyOf(0)).not.toHaveProperty('thinking');
  });

  it('goes to every turn of an agent on Anthropic, its thinking sent back before the tool call', async () => {
    const a = await open(
      { 'deep/SKILL.md': agentSkill('deep', { effort: 'medium', 'allowed-tools': ['Glob'] }) },
      { gateway: gatewayOf(srv(), 'anthropic') },
    );
    srv().script(
      { ...callTool('g1', 'Glob', { pattern: '*' }), thinking: { text: 'look first', signature: 'sig-1' } },
      { text: 'nothing there' },
    );
    const run = await a.settle(await a.start('deep', { input: 'look' }));
    expect(run.output).toBe('nothing there');
    for (const i of [0, 1])
      expect(bodyOf(i).thinking).toEqual({ type: 'enabled', budget_tokens: THINKING_BUDGET.medium });
    const messages = bodyOf(1).messages as { role: string; content: { type: string }[] }[];
    const assistant = messages.find((m) => m.role === 'assistant')!;
    expect(assistant.content[0]).toEqual({ type: 'thinking', thinking: 'look first', signature: 'sig-1' });
    expect(assistant.content.map((c) => c.type)).toEqual(['thinking', 'tool_use']);
  });
});

describe('disallowed-tools', () => {
  it('takes a named tool out of what the model is offered, also when allowed-tools lists it', async () => {
    const a = await open({
      'narrow/SKILL.md': agentSkill('narrow', {
        'allowed-tools': ['Read', 'Write', 'Grep'],
        'disallowed-tools': ['Write'],
      }),
      'open/SKILL.md': agentSkill('open', { 'disallowed-tools': ['Bash', 'WebFetch', 'Task'] }),
    });
    await a.settle(await a.start('narrow', { input: 'x' }));
    await a.settle(await a.start('open', { input: 'x' }));
    expect(offeredTools(srv().requests[0]!).sort()).toEqual(['Grep', 'Read']);
    const open_ = offeredTools(srv().requests[1]!);
    expect(open_).toContain('Read');
    for (const gone of ['Bash', 'WebFetch', 'Task', 'TaskOutput']) expect(open_).not.toContain(gone);
  });

  it('with a specifier keeps the tool and denies those calls, whatever the mode', async () => {
    const a = await open({
      'shell/SKILL.md': agentSkill('shell', {
        'allowed-tools': ['Bash'],
        'disallowed-tools': ['Bash(rm:*)'],
        'permission-mode': 'unrestricted',
      }),
    });
    srv().script(
      callTool('rm', 'Bash', { command: 'rm -f notes.txt' }),
      callTool('ok', 'Bash', { command: 'echo fine' }),
      { text: 'done' },
    );
    const runId = await a.start('shell', { input: 'x' });
    const run = await a.settle(runId);
    expect(run.output).toBe('done');
    expect(offeredTools(srv().requests[0]!)).toEqual(['Bash']);
    expect(resultFor(srv().requests[1], 'rm')).toContain('Bash(rm:*)');
    expect(resultFor(srv().requests[2], 'ok')).toContain('fine');
    expect(a.of(runId, 'permission_decision')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ callId: 'rm', decision: 'deny', source: 'rule', rule: 'Bash(rm:*)' }),
      ]),
    );
  });
});

describe('user-invocable: false', () => {
  it('is still offered to the model and activated by the Skill tool', async () => {
    const a = await open({
      'boss/SKILL.md': agentSkill('boss', { 'allowed-tools': ['Skill'] }),
      'helper/SKILL.md': promptSkill('helper', 'user-invocable: false'),
    });
    srv().script(callTool('s', 'Skill', { skill: 'helper' }), { text: 'done' });
    await a.settle(await a.start('boss', { input: 'go' }));
    expect(systemOf(srv().requests[0]!)).toContain('- helper: The helper test skill.');
    expect(resultFor(srv().requests[1], 's')).toContain('Answer briefly.');
  });
});
