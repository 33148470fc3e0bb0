// Follow-ups (`runs:continue`) end to end: a real core, SQLite and the wire-format model server, for prompt,
// workflow and agent runs; the request the model gets is asserted message by message.
import { describe, expect, it } from 'vitest';
import {
  agentSkill,
  callTool,
  textOf,
  useAgentHarness,
  wireMessages,
  type AgentHarness,
} from '../agent/test-support';
import { expectWordsSayMessage } from '../testing/error-words';
import type { RecordedRequest } from '../testing/llm-server';

const { server: srv, open } = useAgentHarness();

const PROMPT_SKILL =
  '---\nname: poet\ndescription: Writes poems.\n---\nYou write poems about {{selection}}.\n';

/** The request's messages as [role, text] (tool calls and results by their ids). */
const thread = (request: RecordedRequest | undefined) =>
  wireMessages(request!).map((m) => [
    m.role,
    m.tool_calls ? `calls ${m.tool_calls.map((c) => c.function.name).join(',')}` : textOf(m).trim(),
  ]);

async function followUp(a: AgentHarness, runId: string, message: string) {
  const { turn } = await a.call('runs:continue', { runId, message });
  return { turn, run: await a.settle(runId) };
}

async function refusal(a: AgentHarness, runId: string, message = 'more') {
  const result = await a.t.core.dispatch('runs:continue', { runId, message });
  if (result.ok) throw new Error('the follow-up was not refused');
  return result.error;
}

describe('a prompt run continued', () => {
  it('sends the whole thread: system, the input as first sent, the answer, then each follow-up', async () => {
    const a = await open({ 'poet/SKILL.md': PROMPT_SKILL });
    srv().script({ text: 'Autumn moon rises' }, { text: 'Moon.' }, { text: 'Lune.' });
    const runId = await a.start('poet', { selection: 'the moon' });
    expect((await a.settle(runId)).output).toBe('Autumn moon rises');

    const first = await followUp(a, runId, 'Shorter, please');
    expect(first.turn).toBe(1);
    const [, asked1] = srv().requests;
    expect(thread(asked1)).toEqual([
      ['system', 'You write poems about the moon.'],
      ['user', 'the moon'],
      ['assistant', 'Autumn moon rises'],
      ['user', 'Shorter, please'],
    ]);
    expect(first.run.turns).toMatchObject([
      { turn: 1, message: 'Shorter, please', status: 'succeeded', output: 'Moon.', model: 'm' },
    ]);
    expect(first.run.turnCount).toBe(1);
    // the run's own result is untouched
    expect(first.run).toMatchObject({ status: 'succeeded', output: 'Autumn moon rises' });

    // a second follow-up, after a restart: the thread is in the history
    a.reopen();
    const second = await followUp(a, runId, 'In French');
    expect(second.turn).toBe(2);
    expect(thread(srv().requests[2])).toEqual([
      ['system', 'You write poems about the moon.'],
      ['user', 'the moon'],
      ['assistant', 'Autumn moon rises'],
      ['user', 'Shorter, please'],
      ['assistant', 'Moon.'],
      ['user', 'In French'],
    ]);
    // the turns' events are the run's: start, tokens of step turn:N, end
    const types = second.run.events.filter((e) => e.type.startsWith('turn_') || e.type === 'token');
    expect(types.map((e) => [e.type, 'turn' in e ? e.turn : 'stepId' in e ? e.stepId : ''])).toEqual([
      ['token', 'main'],
      ['turn_start', 1],
      ['token', 'turn:1'],
      ['turn_complete', 1],
      ['turn_start', 2],
      ['token', 'turn:2'],
      ['turn_complete', 2],
    ]);
    expect(second.run.turns.map((t) => t.output)).toEqual(['Moon.', 'Lune.']);
  });

  it('keeps a failed follow-up out of the thread, and a cancelled one too', async () => {
    const a = await open({ 'poet/SKILL.md': PROMPT_SKILL });
    srv().script({ text: 'A poem' }, { status: 400, errorMessage: 'too long' });
    const runId = await a.start('poet', { selection: 'rain' });
    await a.settle(runId);
    const failed = await followUp(a, runId, 'Longer');
    expect(failed.run.turns[0]).toMatchObject({ status: 'failed', output: null });
    expect(failed.run.turns[0]!.error).toMatch(/too long/);
    expect(a.of(runId, 'turn_complete')[0]).toMatchObject({ status: 'failed', turn: 1 });

    srv().script({ text: 'slow', delayMs: 5000 });
    await a.call('runs:continue', { runId, message: 'Stop me' });
    await srv().waitForRequests(3);
    expect(await a.call('runs:cancel', { runId })).toEqual({ cancelled: true });
    const cancelled = await a.settle(runId);
    expect(cancelled.turns[1]).toMatchObject({ turn: 2, status: 'cancelled' });

    srv().script({ text: 'Ok' });
    await followUp(a, runId, 'Again');
    expect(thread(srv().requests.at(-1))).toEqual([
      ['system', 'You write poems about rain.'],
      ['user', 'rain'],
      ['assistant', 'A poem'],
      ['user', 'Again'],
    ]);
  });

  it('refuses, in words, what cannot be continued', async () => {
    const a = await open({ 'poet/SKILL.md': PROMPT_SKILL });
    srv().script({ status: 400, errorMessage: 'no' });
    const failedRun = await a.start('poet', { selection: 'x' });
    await a.settle(failedRun);
    const failed = await refusal(a, failedRun);
    expect(failed.code).toBe('CONFLICT');
    expect(failed.message).toBe(
      'this run failed: only a run that answered can be continued — retry it instead',
    );
    expectWordsSayMessage(failed.words, failed.message);

    srv().script({ text: 'slow', delayMs: 3000 });
    const running = await a.start('poet', { selection: 'y' });
    const busy = await refusal(a, running);
    expect(busy.code).toBe('CONFLICT');
    expectWordsSayMessage(busy.words, busy.message);
    await srv().waitForRequests(2); // cancelled once asked: the scripted answer is used up
    await a.call('runs:cancel', { runId: running });
    await a.settle(running);
    const cancelled = await refusal(a, running);
    expect(cancelled.message).toMatch(/^this run was cancelled/);
    expectWordsSayMessage(cancelled.words, cancelled.message);

    expect((await refusal(a, 'run_doesnotexist')).code).toBe('NOT_FOUND');
    const empty = await a.t.core.dispatch('runs:continue', { runId: failedRun, message: '   ' });
    expect(empty.ok ? null : empty.error.code).toBe('INVALID_INPUT');
  });

  it('refuses a second follow-up while the first is answered', async () => {
    const a = await open({ 'poet/SKILL.md': PROMPT_SKILL });
    srv().script({ text: 'A' }, { text: 'slow', delayMs: 1500 });
    const runId = await a.start('poet', { selection: 'x' });
    await a.settle(runId);
    await a.call('runs:continue', { runId, message: 'one' });
    const busy = await refusal(a, runId, 'two');
    expect(busy.message).toBe('a follow-up of this run is still being answered: wait for it');
    expectWordsSayMessage(busy.words, busy.message);
    await a.settle(runId);
  });

  it('refuses a skill that asks no model (the memo skill)', async () => {
    const a = await open({
      'note/SKILL.md': '---\nname: note\ndescription: Saves notes.\nallowed-tools: save_memo\n---\n',
    });
    const runId = await a.start('note', { selection: 'remember this' });
    expect((await a.settle(runId)).status).toBe('succeeded');
    const refused = await refusal(a, runId);
    expect(refused.code).toBe('BAD_REQUEST');
    expectWordsSayMessage(refused.words, refused.message);
  });
});

