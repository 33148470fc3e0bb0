// The triggered runs still in flight, in the order they were triggered (issue 15 §7.2): a second press of
// a skill whose run is still streaming is ignored or cancels it (setting `trigger.repeatPress`), and the
// results of runs of other skills are put in one after the other, in the order the keys were pressed —
// a later, faster run waits for the earlier one's result to land first. The paste itself is also
// serialised by the process's clipboard lock (desktop/clipboard-lock.ts).

/** How long a result waits for earlier runs at most: one waiting on the user must not hold it forever. */
export const TURN_LIMIT_MS = 120_000;

export interface RunQueue {
  /** The triggered run of `skillId` still running, if any. */
  runningOf(skillId: string): string | undefined;
  started(runId: string, skillId: string): void;
  ended(runId: string): void;
  /** Resolves once every run triggered before `runId` has ended (or after `limitMs`). */
  turn(runId: string, limitMs?: number): Promise<void>;
}

export function createRunQueue(): RunQueue {
  // insertion order is trigger order
  const running = new Map<string, { skillId: string; ended: Promise<void>; end: () => void }>();
  return {
    runningOf(skillId) {
      for (const [runId, run] of running) if (run.skillId === skillId) return runId;
      return undefined;
    },
    started(runId, skillId) {
      let end: () => void = () => undefined;
      const ended = new Promise<void>((resolve) => (end = resolve));
      running.set(runId, { skillId, ended, end: () => end() });
    },
    ended(runId) {
      running.get(runId)?.end();
      running.delete(runId);
    },
    async turn(runId, limitMs = TURN_LIMIT_MS) {
      const before: Promise<void>[] = [];
      for (const [id, run] of running) {
        if (id === runId) break;
        before.push(run.ended);
      }
      if (!running.has(runId) || before.length === 0) return;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all(before),
        new Promise<void>((resolve) => (timer = setTimeout(resolve, limitMs))),
      ]);
      clearTimeout(timer);
    },
  };
}
