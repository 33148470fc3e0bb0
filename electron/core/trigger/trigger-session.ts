// What the trigger keeps about the runs it started, shared with the output tools: the window each run
// inserts into (captured at trigger time), the last card shown for it and where its result went. The
// trigger's final card must not hide the end state an output tool already showed ("kept in the card
// because the focus moved"), and says where the result went ("Inserted at the cursor").
import type { Card, CardPresenterPort, FocusedWindow } from '../platform';

export interface TriggerSession {
  /** The card presenter everyone shows through; it remembers the last card of a triggered run. */
  card: CardPresenterPort;
  /** The window a triggered run inserts into (null: none was focused); undefined for other runs. */
  targetOf(runId: string): FocusedWindow | null | undefined;
  /** A triggered run starts, inserting into `target`. */
  begin(runId: string, target: FocusedWindow | null): void;
  /** Where a triggered run's result went (an output's name: `insert_text`, `clipboard`, …). */
  delivered(runId: string, where: string): void;
  /** The run has ended: forgets it and answers the last card shown for it and where its result went. */
  end(runId: string): { last?: Card; where?: string };
}

export function createTriggerSession(presenter: CardPresenterPort): TriggerSession {
  const targets = new Map<string, FocusedWindow | null>();
  const shownCards = new Map<string, Card>();
  const outcomes = new Map<string, string>();
  return {
    card: {
      show: (card) => {
        if (targets.has(card.runId)) shownCards.set(card.runId, card);
        return presenter.show(card);
      },
    },
    targetOf: (runId) => targets.get(runId),
    begin: (runId, target) => void targets.set(runId, target),
    delivered: (runId, where) => {
      if (targets.has(runId)) outcomes.set(runId, where);
    },
    end: (runId) => {
      const last = shownCards.get(runId);
      const where = outcomes.get(runId);
      targets.delete(runId);
      shownCards.delete(runId);
      outcomes.delete(runId);
      return { ...(last ? { last } : {}), ...(where !== undefined ? { where } : {}) };
    },
  };
}
