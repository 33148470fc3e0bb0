import { describe, expect, it } from 'vitest';
import { createClient } from '../../../shared/ipc/client';
import { ok } from '../../../shared/ipc/result';
import type { RunEvent } from '../../../shared/types/run';
import { createFakeTransport } from './fake-transport';
import { createPromptsStore } from './prompts';

const RUN = 'run_abcdef1';

const permission = (
  requestId: string,
  expiresAt = 1000,
): Extract<RunEvent, { type: 'permission_request' }> => ({
  type: 'permission_request',
  t: 1,
  requestId,
  runId: RUN,
  skill: 'agent',
  stepId: 's',
  callId: `c_${requestId}`,
  tool: 'Bash',
  input: { command: 'echo hi' },
  reason: 'default mode asks before Bash',
  suggestedRule: 'Bash(echo:*)',
  expiresAt,
});

function setup(answers: Parameters<typeof createFakeTransport>[0] = {}) {
  const fake = createFakeTransport({ 'permissions:respond': () => ok({ answered: true }), ...answers });
  const usePromptsStore = createPromptsStore(createClient(fake.transport));
  const emit = (event: RunEvent) => fake.emit('runs:event', { runId: RUN, event });
  return { fake, usePromptsStore, emit };
}

const ids = (queue: { event: { requestId: string } }[]) => queue.map((p) => p.event.requestId);

const question = (requestId: string): RunEvent => ({
  type: 'ask_user',
  t: 2,
  requestId,
  stepId: 'agent',
  callId: 'q',
  question: '?',
  options: [],
});

describe('prompts store', () => {
  it("knows each prompt's skill: from the request, from the run's start, else from the run itself", async () => {
    const { usePromptsStore, emit, fake } = setup({
      'runs:get': () => ok({ skillId: 'asker' } as never),
    });
    emit(permission('req_perm01'));
    emit({ type: 'run_start', t: 0, runId: RUN, skill: 'writer', mode: 'agent' });
    emit(question('req_ask001'));
    expect(usePromptsStore.getState().queue.map((p) => p.skillId)).toEqual(['agent', 'writer']);

    // a question of a run this page did not see start (opened mid-run)
    emit({ type: 'complete', t: 4, runId: RUN, status: 'succeeded', output: null, error: null });
    emit(question('req_ask002'));
    expect(usePromptsStore.getState().queue[0]!.skillId).toBeNull();
    await expect.poll(() => usePromptsStore.getState().queue[0]!.skillId).toBe('asker');
    expect(fake.callsOf('runs:get')).toHaveLength(1);
  });

  it('queues prompts in order and drops them when decided elsewhere or when the run ends', () => {
    const { usePromptsStore, emit } = setup();
    emit(permission('req_one111'));
    emit(permission('req_two222'));
    emit(permission('req_one111')); // a repeat is not queued twice
    emit({
      type: 'ask_user',
      t: 2,
      requestId: 'req_ask333',
      stepId: 's',
      callId: 'q',
      question: '?',
      options: [],
    });
    expect(ids(usePromptsStore.getState().queue)).toEqual(['req_one111', 'req_two222', 'req_ask333']);
    emit({
      type: 'permission_decision',
      t: 3,
      requestId: 'req_one111',
      callId: 'c',
      tool: 'Bash',
      decision: 'deny',
      source: 'timeout',
      rule: null,
      reason: '',
    });
    expect(ids(usePromptsStore.getState().queue)).toEqual(['req_two222', 'req_ask333']);
    emit({ type: 'complete', t: 4, runId: RUN, status: 'cancelled', output: null, error: null });
    expect(usePromptsStore.getState().queue).toEqual([]);
  });

  it('answers through permissions:respond (reason, edited rule) and takes the prompt off the queue', async () => {
    const { fake, usePromptsStore, emit } = setup();
    emit(permission('req_one111'));
    const prompt = usePromptsStore.getState().queue[0]!;
    if (prompt.kind !== 'permission') throw new Error('expected a permission prompt');
    await usePromptsStore.getState().respond(prompt, 'deny', { reason: 'not now' });
    expect(fake.callsOf('permissions:respond')[0]!.input).toEqual({
      runId: RUN,
      requestId: 'req_one111',
      choice: 'deny',
      reason: 'not now',
    });
    expect(usePromptsStore.getState().queue).toEqual([]);
  });

  it('loads prompts opened before the page, with their details from the run events', async () => {
    const { usePromptsStore, fake } = setup({
      'permissions:pending': () =>
        ok([
          { requestId: 'req_late22', runId: RUN, kind: 'permission', callId: 'c', expiresAt: 2000 },
          { requestId: 'req_early1', runId: RUN, kind: 'permission', callId: 'c', expiresAt: 1000 },
        ]),
      'runs:get': () =>
        ok({ events: [permission('req_late22', 2000), permission('req_early1', 1000)] } as unknown),
    });
    await usePromptsStore.getState().loadPending();
    expect(ids(usePromptsStore.getState().queue)).toEqual(['req_early1', 'req_late22']);
    expect(fake.callsOf('runs:get')).toHaveLength(1);
  });
});
