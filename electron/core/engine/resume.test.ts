// The pure helpers a resumed run reads its stored steps with (no run, no database).
import { describe, expect, it } from 'vitest';
import type { RunStep } from '../../../shared/types/run';
import { CUT_OFF, cutOffEvent, replayedOutput } from './resume';

const step = (stepId: string, patch: Partial<RunStep>): RunStep => ({
  stepId,
  name: stepId,
  index: 0,
  status: 'succeeded',
  output: null,
  error: null,
  attempts: 1,
  startedAt: 0,
  endedAt: null,
  ...patch,
});

const prior = new Map<string, RunStep>([
  ['done', step('done', { status: 'succeeded', output: 'the answer' })],
  ['empty', step('empty', { status: 'succeeded', output: null })],
  ['failed', step('failed', { status: 'failed', error: 'boom', attempts: 3 })],
  ['cut', step('cut', { status: 'interrupted', attempts: 2 })],
  ['running', step('running', { status: 'running', attempts: 0 })],
]);

describe('replayedOutput', () => {
  it('answers the stored output of a step that succeeded, and nothing for any other', () => {
    expect(replayedOutput(prior, 'done')).toBe('the answer');
    expect(replayedOutput(prior, 'empty')).toBeUndefined();
    expect(replayedOutput(prior, 'failed')).toBeUndefined();
    expect(replayedOutput(prior, 'cut')).toBeUndefined();
    expect(replayedOutput(prior, 'never-ran')).toBeUndefined();
  });
});

describe('cutOffEvent', () => {
  it('says a step cut off runs again, with its attempts so far (at least 1)', () => {
    expect(cutOffEvent(prior, 'cut')).toEqual({
      type: 'step_error',
      stepId: 'cut',
      attempt: 2,
      willRetry: true,
      error: CUT_OFF.message,
      words: CUT_OFF.words,
    });
    expect(cutOffEvent(prior, 'running')).toMatchObject({ stepId: 'running', attempt: 1 });
  });

  it('says nothing for a step that ended or never ran', () => {
    for (const id of ['done', 'failed', 'never-ran']) expect(cutOffEvent(prior, id)).toBeUndefined();
  });
});
