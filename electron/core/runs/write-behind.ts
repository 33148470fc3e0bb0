// The run history's frequent writes — events, step rows, the model — made in one turn of the event loop
// go to SQLite together, in one transaction, at the end of that turn (setImmediate): a workflow step that
// ends and the next one that starts write four rows in one commit instead of four. Every other call (a
// read, a run's finish, a state change a restart depends on) first writes what is queued, so whatever
// reads the history sees every write made before, in the order made. A write that fails is reported and
// does not take the others of its turn with it.
import type { Database } from 'better-sqlite3';
import type { RunRepo } from './run-repo';

const QUEUED = new Set<keyof RunRepo>([
  'appendEvent',
  'startStep',
  'finishStep',
  'setStepQuality',
  'setModel',
]);

export type WriteBehindRepo = RunRepo & {
  /** Writes what is queued now (before the database closes). */
  flushWrites(): void;
};

export function writeBehind(
  repo: RunRepo,
  db: Database,
  onError: (error: unknown) => void = () => undefined,
): WriteBehindRepo {
  let queue: (() => void)[] = [];
  let scheduled: NodeJS.Immediate | undefined;

  const writeAll = db.transaction((writes: (() => void)[]) => {
    for (const write of writes) {
      try {
        write();
      } catch (error) {
        onError(error);
      }
    }
  });

  const flushWrites = () => {
    if (scheduled) clearImmediate(scheduled);
    scheduled = undefined;
    if (queue.length === 0) return;
    const writes = queue;
    queue = [];
    if (db.open) writeAll(writes);
  };

  const wrapped = new Map<keyof RunRepo, unknown>();
  const wrap = (key: keyof RunRepo, call: (...args: unknown[]) => unknown) =>
    QUEUED.has(key)
      ? (...args: unknown[]) => {
          queue.push(() => call.apply(repo, args));
          scheduled ??= setImmediate(flushWrites);
        }
      : (...args: unknown[]) => {
          flushWrites();
          return call.apply(repo, args);
        };

  return new Proxy(repo as WriteBehindRepo, {
    get(target, key: keyof RunRepo | 'flushWrites') {
      if (key === 'flushWrites') return flushWrites;
      const member = target[key];
      if (typeof member !== 'function') return member;
      let method = wrapped.get(key);
      if (!method) wrapped.set(key, (method = wrap(key, member as (...args: unknown[]) => unknown)));
      return method;
    },
  });
}
