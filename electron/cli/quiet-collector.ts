import inspector from 'node:inspector';

// A long-running host's memory at rest. While busy (start-up, runs streaming tokens) V8 grows its heap
// and collects lazily; at rest it keeps what it grew to — 40–60 MB of garbage and spare heap pages in
// `skilldeck serve` after a few hundred runs, while what it retains stays flat. One collection of all
// that can be freed, once the host has gone quiet, returns the pages: resident size falls back to what
// is retained. (A plain `gc()` frees the objects but keeps the grown heap committed.)

/** How long nothing happened before collecting. */
export const QUIET_MS = 3000;

export interface QuietCollector {
  /** Something happened (a request, a message, an event): collect once it has been quiet for a while. */
  activity(): void;
  stop(): void;
}

/**
 * V8's "all available garbage" collection (what a heap snapshot starts with): every pass it takes, then
 * the emptied pages released. Through the in-process inspector session, which opens no port. A node
 * built without the inspector collects nothing here.
 */
export function collectAllGarbage(): void {
  let session: inspector.Session;
  try {
    session = new inspector.Session();
    session.connect();
  } catch {
    return;
  }
  // (disconnecting inside the answer's callback hangs node 20: disconnect on the next turn)
  session.post('HeapProfiler.collectGarbage', () => setImmediate(() => session.disconnect()));
}

/**
 * Collects once after each stretch of activity, `quietMs` after its last sign (not while the host is
 * busy, and not again while it stays idle). The timer never keeps the process alive.
 */
export function createQuietCollector(
  options: { quietMs?: number; collect?: () => void } = {},
): QuietCollector {
  const quietMs = options.quietMs ?? QUIET_MS;
  const collect = options.collect ?? collectAllGarbage;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  return {
    activity() {
      if (stopped) return;
      if (timer) timer.refresh();
      else {
        timer = setTimeout(() => {
          timer = undefined;
          collect();
        }, quietMs);
        timer.unref();
      }
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
