// Typing out (an app rule's paste key `type`) presses Return for every line break: in a terminal each line
// but the last would run as a command. Every platform's inserter refuses that the same way.
import type { FocusedWindow, InsertResult } from '../platform';

/** Typing several lines into a terminal would run them: the text waits in the card instead. */
export function typedLinesRefused(window: FocusedWindow): InsertResult {
  return {
    inserted: false,
    keepInCard: true,
    reason: `typing several lines into the terminal "${window.title || window.app}" would run them one by one — kept in the card`,
  };
}
