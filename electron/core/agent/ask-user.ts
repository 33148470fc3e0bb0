// AskUser's question (DESIGN §6): an `ask_user` event, the run waiting in the broker until `runs:answer`.
// A run resumed after a restart was waiting on some questions: the same question at the same call is open
// again under its old request id (the stored event sent again, not logged twice), not asked anew.
import type { RunEvent } from '../../../shared/types/run';
import type { RunEventInput } from '../engine/run-events';
import type { UserPrompts } from '../permissions/broker';

type AskUserEvent = Extract<RunEvent, { type: 'ask_user' }>;

export interface AskUserDeps {
  runId: string;
  prompts: UserPrompts;
  emit: (event: RunEventInput) => void;
  /** Sends an event already in the run's history to whoever follows the run, without logging it again. */
  replay: (event: RunEvent) => void;
  /** A resumed run: the AskUser questions it was waiting on. */
  reopenQuestions?: AskUserEvent[];
  signal: AbortSignal;
}

/** Asks and waits; the answer, or null when the run is cancelled. */
export type AskUser = (
  question: string,
  options: string[],
  call: { id: string; stepId: string },
) => Promise<string | null>;

export function createAskUser(d: AskUserDeps): AskUser {
  const reopen = [...(d.reopenQuestions ?? [])];
  /** The same question, asked at the same call before a restart: it is open again, not asked anew. */
  function takeReopened(question: string, options: string[], call: { id: string; stepId: string }) {
    const at = reopen.findIndex(
      (e) =>
        e.callId === call.id &&
        e.stepId === call.stepId &&
        e.question === question &&
        JSON.stringify(e.options) === JSON.stringify(options),
    );
    return at < 0 ? undefined : reopen.splice(at, 1)[0];
  }

  return async (question, options, call) => {
    let asked = '';
    const reopened = takeReopened(question, options, call);
    const answer = await d.prompts.question(
      { runId: d.runId, callId: call.id, ...(reopened ? { requestId: reopened.requestId } : {}) },
      (requestId) => {
        asked = requestId;
        if (reopened) d.replay(reopened);
        else d.emit({ type: 'ask_user', requestId, stepId: call.stepId, callId: call.id, question, options });
      },
      d.signal,
    );
    if (answer.kind === 'cancelled') return null;
    d.emit({ type: 'ask_user_answer', requestId: asked, answer: answer.answer });
    return answer.answer;
  };
}
