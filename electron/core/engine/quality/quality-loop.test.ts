// The quality check over real HTTP (the wire-format model server): a judge call after each answer of a
// step that declares `quality`, asked for JSON of a schema; a low score runs the step again with the
// judge's reason; `on_fail` decides the rest. A workflow without `quality` sends what it always sent.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunEvent } from '../../../../shared/types/run';
import { adhocProvider, type AdhocProviderFlags } from '../../providers/adhoc';
import { memorySecrets } from '../../providers/test-support';
import type { StoredRun } from '../../runs/run-repo';
import { createTestCore, writeTree, type TestCore } from '../../test-support';
import { expectWordsSayMessage } from '../../testing/error-words';
import { startLlmServer, type LlmServer, type RecordedRequest } from '../../testing/llm-server';

let server: LlmServer;
let t: TestCore | undefined;
const events = new Map<string, RunEvent[]>();

beforeEach(async () => {
  server = await startLlmServer();
  events.clear();
});
afterEach(async () => {
  await t?.dispose();
  t = undefined;
  await server.close();
});

function open(files: Record<string, string>, flags: Partial<AdhocProviderFlags> = {}): TestCore {
  const secrets = memorySecrets();
  secrets.values.set('provider:cli', 'sk-test');
  t = createTestCore({
    watchSkills: false,
    gateway: adhocProvider(
      { kind: 'openai-compatible', baseUrl: `${server.url}/v1`, model: 'm', ...flags },
      secrets,
    ),
  });
  writeTree(t.skillsDir, files);
  t.core.events.subscribe((name, payload) => {
    if (name !== 'runs:event') return;
    const { runId, event } = payload as { runId: string; event: RunEvent };
    events.set(runId, [...(events.get(runId) ?? []), event]);
  });
  return t;
}

async function run(skillId: string, input = 'Write about owls.'): Promise<StoredRun> {
  await t!.core.skills.ready();
  const started = await t!.core.dispatch('runs:start', { skillId, input });
  if (!started.ok) throw new Error(started.error.message);
  const { runId } = started.value as { runId: string };
  await t!.core.executor.settled(runId);
  return t!.core.runs.get(runId)!;
}

const workflow = (steps: string[]) =>
  ['---', 'name: wf', 'description: A workflow.', 'workflow:', '  steps:', ...steps, '---', ''].join('\n');

/** A step `draft` with `quality` (extra lines indented under it), then `polish` depending on it. */
const checked = (quality: string[], polish = true) =>
  workflow([
    '    - id: draft',
    '      prompt: Write a short essay with two examples.',
    '      quality:',
    ...quality.map((l) => `        ${l}`),
    ...(polish ? ['    - id: polish', '      prompt: Polish it.', '      dependencies: [draft]'] : []),
  ]);

type Body = {
  model?: string;
  messages: { role: string; content: unknown }[];
  response_format?: { type: string; json_schema?: { name: string; schema: Record<string, unknown> } };
  tools?: { name: string }[];
  tool_choice?: { type: string };
  system?: unknown;
};
const body = (r: RecordedRequest) => r.body as Body;
const text = (content: unknown) => (typeof content === 'string' ? content : JSON.stringify(content));
const systemOf = (r: RecordedRequest) =>
  text(body(r).system ?? body(r).messages.find((m) => m.role === 'system')?.content);
const userOf = (r: RecordedRequest) => text(body(r).messages.find((m) => m.role === 'user')?.content);
const verdict = (score: number, reason: string) => ({ text: JSON.stringify({ score, reason }) });
const qualityEvents = (runId: string) =>
  (events.get(runId) ?? []).flatMap((e) => (e.type === 'step_quality' ? [e] : []));

