import { afterEach, describe, expect, it } from 'vitest';
import { ModelError } from '../providers/gateway';
import { engineHarness, fakeGateway, messageText, type EngineHarness } from './test-support';

const prompt = (name: string, body: string, extra = '') =>
  `---\nname: ${name}\ndescription: Does ${name}.\n${extra}---\n${body}`;

const workflowSkill = (steps: string, extra = '') =>
  `---\nname: flow\ndescription: A flow.\nworkflow:\n${extra}  steps:\n${steps}---\nWorkflow body.\n`;

let h: EngineHarness | undefined;
afterEach(async () => {
  await h?.dispose();
  h = undefined;
});

describe('executor: prompt mode', () => {
  it('sends the templated body as system and the input as user, streams, persists and delivers', async () => {
    const gw = fakeGateway(() => ({ chunks: ['Bon', 'jour'] }));
    h = await engineHarness(
      {
        'tr/SKILL.md': prompt(
          'tr',
          'Translate into {{config.lang}}. {{unknown}}',
          'config:\n  lang: German\noutput: insert_text\n',
        ),
      },
      gw,
    );
    const { runId, events } = await h.run({ skillId: 'tr', selection: 'Hello', config: { lang: 'French' } });
    expect(gw.calls[0]!.system).toBe('Translate into French. {{unknown}}');
    expect(gw.calls[0]!.messages).toEqual([{ role: 'user', content: 'Hello' }]);
    expect([...new Set(events.map((e) => e.type))]).toEqual([
      'run_start',
      'step_start',
      'token',
      'step_complete',
      'output',
      'complete',
    ]);
    const tokens = events.flatMap((e) => (e.type === 'token' ? [e.text] : []));
    expect(tokens.join('')).toBe('Bonjour');
    expect(events.at(-1)).toMatchObject({
      type: 'complete',
      status: 'succeeded',
      output: 'Bonjour',
      error: null,
    });
    expect(h.delivered).toEqual([{ tool: 'insert_text', text: 'Bonjour' }]);
    for (let i = 1; i < events.length; i++) expect(events[i]!.t).toBeGreaterThanOrEqual(events[i - 1]!.t);
    const stored = h.repo.get(runId)!;
    expect(stored).toMatchObject({
      status: 'succeeded',
      output: 'Bonjour',
      outputTool: 'insert_text',
      provider: 'fake',
    });
    expect(stored.usage).toEqual({ inputTokens: 3, outputTokens: 2 });
    expect(stored.steps).toMatchObject([
      { stepId: 'main', status: 'succeeded', output: 'Bonjour', attempts: 1 },
    ]);
    expect(stored.events).toEqual(events);
  });

  it('saves a memo skill without calling a model', async () => {
    const gw = fakeGateway(() => ({ text: 'never' }));
    h = await engineHarness(
      { 'memo/SKILL.md': prompt('memo', '', 'allowed-tools: save_memo\noutput: save_memo\n') },
      gw,
    );
    const { events } = await h.run({ skillId: 'memo', selection: 'keep this' });
    expect(gw.calls).toHaveLength(0);
    expect(h.delivered).toEqual([{ tool: 'save_memo', text: 'keep this' }]);
    expect(events.at(-1)).toMatchObject({ status: 'succeeded', output: 'keep this' });
  });

  it('puts the original text back when the model fails in directOutput', async () => {
    const gw = fakeGateway(() => ({ error: new ModelError('http', 'HTTP 500 from fake') }));
    h = await engineHarness({ 'p/SKILL.md': prompt('p', 'Polish.', 'output: insert_text\n') }, gw);
    const { runId, events } = await h.run({ skillId: 'p', selection: 'orig text' });
    expect(h.delivered).toEqual([{ tool: 'insert_text', text: 'orig text' }]);
    expect(h.errors).toEqual(['HTTP 500 from fake']);
    expect(events.at(-1)).toMatchObject({ type: 'complete', status: 'failed', error: 'HTTP 500 from fake' });
    expect(h.repo.get(runId)!.status).toBe('failed');
  });

  it('sends the error to the card (no insert) when there is no selection', async () => {
    const gw = fakeGateway(() => ({ error: new ModelError('no-provider', 'no provider configured') }));
    h = await engineHarness({ 'e/SKILL.md': prompt('e', 'Explain.', 'output: floating_card\n') }, gw);
    await h.run({ skillId: 'e', input: 'what' });
    expect(h.delivered).toEqual([]);
    expect(h.errors).toEqual(['no provider configured']);
  });

  it('cancels within 200 ms and ends cancelled', async () => {
    const gw = fakeGateway(() => ({ text: 'late', delayMs: 5000 }));
    h = await engineHarness({ 'p/SKILL.md': prompt('p', 'Slow.') }, gw);
    const { runId } = await h.executor.start({ skillId: 'p', input: 'x' });
    await new Promise((r) => setTimeout(r, 20));
    const t0 = performance.now();
    expect(h.executor.cancel(runId)).toBe(true);
    await h.executor.settled(runId);
    expect(performance.now() - t0).toBeLessThan(200);
    expect(gw.calls[0]!.signal.aborted).toBe(true);
    expect(h.repo.get(runId)).toMatchObject({ status: 'cancelled' });
    expect(h.events.get(runId)!.at(-1)).toMatchObject({ type: 'complete', status: 'cancelled' });
  });

  it('batches a fast token stream to at most ~60 batches per second', async () => {
    const chunks = Array.from({ length: 5000 }, (_, i) => `t${i} `);
    const gw = fakeGateway(() => ({ chunks }));
    h = await engineHarness({ 'p/SKILL.md': prompt('p', 'Stream.') }, gw);
    const { events } = await h.run({ skillId: 'p', input: 'x' });
    const tokens = events.filter((e) => e.type === 'token');
    expect(tokens.map((e) => (e as { text: string }).text).join('')).toBe(chunks.join(''));
    expect(tokens.length).toBeLessThanOrEqual(2); // all synchronous: the first alone, the rest at step end
  });
});

