// What the trigger keeps about the runs it started, shared with the output tools and `runs:deliver`: the
// window each run inserts into (captured at trigger time), the last card shown for it and where its result
// went. The trigger's final card must not hide the end state an output tool already showed ("kept in the
// card because the focus moved"), and says where the result went ("Inserted at the cursor"). The window is
// kept after the run ends, for the most recent runs only, so a result can be inserted again (the floating
// card's Insert, the dashboard's) into the window it was asked from.
import type { Card, CardPresenterPort, FocusedWindow } from '../platform';

/** How many triggered runs' windows are remembered (the oldest is forgotten first). */
export const KEPT_TARGETS = 100;

export interface TriggerSession {
  /** The card presenter everyone shows through; it remembers the last card of a triggered run. */
  card: CardPresenterPort;
  /**
   * The window a triggered run inserts into (null: none was focused); undefined for other runs and for
   * runs triggered too long ago.
   */
  targetOf(runId: string): FocusedWindow | null | undefined;
  /** A triggered run starts, inserting into `target`. */
  begin(runId: string, target: FocusedWindow | null): void;
  /** A retry of a triggered run inserts where the run it retries would (nothing when that is not known). */
  inherit(runId: string, from: string): void;
  /** Where a triggered run's result went (an output's name: `insert_text`, `clipboard`, …). */
  delivered(runId: string, where: string): void;
  /**
   * The run has ended: answers the last card shown for it and where its result went, and forgets both
   * (its window is kept).
   */
  end(runId: string): { last?: Card; where?: string };
}

export function createTriggerSession(presenter: CardPresenterPort, kept = KEPT_TARGETS): TriggerSession {
  // insertion order is age: the first key is the oldest
  const targets = new Map<string, FocusedWindow | null>();
  const shownCards = new Map<string, Card>();
  const outcomes = new Map<string, string>();
  const begin = (runId: string, target: FocusedWindow | null) => {
    targets.delete(runId);
    targets.set(runId, target);
    while (targets.size > kept) {
      const oldest = targets.keys().next().value!;
      targets.delete(oldest);
      shownCards.delete(oldest);
      outcomes.delete(oldest);
    }
  };
  return {
    card: {
      show: (card) => {
        if (targets.has(card.runId)) shownCards.set(card.runId, card);
        return presenter.show(card);
      },
    },
    targetOf: (runId) => targets.get(runId),
    begin,
    inherit: (runId, from) => {
      const target = targets.get(from);
      if (target !== undefined) begin(runId, target);
    },
    delivered: (runId, where) => {
      if (targets.has(runId)) outcomes.set(runId, where);
    },
    end: (runId) => {
      const last = shownCards.get(runId);
      const where = outcomes.get(runId);
      shownCards.delete(runId);
      outcomes.delete(runId);
      return { ...(last ? { last } : {}), ...(where !== undefined ? { where } : {}) };
    },
  };
}