describe('a step with a quality check', () => {
  it('runs again with the judge’s reason after a low score, then passes', async () => {
    open({ 'wf/SKILL.md': checked(['threshold: 70']) });
    server.script(
      { text: 'Owls are birds.' },
      verdict(40, 'It gives no examples.'),
      { text: 'Owls hunt at night: the barn owl, the snowy owl.' },
      verdict(85, 'Two clear examples.'),
      { text: 'Polished.' },
    );
    const detail = await run('wf');

    expect(detail.status).toBe('succeeded');
    expect(server.requests).toHaveLength(5);
    const [first, judge, second, judge2, polish] = server.requests as [
      RecordedRequest,
      RecordedRequest,
      RecordedRequest,
      RecordedRequest,
      RecordedRequest,
    ];
    // the judge is asked for JSON of a schema, scored against the step's own prompt
    expect(body(judge).response_format).toMatchObject({
      type: 'json_schema',
      json_schema: { name: 'quality_score', schema: { required: ['score', 'reason'] } },
    });
    expect(systemOf(judge)).toContain('Reply with only a JSON object');
    expect(userOf(judge)).toContain('# Criteria\n\nWrite a short essay with two examples.');
    expect(userOf(judge)).toContain("# The task's input\n\nWrite about owls.");
    expect(userOf(judge)).toContain('# The answer to score\n\nOwls are birds.');
    expect(userOf(judge2)).toContain('# The answer to score\n\nOwls hunt at night');
    // the step's own requests ask for no JSON; the second carries the reviewer's sentence
    expect(body(first).response_format).toBeUndefined();
    expect(systemOf(first)).toBe('Write a short essay with two examples.');
    expect(systemOf(second)).toBe(
      'Write a short essay with two examples.\n\nA reviewer scored the previous attempt 40/100: It gives no examples.',
    );
    expect(userOf(second)).toBe(userOf(first));
    // the dependent step gets the answer that passed
    expect(userOf(polish)).toBe('Owls hunt at night: the barn owl, the snowy owl.');

    expect(qualityEvents(detail.id)).toMatchObject([
      { stepId: 'draft', attempt: 1, score: 40, passed: false, willRetry: true, threshold: 70 },
      {
        stepId: 'draft',
        attempt: 2,
        score: 85,
        passed: true,
        willRetry: false,
        reason: 'Two clear examples.',
      },
    ]);
    // judged before it counts as complete, with the second answer
    const types = (events.get(detail.id) ?? []).filter((e) => 'stepId' in e && e.stepId === 'draft');
    expect(types.map((e) => e.type).filter((ty) => ty !== 'token')).toEqual([
      'step_start',
      'step_quality',
      'step_quality',
      'step_complete',
    ]);
    const draft = detail.steps.find((s) => s.stepId === 'draft')!;
    expect(draft).toMatchObject({
      status: 'succeeded',
      output: 'Owls hunt at night: the barn owl, the snowy owl.',
      attempts: 2,
    });
    expect(draft.quality).toEqual([
      { attempt: 1, score: 40, reason: 'It gives no examples.', passed: false, threshold: 70 },
      { attempt: 2, score: 85, reason: 'Two clear examples.', passed: true, threshold: 70 },
    ]);
    expect(detail.steps.find((s) => s.stepId === 'polish')!.quality).toBeUndefined();
  });

  it('fails the step when every re-run still scores low (on_fail retry, then fail)', async () => {
    open({ 'wf/SKILL.md': checked(['threshold: 70', 'max_attempts: 1']) });
    server.script({ text: 'a' }, verdict(20, 'Too short.'), { text: 'b' }, verdict(30, 'Still short.'));
    const detail = await run('wf');
    expect(server.requests).toHaveLength(4);
    expect(detail.status).toBe('failed');
    expect(detail.error).toBe(
      'step draft: scored 30/100, below the threshold of 70 after 2 attempts: Still short.',
    );
    expect(detail.steps.find((s) => s.stepId === 'draft')).toMatchObject({ status: 'failed' });
    expect(detail.steps.find((s) => s.stepId === 'polish')).toBeUndefined();
    const stepErrors = (events.get(detail.id) ?? []).filter((e) => e.type === 'step_error');
    expect(stepErrors).toMatchObject([{ stepId: 'draft', willRetry: false, error: detail.error!.slice(12) }]);
    const [said] = stepErrors as Extract<RunEvent, { type: 'step_error' }>[];
    expectWordsSayMessage(said!.words, said!.error);
  });

  it('keeps a low-scored answer with on_fail: continue, and fails at once with on_fail: fail', async () => {
    open({
      'wf/SKILL.md': checked(['threshold: 70', 'on_fail: continue']),
      'strict/SKILL.md': checked(['threshold: 70', 'on_fail: fail']).replace('name: wf', 'name: strict'),
    });
    server.script({ text: 'weak' }, verdict(30, 'Thin.'), { text: 'polished weak' });
    const kept = await run('wf');
    expect(kept.status).toBe('succeeded');
    expect(server.requests).toHaveLength(3);
    expect(userOf(server.requests[2]!)).toBe('weak');
    expect(qualityEvents(kept.id)).toMatchObject([{ score: 30, passed: false, willRetry: false }]);

    server.script({ text: 'weak' }, verdict(30, 'Thin.'));
    const failed = await run('strict');
    expect(server.requests).toHaveLength(5);
    expect(failed.status).toBe('failed');
    expect(failed.error).toBe('step draft: scored 30/100, below the threshold of 70: Thin.');
    const said = (events.get(failed.id) ?? []).find((e) => e.type === 'step_error');
    expect(said?.type === 'step_error' && said.words?.key).toBe('runs.qualityBelow');
    if (said?.type === 'step_error') expectWordsSayMessage(said.words, said.error);
  });

  it('asks a judge whose reply is not JSON once more, then treats it per on_fail', async () => {
    open({ 'wf/SKILL.md': checked(['threshold: 70'], false) });
    // not JSON, then JSON: the check goes on
    server.script({ text: 'answer' }, { text: 'Looks good to me!' }, verdict(90, 'Fine.'));
    const passed = await run('wf');
    expect(passed.status).toBe('succeeded');
    expect(server.requests).toHaveLength(3);
    expect(body(server.requests[2]!).response_format?.type).toBe('json_schema');

    // twice not JSON: a failed judge call, which on_fail (retry, then fail) fails without re-running
    server.script({ text: 'answer' }, { text: 'Looks good to me!' }, { text: 'Score: 9/10' });
    const failed = await run('wf');
    expect(server.requests).toHaveLength(6);
    expect(failed.status).toBe('failed');
    expect(failed.error).toBe(
      'step draft: the quality judge could not score the answer: its reply was not JSON {score, reason}: "Score: 9/10"',
    );
    expect(qualityEvents(failed.id)).toMatchObject([{ score: null, passed: false, willRetry: false }]);
    const said = (events.get(failed.id) ?? []).find((e) => e.type === 'step_error');
    if (said?.type !== 'step_error') throw new Error('no step_error');
    expectWordsSayMessage(said.words, said.error);
  });

  it('keeps the answer when the judge cannot score it and on_fail is continue', async () => {
    open({ 'wf/SKILL.md': checked(['threshold: 70', 'on_fail: continue'], false) });
    server.script({ text: 'answer' }, { text: 'nope' }, { text: '{"score": "high"}' });
    const detail = await run('wf');
    expect(detail.status).toBe('succeeded');
    expect(detail.output).toBe('answer');
    expect(detail.steps[0]!.quality).toMatchObject([
      { score: null, passed: false, reason: expect.stringContaining('gave no score from 0 to 100') },
    ]);
  });

  it('asks again without response_format when the provider refuses it (a 400)', async () => {
    open({ 'wf/SKILL.md': checked(['threshold: 70'], false) });
    server.script(
      { text: 'answer' },
      { status: 400, errorMessage: 'response_format json_schema is not supported' },
      verdict(75, 'Good enough.'),
    );
    const detail = await run('wf');
    expect(detail.status).toBe('succeeded');
    expect(server.requests).toHaveLength(3);
    expect(body(server.requests[1]!).response_format).toBeDefined();
    expect(body(server.requests[2]!).response_format).toBeUndefined();
  });

  it('sends the judge to quality.model, and criteria instead of the prompt', async () => {
    open(
      {
        'wf/SKILL.md': checked(
          ['threshold: 70', 'model: judge-model', 'criteria: Names two owls.'],
          false,
        ).replace('description: A workflow.', 'description: A workflow.\nmodel: writer'),
      },
      { model: undefined },
    );
    server.script({ text: 'answer' }, verdict(80, 'ok'));
    await run('wf');
    expect(server.requests.map((r) => body(r).model)).toEqual(['writer', 'judge-model']);
    expect(userOf(server.requests[1]!)).toContain('# Criteria\n\nNames two owls.');
  });

  it('forces the json tool on Anthropic and reads the score from it', async () => {
    open(
      { 'wf/SKILL.md': checked(['threshold: 70'], false) },
      { kind: 'anthropic', model: 'claude-3-haiku' },
    );
    server.script(
      { text: 'answer' },
      { toolCalls: [{ name: 'json', arguments: '{"score": 91, "reason": "Solid."}' }] },
    );
    const detail = await run('wf');
    expect(server.requests.map((r) => r.api)).toEqual(['anthropic', 'anthropic']);
    const judge = body(server.requests[1]!);
    expect(judge.tools?.map((tool) => tool.name)).toEqual(['json']);
    expect(judge.tool_choice?.type).toBe('any');
    expect(body(server.requests[0]!).tools).toBeUndefined();
    expect(detail.status).toBe('succeeded');
    expect(detail.steps[0]!.quality).toMatchObject([{ score: 91, reason: 'Solid.', passed: true }]);
  });
});

