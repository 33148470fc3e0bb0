// After the core closes, a run still ending (its model call aborted, its finish on the way) must not write
// to the closed database: each call becomes a no-op answering undefined once `isOpen()` is false (`together`
// still runs what it is given, whose own writes are no-ops then).
import type { RunRepo } from './run-repo';

export function whileOpen(runs: RunRepo, isOpen: () => boolean): RunRepo {
  return new Proxy(runs, {
    get: (target, key: keyof RunRepo) =>
      key === 'together'
        ? (writes: () => void) => (isOpen() ? target.together(writes) : writes())
        : typeof target[key] === 'function'
          ? (...args: unknown[]) =>
              isOpen() ? (target[key] as (...a: unknown[]) => unknown)(...args) : undefined
          : target[key],
  });
}
