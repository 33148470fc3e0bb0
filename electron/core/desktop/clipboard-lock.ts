// One clipboard / insert transaction at a time in the whole process: a paste (snapshot → write → key →
// restore) or a copy-key capture (snapshot → clear → key → read → restore) runs alone, the next waits its
// turn in the order asked. Two at once would each snapshot the other's text as "the user's clipboard" and
// put the wrong one back, or paste each other's result.

export interface ClipboardLock {
  /** Runs `transaction` once every transaction asked for before it has finished (resolved or thrown). */
  run<T>(transaction: () => Promise<T>): Promise<T>;
  /** Transactions running or waiting. */
  readonly pending: number;
}

export function createClipboardLock(): ClipboardLock {
  let tail: Promise<unknown> = Promise.resolve();
  let pending = 0;
  return {
    run(transaction) {
      pending++;
      const turn = tail.then(transaction);
      tail = turn.then(
        () => pending--,
        () => pending--,
      );
      return turn;
    },
    get pending() {
      return pending;
    },
  };
}

/** The process's lock: the X11 ports and the Electron ports (clipboard, inserter, selection) share it. */
export const clipboardLock: ClipboardLock = createClipboardLock();
