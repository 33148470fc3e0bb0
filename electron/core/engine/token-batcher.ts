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

export function createTokenBatcher(
  emit: (stepId: string, text: string) => void,
  intervalMs = 17,
  now: () => number = performance.now.bind(performance),
): TokenBatcher {
  const pending = new Map<string, string>();
  let lastFlush = -Infinity;
  let timer: NodeJS.Timeout | undefined;

  const flush = () => {
    if (timer) {
      clearTimeout(timer);
      timer = undefined;
    }
    if (pending.size === 0) return;
    lastFlush = now();
    const batch = [...pending];
    pending.clear();
    for (const [stepId, text] of batch) emit(stepId, text);
  };

  return {
    push(stepId, text) {
      if (text === '') return;
      pending.set(stepId, (pending.get(stepId) ?? '') + text);
      if (timer) return;
      const wait = lastFlush + intervalMs - now();
      if (wait <= 0) flush();
      else timer = setTimeout(flush, wait);
    },
    flush,
    close: flush,
  };
}
