import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../../../shared/types/run';
import type { RunEventInput } from '../engine/run-events';
import type { UserPrompts } from '../permissions/broker';
import { createAskUser } from './ask-user';

type AskUserEvent = Extract<RunEvent, { type: 'ask_user' }>;

function setup(reopenQuestions: AskUserEvent[], answer: string | null = 'yes') {
  const emitted: RunEventInput[] = [];
  const replayed: RunEvent[] = [];
  const requests: { requestId?: string }[] = [];
  let next = 0;
  const prompts = {
    async question(request, announce) {
      requests.push(request.requestId !== undefined ? { requestId: request.requestId } : {});
      announce(request.requestId ?? `req_new${++next}`);
      return answer === null ? { kind: 'cancelled' } : { kind: 'ask_user', answer };
    },
  } as Pick<UserPrompts, 'question'> as UserPrompts;
  const ask = createAskUser({
    runId: 'run-1',
    prompts,
    emit: (e) => emitted.push(e),
    replay: (e) => replayed.push(e),
    reopenQuestions,
    signal: new AbortController().signal,
  });
  return { ask, emitted, replayed, requests };
}

const before: AskUserEvent = {
  type: 'ask_user',
  t: 1200,
  requestId: 'req_old',
  stepId: 'agent',
  callId: 'call-1',
  question: 'Which file?',
  options: ['a.md', 'b.md'],
};
const call = { id: 'call-1', stepId: 'agent' };

describe('AskUser', () => {
  it('asks a new question as an ask_user event and logs the answer', async () => {
    const s = setup([]);
    expect(await s.ask('Which file?', [], call)).toBe('yes');
    expect(s.emitted).toEqual([
      {
        type: 'ask_user',
        requestId: 'req_new1',
        stepId: 'agent',
        callId: 'call-1',
        question: 'Which file?',
        options: [],
      },
      { type: 'ask_user_answer', requestId: 'req_new1', answer: 'yes' },
    ]);
  });

  it('opens the question a resumed run waited on again under its id, sent again but not logged twice', async () => {
    const s = setup([before]);
    expect(await s.ask('Which file?', ['a.md', 'b.md'], call)).toBe('yes');
    expect(s.requests).toEqual([{ requestId: 'req_old' }]);
    expect(s.replayed).toEqual([before]);
    expect(s.emitted).toEqual([{ type: 'ask_user_answer', requestId: 'req_old', answer: 'yes' }]);
    // once only: the same question later is a new one
    await s.ask('Which file?', ['a.md', 'b.md'], call);
    expect(s.requests[1]).toEqual({});
  });

  it('asks anew when the question, its options or its call differ from the one waited on', async () => {
    const s = setup([before]);
    await s.ask('Which file?', ['a.md'], call);
    await s.ask('Which file?', ['a.md', 'b.md'], { id: 'call-2', stepId: 'agent' });
    await s.ask('Which file?', ['a.md', 'b.md'], { id: 'call-1', stepId: 'task-1' });
    expect(s.requests).toEqual([{}, {}, {}]);
    expect(s.replayed).toEqual([]);
  });

  it('is null when the run is cancelled, with no answer logged', async () => {
    const s = setup([], null);
    expect(await s.ask('Which file?', [], call)).toBeNull();
    expect(s.emitted.map((e) => e.type)).toEqual(['ask_user']);
  });
});
