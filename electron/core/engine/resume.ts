// What `runs:resume` continues and what it picks up from the history: which runs can be resumed, the
// steps that finished before (a succeeded step is not asked again: its output is the stored one), the
// steps cut off (they run again from their start, after an event saying so), and the AskUser questions a
// waiting run was asked, open again under their request ids so they are logged once.
import type { ErrorWords } from '../../../shared/ipc/result';
import { canResume, RESUMABLE_AFTER_INTERRUPTION } from '../../../shared/runs/resumable';
import type { RunEvent, RunStep } from '../../../shared/types/run';
import type { StoredRun } from '../runs/run-repo';
import type { OpenRequest } from '../permissions/broker';
import type { RunEventInput } from './run-events';

export type AskUserEvent = Extract<RunEvent, { type: 'ask_user' }>;

/** Why the run cannot be resumed (null when it can). */
export function resumeRefusal(detail: StoredRun): string | null {
  if (canResume(detail.status, detail.mode)) return null;
  if (detail.status === 'interrupted') {
    return (
      `run ${detail.id} was cut off in the middle of an agent's work: a tool may have half run, so it is ` +
      `not continued — run the skill again (${RESUMABLE_AFTER_INTERRUPTION.join(', ')} runs can be resumed)`
    );
  }
  return `run ${detail.id} is ${detail.status}: only a waiting or an interrupted run can be resumed`;
}

/** The stored steps by id: what a resumed run finds already done, skipped or cut off. */
export const priorSteps = (detail: StoredRun): ReadonlyMap<string, RunStep> =>
  new Map(detail.steps.map((s) => [s.stepId, s]));

/** A step the run was in when it was cut off (the process died): it runs again from its start. */
export const wasCutOff = (step: RunStep | undefined): boolean =>
  step !== undefined && (step.status === 'interrupted' || step.status === 'running');

export const CUT_OFF = {
  message: 'the app stopped before this step finished — it runs again from its start',
  words: { key: 'runs.stepCutOff' } satisfies ErrorWords,
};

/** The output of a step that succeeded before the run stopped (it is not asked again), else undefined. */
export function replayedOutput(prior: ReadonlyMap<string, RunStep>, stepId: string): string | undefined {
  const before = prior.get(stepId);
  if (before?.status !== 'succeeded' || before.output === null) return undefined;
  return before.output;
}

/** The step the run was cut off in starts again: this event says so (its partial text is not the answer). */
export function cutOffEvent(prior: ReadonlyMap<string, RunStep>, stepId: string): RunEventInput | undefined {
  const before = prior.get(stepId);
  if (!wasCutOff(before)) return undefined;
  return {
    type: 'step_error',
    stepId,
    attempt: Math.max(1, before!.attempts),
    willRetry: true,
    error: CUT_OFF.message,
    words: CUT_OFF.words,
  };
}

/** The `ask_user` events of the questions open when the run stopped (`waiting_json`). */
export function questionsToReopen(events: readonly RunEvent[], waitingOn: unknown): AskUserEvent[] {
  const open = Array.isArray(waitingOn) ? (waitingOn as Partial<OpenRequest>[]) : [];
  const ids = new Set(open.filter((r) => r.kind === 'ask_user').map((r) => r.requestId));
  return events.filter((e): e is AskUserEvent => e.type === 'ask_user' && ids.has(e.requestId));
}