describe('a workflow without quality', () => {
  it('makes exactly the requests it made before: one per step, in order, nothing added', async () => {
    open({
      'wf/SKILL.md': workflow([
        '    - id: a',
        '      prompt: Step A.',
        '    - id: b',
        '      prompt: Step B.',
        '      dependencies: [a]',
        '    - id: c',
        '      prompt: Step C.',
        '      dependencies: [b]',
      ]),
    });
    server.setResponder((r) => ({ text: `answer ${server.requests.indexOf(r) + 1}` }));
    const detail = await run('wf');
    expect(detail.status).toBe('succeeded');
    expect(server.requests).toHaveLength(3);
    expect(server.requests.map((r) => [systemOf(r), userOf(r)])).toEqual([
      ['Step A.', 'Write about owls.'],
      ['Step B.', 'answer 1'],
      ['Step C.', 'answer 2'],
    ]);
    for (const r of server.requests) {
      expect(Object.keys(r.body as object).sort()).toEqual([
        'max_tokens',
        'messages',
        'model',
        'stream',
        'stream_options',
      ]);
    }
    expect((events.get(detail.id) ?? []).some((e) => e.type === 'step_quality')).toBe(false);
    expect(detail.steps.every((s) => s.quality === undefined)).toBe(true);
  });
});

