// A run's follow-ups as the run panel and the floating card show them: each turn's message, its answer
// streaming (tokens and, for an agent, tool calls of step `turn:N`), its end. run-view.ts folds the turn
// events with these.
import type { ErrorWords } from '../ipc/result';
import type { RunEvent, RunStatus, RunTurn, TurnStatus } from '../types/run';
import type { RunView, StepView } from './run-view';

/** The step id a follow-up's tokens and tool calls carry (not a valid workflow step id: no clash). */
export const turnStepId = (turn: number) => `turn:${turn}`;

/** The follow-up a step id belongs to, or null for one of the run's own steps. */
export function turnOfStep(stepId: string): number | null {
  const match = /^turn:([1-9]\d*)$/.exec(stepId);
  return match ? Number(match[1]) : null;
}

export interface TurnView {
  turn: number;
  /** What the user asked. */
  message: string;
  /** `waiting`: an agent's follow-up waiting on a permission prompt or a question. */
  status: TurnStatus | 'waiting';
  /** The answer as it streamed: text and tool calls. */
  step: StepView;
  output: string | null;
  error: string | null;
  errorWords?: ErrorWords;
}

/** The turn still being answered, if any. */
export const liveTurn = (run: RunView): TurnView | undefined =>
  run.turns.find((t) => t.status === 'running' || t.status === 'waiting');

export function withTurn(run: RunView, turn: number, change: (t: TurnView) => TurnView): RunView {
  const at = run.turns.findIndex((t) => t.turn === turn);
  if (at === -1) return run;
  const turns = [...run.turns];
  turns[at] = change(turns[at]!);
  return { ...run, turns };
}

type TurnEvent = Extract<RunEvent, { type: 'turn_start' | 'turn_complete' }>;

export function reduceTurn(run: RunView, event: TurnEvent, newStep: (stepId: string) => StepView): RunView {
  if (event.type === 'turn_start') {
    const turn: TurnView = {
      turn: event.turn,
      message: event.message,
      status: 'running',
      step: { ...newStep(turnStepId(event.turn)), name: event.message, startT: event.t },
      output: null,
      error: null,
    };
    const turns = [...run.turns.filter((t) => t.turn !== event.turn), turn].sort((a, b) => a.turn - b.turn);
    return { ...run, turns };
  }
  const ended = withTurn(run, event.turn, (t) => ({
    ...t,
    status: event.status,
    output: event.output,
    error: event.error,
    ...(event.words ? { errorWords: event.words } : {}),
    step: { ...t.step, status: event.status, endT: event.t, output: event.output ?? t.step.output },
  }));
  return { ...ended, waiting: [] };
}

/** A prompt or question of an agent's follow-up: the turn waits, the run keeps the status it ended with. */
export function turnWaits(run: RunView, waiting: boolean): RunView | null {
  const live = liveTurn(run);
  if (!live || (run.status !== 'succeeded' && run.status !== 'failed')) return null;
  return withTurn(run, live.turn, (t) => ({ ...t, status: waiting ? 'waiting' : 'running' }));
}

/** The stored turns laid over those the events gave (a turn cut off by a restart is `interrupted`). */
export function withStoredTurns(run: RunView, stored: readonly RunTurn[], newStep: (id: string) => StepView) {
  const turns = stored.map((s): TurnView => {
    const seen = run.turns.find((t) => t.turn === s.turn);
    const step = seen?.step ?? { ...newStep(turnStepId(s.turn)), name: s.message };
    return {
      turn: s.turn,
      message: s.message,
      status: s.status,
      step: { ...step, status: s.status === 'succeeded' ? 'succeeded' : step.status, output: s.output },
      output: s.output,
      error: s.error,
      ...(seen?.errorWords && seen.error === s.error ? { errorWords: seen.errorWords } : {}),
    };
  });
  return { ...run, turns };
}

/** The text a follow-up shows: its answer, else what streamed so far. */
export function turnText(turn: TurnView): string {
  if (turn.output !== null) return turn.output;
  return turn.step.segments.map((s) => (s.kind === 'text' ? s.text : '')).join('');
}

/**
 * Whether a follow-up can be sent: the run answered (a succeeded run with an output) and no follow-up is
 * being answered. The core also refuses skills that ask no model (the memo skill).
 */
export function canContinue(run: Pick<RunView, 'status' | 'output' | 'turns'>): boolean {
  const status: RunStatus = run.status;
  return status === 'succeeded' && run.output !== null && !liveTurn(run as RunView);
}
