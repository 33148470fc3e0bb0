import type { RunEvent } from '../../../shared/types/run';
import type { RunRepo } from '../runs/run-repo';
import { createTokenBatcher, type TokenBatcher } from './token-batcher';

/** An event as the engine reports it: `t` is added here. */
export type RunEventInput = RunEvent extends infer E ? (E extends RunEvent ? Omit<E, 't'> : never) : never;

/**
 * One run's event stream: stamps each event with `t` (ms since the run started) and a sequence number,
 * writes it to SQLite as it happens and hands it to the listener (the event hub's `runs:event`).
 * Tokens go through the batcher; any other event flushes pending tokens first, so order is kept.
 */
export class RunEventLog {
  private seq: number;
  private readonly started: number;
  private readonly tokens: TokenBatcher;

  constructor(
    readonly runId: string,
    private readonly repo: RunRepo,
    private readonly listener: (event: RunEvent) => void,
    tokenIntervalMs = 17,
    /** A resumed run: the events already written and the run's time so far. */
    resumeFrom: { seq: number; elapsedMs: number } = { seq: 0, elapsedMs: 0 },
  ) {
    this.seq = resumeFrom.seq;
    this.started = performance.now() - resumeFrom.elapsedMs;
    this.tokens = createTokenBatcher(
      (stepId, text) => this.write({ type: 'token', stepId, text }),
      tokenIntervalMs,
    );
  }

  elapsed(): number {
    return Math.round((performance.now() - this.started) * 10) / 10;
  }

  token(stepId: string, text: string): void {
    this.tokens.push(stepId, text);
  }

  emit(event: RunEventInput): void {
    this.tokens.flush();
    this.write(event);
  }

  /** An event already in the history, sent again to the listener (not stored twice). */
  replay(event: RunEvent): void {
    this.tokens.flush();
    this.listener(event);
  }

  close(): void {
    this.tokens.close();
  }

  private write(input: RunEventInput): void {
    const event = { ...input, t: this.elapsed() } as RunEvent;
    this.repo.appendEvent(this.runId, ++this.seq, event);
    this.listener(event);
  }
}
