// What the floating card knows of its run beyond the text the trigger shows: the attempts (Retry, Retry
// with… another provider and model), the follow-up thread (Continue) and whether Insert can work — read
// through the core's channels (`runs:get`, `runs:start` with `retryOf`, `runs:continue`, `runs:deliver`)
// and its `runs:event` stream, folded by the run panel's own reducer (shared/runs/run-view.ts). No Electron
// here: tests drive it with a real core.
import type { RunDelivered } from '../../../shared/types/run';
import type { ErrorWords, Result } from '../../../shared/ipc/result';
import type { DesktopKey, DesktopText } from '../../core/i18n/desktop-text';
import {
  applyEvent,
  emptyRun,
  isFinished,
  runFromDetail,
  runOutputText,
  type RunView,
  type StoredDetail,
} from '../../../shared/runs/run-view';
import { canContinue, liveTurn, turnText } from '../../../shared/runs/turns';

/** The core as the card needs it: its dispatch and its event stream. */
export interface CardCore {
  dispatch(channel: string, input: unknown): Promise<Result<unknown>>;
  events: { subscribe(listener: (event: string, payload: unknown) => void): () => void };
}

/** A turn as the card shows it. */
export interface CardTurn {
  message: string;
  text: string;
  pending: boolean;
  error: string | null;
}

/** The thread's part of the card. */
export interface ThreadState {
  /** The attempt shown (a retry's run once the user retried). */
  runId: string;
  /** Set once the user retried: the attempt's own text, state and error replace the trigger's. */
  attempt: { text: string; pending: boolean; error: string | null; number: number } | null;
  /** The provider/model that answered the attempt shown, when known. */
  model: string | null;
  turns: CardTurn[];
  canInsert: boolean;
  canContinue: boolean;
  /** Retry and Save as memo: the run ended (a retry needs the first attempt to have ended). */
  finished: boolean;
}

/** An error of the core, for the card's notice line (its words, when the card has them). */
export class CardActionError extends Error {
  constructor(
    message: string,
    readonly words?: ErrorWords,
  ) {
    super(message);
  }
}

/** An error as the card says it: the core's words in the app's language when known, else its message. */
export function cardErrorText(error: unknown, t: DesktopText): string {
  if (error instanceof CardActionError && error.words) {
    const key = `card.errors.${error.words.key}`;
    const text = t(key as DesktopKey, error.words.values);
    if (text !== key) return text;
  }
  return error instanceof Error ? error.message : String(error);
}

function unwrap<T>(result: Result<unknown>): T {
  if (!result.ok) throw new CardActionError(result.error.message, result.error.words);
  return result.value as T;
}

export class CardThread {
  private run: RunView;
  private readonly first: string;
  private attempts = 1;
  private retried = false;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly core: CardCore,
    runId: string,
    private readonly onChange: () => void,
  ) {
    this.first = runId;
    this.run = emptyRun(runId);
    this.unsubscribe = core.events.subscribe((event, payload) => this.onEvent(event, payload));
    void this.load();
  }

  state(): ThreadState {
    const run = this.run;
    const pending = !isFinished(run.status);
    return {
      runId: run.runId,
      attempt: this.retried
        ? {
            text: runOutputText(run),
            pending,
            error: run.status === 'failed' || run.status === 'cancelled' ? (run.error ?? run.status) : null,
            number: this.attempts,
          }
        : null,
      model: run.provider && run.model ? `${run.provider} · ${run.model}` : null,
      turns: run.turns.map((t) => ({
        message: t.message,
        text: turnText(t),
        pending: t.status === 'running' || t.status === 'waiting',
        error: t.error,
      })),
      canInsert: run.insertInto !== null,
      canContinue: canContinue(run),
      finished: !pending && !liveTurn(run),
    };
  }

  /** The answer Copy, Insert and Save as memo act on: the last follow-up's, else the run's. */
  lastAnswer(): { turn: number; text: string } {
    const answered = [...this.run.turns].reverse().find((t) => t.output);
    return answered
      ? { turn: answered.turn, text: answered.output! }
      : { turn: 0, text: runOutputText(this.run) };
  }

  /** Retry (the same input), or Retry with another provider and model: the card follows the new attempt. */
  async retry(choice: { provider?: string; model?: string } = {}): Promise<void> {
    const started = unwrap<{ runId: string }>(
      await this.core.dispatch('runs:start', {
        skillId: this.run.skillId,
        retryOf: this.run.retryOf ?? this.first,
        ...(choice.provider ? { provider: choice.provider } : {}),
        ...(choice.model ? { model: choice.model } : {}),
      }),
    );
    const insertInto = this.run.insertInto; // a retry inserts where its first attempt would
    this.run = { ...emptyRun(started.runId, this.run.skillId), retryOf: this.first, insertInto };
    this.retried = true;
    this.attempts += 1;
    this.onChange();
  }

  /** A follow-up: the answer streams under the result as a turn of the run. */
  async continue(message: string): Promise<void> {
    unwrap(await this.core.dispatch('runs:continue', { runId: this.run.runId, message }));
  }

  /** Insert / Save as memo through the core (`runs:deliver`): its words for the notice line. */
  async deliver(action: 'insert' | 'memo'): Promise<string> {
    const { turn } = this.lastAnswer();
    const done = unwrap<RunDelivered>(
      await this.core.dispatch('runs:deliver', { runId: this.run.runId, turn, action }),
    );
    return done.message;
  }

  dispose(): void {
    this.unsubscribe();
  }

  private async load(): Promise<void> {
    const runId = this.run.runId;
    const result = await this.core.dispatch('runs:get', { runId });
    if (!result.ok || this.run.runId !== runId) return;
    const stored = runFromDetail(result.value as StoredDetail);
    // the events seen meanwhile are newer than a running run's stored state
    const { insertInto, skillId, provider, model } = stored;
    this.run =
      isFinished(stored.status) || this.run.lastT === 0
        ? stored
        : { ...this.run, insertInto, skillId, provider, model };
    this.onChange();
  }

  private onEvent(event: string, payload: unknown): void {
    if (event !== 'runs:event') return;
    const message = payload as { runId: string; event: Parameters<typeof applyEvent>[1] };
    if (message.runId !== this.run.runId) return;
    this.run = applyEvent(this.run, message.event);
    this.onChange();
    // the end of the run or of a follow-up: read what the store kept (output, model, turns)
    if (message.event.type === 'complete' || message.event.type === 'turn_complete') void this.load();
  }
}
