// Applies the per-app rules at the ports, so every capture and paste of the core follows them (the
// trigger, the output tools, `runs:deliver`): the capture gets the app's rule (and the app is remembered
// as seen), the paste its key and restore delay. The ports do the work; this only says what to do.
import type { FocusPort, SelectionPort, TextInserterPort } from '../platform';
import type { AppRuleBook } from './app-rule-book';
import { mayPressCopy } from './app-rules';

export function ruleAwareSelection(selection: SelectionPort, book: AppRuleBook): SelectionPort {
  return {
    capture(options) {
      const app = options.focus?.app;
      book.markSeen(app);
      const rule = book.ruleFor(app);
      if (!rule || options.rule) return selection.capture(options);
      return selection.capture({
        ...options,
        rule: rule.capture,
        // a rule of `copy` is the user's explicit choice for that app; the others that send no key win
        copyFallback: rule.capture === 'copy' ? true : options.copyFallback && mayPressCopy(rule),
      });
    },
  };
}

export function ruleAwareInserter(
  inserter: TextInserterPort,
  focus: FocusPort,
  book: AppRuleBook,
): TextInserterPort {
  return {
    async insert(text, options = {}) {
      if (options.pasteKey !== undefined) return inserter.insert(text, options);
      const app =
        options.target === undefined ? (await focus.current().catch(() => null))?.app : options.target?.app;
      const rule = book.ruleFor(app);
      if (!rule) return inserter.insert(text, options);
      return inserter.insert(text, {
        ...options,
        pasteKey: rule.pasteKey,
        ...(rule.restoreDelayMs !== null ? { restoreDelayMs: rule.restoreDelayMs } : {}),
      });
    },
  };
}