describe('a workflow run continued', () => {
  it('continues from the final output, the skill’s body as the system prompt', async () => {
    const a = await open({
      'flow/SKILL.md': [
        '---',
        'name: flow',
        'description: Two steps.',
        'workflow:',
        '  steps:',
        '    - id: draft',
        '      prompt: DRAFT it.',
        '    - id: polish',
        '      prompt: POLISH it.',
        '      dependencies: [draft]',
        '---',
        'You polish drafts.',
        '',
      ].join('\n'),
    });
    srv().script({ text: 'rough' }, { text: 'polished' }, { text: 'more polished' });
    const runId = await a.start('flow', { input: 'a note' });
    expect((await a.settle(runId)).output).toBe('polished');
    const { run } = await followUp(a, runId, 'More formal');
    expect(thread(srv().requests[2])).toEqual([
      ['system', 'You polish drafts.'],
      ['user', 'a note'],
      ['assistant', 'polished'],
      ['user', 'More formal'],
    ]);
    expect(run.turns[0]).toMatchObject({ status: 'succeeded', output: 'more polished' });
  });
});

describe('an agent run continued', () => {
  it('continues its saved conversation, tool calls included, and keeps its tools', async () => {
    const a = await open({ 'helper/SKILL.md': agentSkill('helper', { 'allowed-tools': ['Glob'] }) });
    srv().script(
      callTool('g1', 'Glob', { pattern: '*.md' }),
      { text: 'No markdown here.' },
      { text: 'Sure.' },
    );
    const runId = await a.start('helper', { input: 'find notes' });
    expect((await a.settle(runId)).output).toBe('No markdown here.');

    const { run } = await followUp(a, runId, 'Thanks, anything else?');
    const asked = srv().requests[2]!;
    expect(thread(asked).slice(1)).toEqual([
      ['user', 'find notes'],
      ['assistant', 'calls Glob'],
      ['tool', expect.any(String)],
      ['assistant', 'No markdown here.'],
      ['user', 'Thanks, anything else?'],
    ]);
    expect(thread(asked)[0]![0]).toBe('system');
    expect((asked.body as { tools?: unknown[] }).tools).toHaveLength(1);
    expect(run.turns[0]).toMatchObject({ status: 'succeeded', output: 'Sure.' });
    // the agent's turn streams as step turn:1
    expect(a.of(runId, 'token').some((e) => e.stepId === 'turn:1')).toBe(true);
  });

  it('drops a follow-up that failed from the conversation it continues', async () => {
    const a = await open({ 'helper/SKILL.md': agentSkill('helper', {}) });
    srv().script({ text: 'Hello.' }, { status: 400, errorMessage: 'bad' }, { text: 'Fine.' });
    const runId = await a.start('helper', { input: 'hi' });
    await a.settle(runId);
    expect((await followUp(a, runId, 'first')).run.turns[0]!.status).toBe('failed');
    await followUp(a, runId, 'second');
    expect(thread(srv().requests[2]).slice(1)).toEqual([
      ['user', 'hi'],
      ['assistant', 'Hello.'],
      ['user', 'second'],
    ]);
  });
});
