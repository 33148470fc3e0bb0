import { describe, expect, it } from 'vitest';
import { createClient } from '../../../shared/ipc/client';
import { ok } from '../../../shared/ipc/result';
import type { RunDetail, RunEvent } from '../../../shared/types/run';
import { stepText } from '../../../shared/runs/run-view';
import { createFakeTransport, settle } from './fake-transport';
import { createRunsStore, dayBounds, NO_FILTERS } from './runs';

const RUN = 'run_abcdef1';

function setup(answers: Parameters<typeof createFakeTransport>[0] = {}) {
  const fake = createFakeTransport({
    'runs:start': () => ok({ runId: RUN }),
    'runs:list': () => ok({ runs: [], total: 0 }),
    ...answers,
  });
  const useRunsStore = createRunsStore(createClient(fake.transport));
  const emit = (event: RunEvent, runId = RUN) => fake.emit('runs:event', { runId, event });
  return { fake, useRunsStore, emit };
}

describe('runs store', () => {
  it('starts a run, shows it, and folds its events: steps in order, tokens appended, tool calls', async () => {
    const { fake, useRunsStore, emit } = setup();
    const result = await useRunsStore.getState().start({ skillId: 'polish', input: 'helo' });
    expect(result.ok).toBe(true);
    expect(fake.callsOf('runs:start')[0]!.input).toEqual({ skillId: 'polish', input: 'helo' });
    expect(useRunsStore.getState().currentId).toBe(RUN);

    emit({ type: 'run_start', t: 0, runId: RUN, skill: 'polish', mode: 'agent' });
    emit({ type: 'step_start', t: 1, stepId: 'b', name: 'Second', index: 1, total: 2 });
    emit({ type: 'step_start', t: 1, stepId: 'a', name: 'First', index: 0, total: 2 });
    emit({ type: 'token', t: 2, stepId: 'a', text: 'Hel' });
    emit({ type: 'token', t: 3, stepId: 'a', text: 'lo' });
    emit({ type: 'tool_call', t: 4, stepId: 'a', callId: 'c1', tool: 'Bash', input: { command: 'echo hi' } });
    emit({
      type: 'tool_result',
      t: 5,
      stepId: 'a',
      callId: 'c1',
      tool: 'Bash',
      summary: 'exit 0',
      output: 'hi\n',
      isError: false,
    });
    emit({ type: 'token', t: 6, stepId: 'a', text: ' again' });
    emit({ type: 'step_error', t: 7, stepId: 'b', attempt: 1, willRetry: true, error: 'boom' });
    emit({ type: 'step_complete', t: 9, stepId: 'a', output: 'Hello again' });

    const run = useRunsStore.getState().runs[RUN]!;
    expect(run.steps.map((s) => s.stepId)).toEqual(['a', 'b']);
    const [a, b] = run.steps;
    expect(a!.segments).toEqual([
      { kind: 'text', text: 'Hello' },
      { kind: 'tool', callId: 'c1' },
      { kind: 'text', text: ' again' },
    ]);
    expect(stepText(a!)).toBe('Hello again');
    expect(a!.tools.c1!.result).toEqual({ summary: 'exit 0', output: 'hi\n', isError: false });
    expect(a).toMatchObject({ status: 'succeeded', startT: 1, endT: 9 });
    expect(b).toMatchObject({ status: 'running', attempts: 2 });

    emit({ type: 'complete', t: 12, runId: RUN, status: 'succeeded', output: 'done', error: null });
    expect(useRunsStore.getState().runs[RUN]).toMatchObject({ status: 'succeeded', output: 'done' });
  });

  it('tracks what a run waits for and clears it when answered', () => {
    const { useRunsStore, emit } = setup();
    emit({ type: 'run_start', t: 0, runId: RUN, skill: 'agent', mode: 'agent' });
    emit({
      type: 'ask_user',
      t: 1,
      requestId: 'req_aaaaaa',
      stepId: 's',
      callId: 'q',
      question: 'Color?',
      options: [],
    });
    expect(useRunsStore.getState().runs[RUN]).toMatchObject({ status: 'waiting' });
    emit({ type: 'ask_user_answer', t: 2, requestId: 'req_aaaaaa', answer: 'red' });
    expect(useRunsStore.getState().runs[RUN]).toMatchObject({ status: 'running', waiting: [] });
  });

  it('ignores events of runs it never saw start', () => {
    const { useRunsStore, emit } = setup();
    emit({ type: 'token', t: 1, stepId: 'a', text: 'x' });
    expect(useRunsStore.getState().runs).toEqual({});
  });

  it('opens a past run from runs:get: events replayed, stored steps laid over', async () => {
    const detail: RunDetail = {
      id: RUN,
      skillId: 'video-script',
      mode: 'workflow',
      provider: null,
      model: null,
      input: 'cats',
      status: 'failed',
      isTry: false,
      output: null,
      outputTool: null,
      error: 'step failed',
      usage: { inputTokens: null, outputTokens: null },
      startedAt: 1000,
      endedAt: 5000,
      retryOf: null,
      turnCount: 0,
      turns: [],
      attempts: [],
      insertInto: null,
      speech: null,
      steps: [
        {
          stepId: 'x',
          name: 'X',
          index: 0,
          status: 'failed',
          output: null,
          error: 'nope',
          attempts: 3,
          startedAt: 1000,
          endedAt: 4000,
        },
      ],
      events: [{ type: 'step_start', t: 0, stepId: 'x', name: 'X', index: 0, total: 1 }],
    };
    const { useRunsStore } = setup({ 'runs:get': () => ok(detail) });
    await useRunsStore.getState().open(RUN);
    const run = useRunsStore.getState().runs[RUN]!;
    expect(useRunsStore.getState().currentId).toBe(RUN);
    expect(run).toMatchObject({ status: 'failed', error: 'step failed', input: 'cats' });
    expect(run.steps[0]).toMatchObject({ status: 'failed', attempts: 3, durationMs: 3000 });
    expect(run.steps[0]!.errors[0]!.error).toBe('nope');
  });

  it('re-runs with the same request', async () => {
    const { fake, useRunsStore } = setup();
    await useRunsStore.getState().start({ skillId: 'polish', selection: 'x', config: { tone: 'dry' } });
    await useRunsStore.getState().rerun(RUN);
    expect(fake.callsOf('runs:start').map((c) => c.input)).toEqual([
      { skillId: 'polish', selection: 'x', config: { tone: 'dry' } },
      { skillId: 'polish', selection: 'x', config: { tone: 'dry' } },
    ]);
  });

  it('retries as a new attempt linked to the first, on the same input, with the model picked', async () => {
    const ids = ['run_first1', 'run_second', 'run_third1'];
    const { fake, useRunsStore } = setup({ 'runs:start': () => ok({ runId: ids.shift()! }) });
    const store = useRunsStore.getState();
    await store.start({ skillId: 'poet', input: 'the moon' });
    expect((await store.retry('run_first1', { provider: 'other', model: 'big' })).ok).toBe(true);
    await store.retry('run_second');
    expect(fake.callsOf('runs:start').map((c) => c.input)).toEqual([
      { skillId: 'poet', input: 'the moon' },
      { skillId: 'poet', retryOf: 'run_first1', provider: 'other', model: 'big' },
      { skillId: 'poet', retryOf: 'run_second' },
    ]);
    const { runs, currentId } = useRunsStore.getState();
    expect(currentId).toBe('run_third1');
    // a retry of a retry belongs to the first attempt; each shows the input it reruns
    expect(runs.run_second).toMatchObject({ retryOf: 'run_first1', input: 'the moon' });
    expect(runs.run_third1).toMatchObject({ retryOf: 'run_first1', input: 'the moon' });
    expect((await store.retry('run_unknown1')).ok).toBe(false);
  });

  it('sends a follow-up and delivers an answer again through the host', async () => {
    const { fake, useRunsStore } = setup({
      'runs:continue': () => ok({ runId: RUN, turn: 1 }),
      'runs:deliver': () => ok({ action: 'memo', message: 'saved', memoId: 'memo_1' }),
    });
    await useRunsStore.getState().followUp(RUN, 'Shorter');
    await useRunsStore.getState().deliver(RUN, 'memo', 1);
    expect(fake.callsOf('runs:continue')[0]!.input).toEqual({ runId: RUN, message: 'Shorter' });
    expect(fake.callsOf('runs:deliver')[0]!.input).toEqual({ runId: RUN, action: 'memo', turn: 1 });
  });

  it('lists with filters and pages', async () => {
    const { fake, useRunsStore } = setup({ 'runs:list': () => ok({ runs: [], total: 45 }) });
    await useRunsStore
      .getState()
      .loadHistory({ filters: { ...NO_FILTERS, skillId: 'polish', status: 'waiting' } });
    await useRunsStore.getState().loadHistory({ offset: 20 });
    await settle();
    const inputs = fake.callsOf('runs:list').map((c) => c.input);
    expect(inputs[0]).toEqual({ skillId: 'polish', status: 'waiting', limit: 20, offset: 0 });
    expect(inputs[1]).toEqual({ skillId: 'polish', status: 'waiting', limit: 20, offset: 20 });
    expect(useRunsStore.getState().history.total).toBe(45);
  });

  it('turns local days into an inclusive-exclusive range', () => {
    const { from, to } = dayBounds({ ...NO_FILTERS, from: '2026-03-01', to: '2026-03-01' });
    expect(to! - from!).toBe(new Date(2026, 2, 2).getTime() - new Date(2026, 2, 1).getTime());
    expect(from).toBe(new Date(2026, 2, 1).getTime());
  });
});
