// What a resumed run picks up from the history (runs:resume): the AskUser questions it was waiting on,
// asked again under their request ids so they are logged once.
import type { RunEvent } from '../../../shared/types/run';
import type { OpenRequest } from '../permissions/broker';

export type AskUserEvent = Extract<RunEvent, { type: 'ask_user' }>;

/** The `ask_user` events of the questions open when the run stopped (`waiting_json`). */
export function questionsToReopen(events: readonly RunEvent[], waitingOn: unknown): AskUserEvent[] {
  const open = Array.isArray(waitingOn) ? (waitingOn as Partial<OpenRequest>[]) : [];
  const ids = new Set(open.filter((r) => r.kind === 'ask_user').map((r) => r.requestId));
  return events.filter((e): e is AskUserEvent => e.type === 'ask_user' && ids.has(e.requestId));
}