describe('a phase with a quality check', () => {
  it('reads quality from the phase file’s frontmatter, which the model never sees', async () => {
    open({
      'ph/SKILL.md': '---\nname: ph\ndescription: Phases.\n---\n',
      'ph/phases/01-draft.md': '---\nquality:\n  threshold: 60\n---\nDraft it.\n',
      'ph/phases/02-edit.md': '---\ntitle: kept as before\n---\nEdit it.\n',
    });
    server.script({ text: 'd1' }, verdict(10, 'Empty.'), { text: 'd2' }, verdict(65, 'OK.'), {
      text: 'edited',
    });
    const detail = await run('ph');
    expect(detail.status).toBe('succeeded');
    expect(server.requests.map((r) => systemOf(r))).toEqual([
      'Draft it.\n',
      expect.stringContaining('Reply with only a JSON object'),
      'Draft it.\n\n\nA reviewer scored the previous attempt 10/100: Empty.',
      expect.stringContaining('Reply with only a JSON object'),
      // a frontmatter that declares no quality is sent as it always was
      '---\ntitle: kept as before\n---\nEdit it.\n',
    ]);
    expect(userOf(server.requests[4]!)).toBe('d2');
    expect(detail.steps.find((s) => s.stepId === '01-draft')!.quality).toHaveLength(2);
  });

  it('refuses to start a phase run whose phase declares a bad quality', async () => {
    open({
      'ph/SKILL.md': '---\nname: ph\ndescription: Phases.\n---\n',
      'ph/phases/01-draft.md': '---\nquality:\n  threshold: high\n---\nDraft it.\n',
    });
    await t!.core.skills.ready();
    const started = await t!.core.dispatch('runs:start', { skillId: 'ph', input: 'x' });
    expect(started.ok).toBe(false);
    expect(!started.ok && started.error.message).toContain(
      'step "01-draft": `quality.threshold` must be a number from 0 to 100',
    );
    expect(server.requests).toHaveLength(0);
  });
});
