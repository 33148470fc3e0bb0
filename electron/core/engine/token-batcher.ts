/**
 * Coalesces streamed tokens per step so a run writes and sends at most one batch per `intervalMs`
 * (17 ms: under 60 batches/s), whatever the model's token rate. The first token after a quiet spell goes out
 * at once (no added latency); `flush()` empties everything (before any other event, so order is kept).
 */
export interface TokenBatcher {
  push(stepId: string, text: string): void;
  flush(): void;
  /** Stops the timer; pending text is flushed. */
  close(): void;
}

/** The timer the batcher waits with (tests give their own, with their own clock). */
export interface BatchTimer {
  set(callback: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const realTimer: BatchTimer = {
  set: (callback, ms) => setTimeout(callback, ms),
  clear: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export function createTokenBatcher(
  emit: (stepId: string, text: string) => void,
  intervalMs = 17,
  now: () => number = performance.now.bind(performance),
  timer: BatchTimer = realTimer,
): TokenBatcher {
  const pending = new Map<string, string>();
  let lastFlush = -Infinity;
  let armed: unknown;

  const flush = () => {
    if (armed !== undefined) {
      timer.clear(armed);
      armed = undefined;
    }
    if (pending.size === 0) return;
    lastFlush = now();
    const batch = [...pending];
    pending.clear();
    for (const [stepId, text] of batch) emit(stepId, text);
  };

  /**
   * Flushes once `intervalMs` has passed since the last flush, else waits for the rest. Node's timers
   * count whole milliseconds from the start of the loop's turn, so a 16.9 ms timeout can fire after
   * 16.2 ms: the interval is checked against the clock when it fires, and re-armed for what is left.
   */
  const flushWhenDue = () => {
    armed = undefined;
    const wait = lastFlush + intervalMs - now();
    if (wait <= 0) flush();
    else armed = timer.set(flushWhenDue, Math.ceil(wait));
  };

  return {
    push(stepId, text) {
      if (text === '') return;
      pending.set(stepId, (pending.get(stepId) ?? '') + text);
      if (armed === undefined) flushWhenDue();
    },
    flush,
    close: flush,
  };
}
