import { useSyncExternalStore } from 'react';

/**
 * One timer for every duration still counting on screen: it runs while something listens and stops
 * when the last listener leaves (nothing running is shown), however many steps are counting.
 */
export function createClock(periodMs = 1000, now: () => number = Date.now) {
  const listeners = new Set<() => void>();
  let timer: ReturnType<typeof setInterval> | null = null;
  let current = now();

  const tick = () => {
    current = now();
    for (const listener of [...listeners]) listener();
  };

  return {
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      if (timer === null) {
        current = now();
        timer = setInterval(tick, periodMs);
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && timer !== null) {
          clearInterval(timer);
          timer = null;
        }
      };
    },
    /** The time as of the last tick (the same value between ticks, as React wants of a snapshot). */
    now(): number {
      if (timer === null) {
        // not ticking: fresh when asked after a while, the same within one render
        const t = now();
        if (t - current >= periodMs || t < current) current = t;
      }
      return current;
    },
    /** Whether the timer runs (tests). */
    running: () => timer !== null,
  };
}

export type Clock = ReturnType<typeof createClock>;

const secondClock = createClock();

/** The current time, once a second: only the component that calls this renders on each tick. */
export function useNow(clock: Clock = secondClock): number {
  return useSyncExternalStore(clock.subscribe, clock.now);
}
