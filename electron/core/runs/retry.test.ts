// Retries (`runs:start` with `retryOf`, `provider`, `model`): a real core with two configured providers,
// each a wire-format model server; the request each one receives is asserted.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createModelTestCore, saveModelServer, type TestCore } from '../test-support';
import { expectWordsSayMessage } from '../testing/error-words';
import { startLlmServer, type LlmServer, type RecordedRequest } from '../testing/llm-server';

let first: LlmServer;
let second: LlmServer;
let t: TestCore;

const SKILL = '---\nname: fixer\ndescription: Fixes text.\n---\nFix this: {{selection}} ({{config.tone}})\n';

beforeEach(async () => {
  first = await startLlmServer();
  second = await startLlmServer();
  t = createModelTestCore();
  t.writeSkill('fixer', SKILL.replace('---\nF', 'config:\n  tone: plain\n---\nF'));
  await t.core.skills.ready();
  await saveModelServer(t, 'local', first.url, 'small');
  await saveModelServer(t, 'other', second.url, 'other-default');
});
afterEach(async () => {
  await t.dispose();
  await first.close();
  await second.close();
});

async function settle(runId: string) {
  await t.core.executor.settled(runId);
  return t.client.invoke('runs:get', { runId });
}

const bodyOf = (r: RecordedRequest | undefined) =>
  r!.body as { model: string; messages: { role: string; content: string }[] };

describe('Retry', () => {
  it('tries again on the same input, linked to the first attempt; the attempts are listed', async () => {
    first.script({ text: 'one' }, { text: 'two' }, { text: 'three' });
    const { runId } = await t.client.invoke('runs:start', {
      skillId: 'fixer',
      selection: 'teh cat',
      config: { tone: 'warm' },
    });
    await settle(runId);
    const retry = await t.client.invoke('runs:start', { skillId: 'fixer', retryOf: runId });
    const again = await settle(retry.runId);
    expect(again).toMatchObject({ status: 'succeeded', output: 'two', retryOf: runId, input: 'teh cat' });
    // the same input: selection and config as the first attempt had them
    expect(bodyOf(first.requests[1]).messages).toEqual(bodyOf(first.requests[0]).messages);
    expect(bodyOf(first.requests[1]).messages[0]!.content).toContain('(warm)');

    // retrying the retry links to the first attempt: all three are one run's attempts
    const third = await t.client.invoke('runs:start', { skillId: 'fixer', retryOf: retry.runId });
    const last = await settle(third.runId);
    expect(last.retryOf).toBe(runId);
    expect(last.attempts.map((a) => a.id)).toEqual([runId, retry.runId, third.runId]);
    expect((await t.client.invoke('runs:get', { runId })).attempts).toHaveLength(3);
    // the first attempt deleted, the others stay together
    await t.client.invoke('runs:delete', { runId });
    expect((await t.client.invoke('runs:get', { runId: third.runId })).attempts.map((a) => a.id)).toEqual([
      retry.runId,
      third.runId,
    ]);
  });

  it('Retry with… another provider and model goes to that provider with that model', async () => {
    first.script({ text: 'from local' });
    second.script({ text: 'from other' }, { text: 'default model' });
    const { runId } = await t.client.invoke('runs:start', { skillId: 'fixer', selection: 'x' });
    await settle(runId);
    expect(bodyOf(first.requests[0]).model).toBe('small');

    const retry = await t.client.invoke('runs:start', {
      skillId: 'fixer',
      retryOf: runId,
      provider: 'other',
      model: 'big-model',
    });
    const run = await settle(retry.runId);
    expect(run).toMatchObject({ output: 'from other', provider: 'other', model: 'big-model' });
    expect(second.requests).toHaveLength(1);
    expect(bodyOf(second.requests[0]).model).toBe('big-model');
    expect(first.requests).toHaveLength(1);
    // its follow-ups stay with the model that answered
    second.script({ text: 'follow' });
    await t.client.invoke('runs:continue', { runId: retry.runId, message: 'and?' });
    await settle(retry.runId);
    expect(bodyOf(second.requests[1]).model).toBe('big-model');

    // a provider without a model: that provider's default model
    const byDefault = await t.client.invoke('runs:start', {
      skillId: 'fixer',
      retryOf: runId,
      provider: 'other',
    });
    expect(await settle(byDefault.runId)).toMatchObject({ provider: 'other', model: 'other-default' });
  });

  it('refuses an unknown provider at once, in words, and a retry of another skill’s run', async () => {
    const { runId } = await t.client.invoke('runs:start', { skillId: 'fixer', selection: 'x' });
    await settle(runId);
    const unknown = await t.client.request('runs:start', {
      skillId: 'fixer',
      retryOf: runId,
      provider: 'nope',
    });
    expect(unknown.ok).toBe(false);
    if (unknown.ok) return;
    expect(unknown.error.code).toBe('BAD_REQUEST');
    // the configured ones in the order they were added: two added in the same millisecond in either order
    expect(unknown.error.message).toMatch(
      /unknown provider "nope" — the configured ones are ("local", "other"|"other", "local")/,
    );
    expectWordsSayMessage(unknown.error.words, unknown.error.message);

    t.writeSkill('other-skill', SKILL.replace('fixer', 'other-skill'));
    const wrong = await t.client.request('runs:start', { skillId: 'other-skill', retryOf: runId });
    expect(wrong.ok ? null : wrong.error.code).toBe('BAD_REQUEST');
    const missing = await t.client.request('runs:start', { skillId: 'fixer', retryOf: 'run_nosuchrun' });
    expect(missing.ok ? null : missing.error.code).toBe('NOT_FOUND');
  });
});