describe('executor: workflow mode', () => {
  const steps = `    - id: a
      prompt: Analyse for {{config.who}}.
      input: \${user_input}
      output: analysis
    - id: b
      prompt: Outline
      input: "A said \${a.output} / type \${analysis.type}"
      dependencies: [a]
    - id: c
      prompt: Technical only
      condition: "\${analysis.type} == 'technical'"
      dependencies: [a]
    - id: d
      prompt: After c
      dependencies: [c]
`;

  it('interpolates outputs and JSON keys, skips on a false condition with its dependents', async () => {
    const gw = fakeGateway((r) =>
      r.system.startsWith('Analyse') ? { text: '{"type":"story"}' } : { text: `out:${r.system}` },
    );
    h = await engineHarness({ 'flow/SKILL.md': workflowSkill(steps, '  output: b\n') }, gw);
    const { runId, events } = await h.run({ skillId: 'flow', input: 'topic', config: { who: 'kids' } });
    expect(gw.calls[0]!.system).toBe('Analyse for kids.');
    expect(messageText(gw.calls[0]!.messages[0])).toBe('topic');
    expect(messageText(gw.calls[1]!.messages[0])).toBe('A said {"type":"story"} / type story');
    expect(events.filter((e) => e.type === 'step_skipped')).toMatchObject([
      { stepId: 'c', reason: "condition is false: ${analysis.type} == 'technical'" },
      { stepId: 'd', reason: 'depends on c, which was skipped' },
    ]);
    expect(events.at(-1)).toMatchObject({ status: 'succeeded', output: 'out:Outline' });
    expect(h.repo.get(runId)!.steps.map((s) => [s.stepId, s.status])).toEqual(
      expect.arrayContaining([
        ['a', 'succeeded'],
        ['b', 'succeeded'],
        ['c', 'skipped'],
        ['d', 'skipped'],
      ]),
    );
  });

  it('retries a failing step (max_retries) and then succeeds', async () => {
    let n = 0;
    const gw = fakeGateway(() => (++n < 3 ? { error: new ModelError('http', `boom ${n}`) } : { text: 'ok' }));
    h = await engineHarness(
      { 'flow/SKILL.md': workflowSkill('    - id: a\n      prompt: P\n', '  max_retries: 2\n') },
      gw,
    );
    const { events } = await h.run({ skillId: 'flow', input: 'x' });
    expect(events.filter((e) => e.type === 'step_error')).toMatchObject([
      { attempt: 1, willRetry: true, error: 'boom 1' },
      { attempt: 2, willRetry: true, error: 'boom 2' },
    ]);
    expect(events.at(-1)).toMatchObject({ status: 'succeeded', output: 'ok' });
  });

  it('fails the run when a step runs out of retries, unless continue_on_failure', async () => {
    const flow =
      '    - id: a\n      prompt: A\n    - id: b\n      prompt: B\n    - id: c\n      prompt: C\n      dependencies: [a]\n';
    const gw = fakeGateway((r) =>
      r.system === 'A' ? { error: new ModelError('http', 'A broke') } : { text: r.system },
    );
    h = await engineHarness({ 'flow/SKILL.md': workflowSkill(flow, '  max_retries: 0\n') }, gw);
    let res = await h.run({ skillId: 'flow', input: 'x' });
    expect(res.events.at(-1)).toMatchObject({ status: 'failed', error: 'step a: A broke' });
    await h.dispose();

    h = await engineHarness(
      { 'flow/SKILL.md': workflowSkill(flow, '  max_retries: 0\n  continue_on_failure: yes\n') },
      gw,
    );
    res = await h.run({ skillId: 'flow', input: 'x' });
    expect(res.events.find((e) => e.type === 'step_skipped')).toMatchObject({
      stepId: 'c',
      reason: 'depends on a, which failed',
    });
    expect(res.events.at(-1)).toMatchObject({ status: 'succeeded', output: 'B' });
  });
});

describe('executor: phases mode', () => {
  it('runs phases/NN-*.md in numeric order, each output feeding the next', async () => {
    const gw = fakeGateway((r) => ({ text: `${messageText(r.messages[0])}>${r.system.split('\n').at(-1)}` }));
    h = await engineHarness(
      {
        'ph/SKILL.md': prompt('ph', '', 'execution-mode: phases\n'),
        'ph/phases/01-draft.md': 'D',
        'ph/phases/02.5-review.md': 'R',
        'ph/phases/03-edit.md': 'E',
      },
      gw,
    );
    const { runId, events } = await h.run({ skillId: 'ph', input: 'in' });
    expect(events.at(-1)).toMatchObject({ status: 'succeeded', output: 'in>D>R>E' });
    expect(h.repo.get(runId)!.steps.map((s) => [s.stepId, s.output])).toEqual([
      ['01-draft', 'in>D'],
      ['02.5-review', 'in>D>R'],
      ['03-edit', 'in>D>R>E'],
    ]);
  });
});
