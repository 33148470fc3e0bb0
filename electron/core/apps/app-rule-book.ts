// The per-app rules as the core keeps them: the user's in the setting `apps.rules` (one JSON value,
// written in one statement: a save is all or nothing), the shipped ones under them (app-rules.ts), and the
// apps seen lately in triggered runs (`apps.seen`) for the dashboard to offer.
import type { AppRule, AppRuleInput, AppRuleSettings, PasteKeyName } from '../../../shared/types/app-rules';
import type { SettingsStore } from '../store/settings';
import { BUILTIN_RULES, effectiveRule, listRules, nextPasteKey, NO_RULE, ruleKey } from './app-rules';

/** How many recently seen apps are remembered. */
export const SEEN_KEPT = 30;

export interface AppRuleBook {
  /** The rule in force for an app (the user's, else the shipped one), null when none. */
  ruleFor(app: string | null | undefined): AppRuleSettings | null;
  /** The toolbar (issue 15 §1) is not shown over this app. */
  isToolbarExcluded(app: string | null | undefined): boolean;
  list(): AppRule[];
  seen(): string[];
  /** An app was focused when a skill was triggered. */
  markSeen(app: string | null | undefined): void;
  save(input: AppRuleInput): AppRule;
  /** Drops the user's rule (a shipped one is in force again); false when there was none. */
  remove(app: string): boolean;
  /**
   * Sets the app's toolbar flag on its rule in force; a rule of the user's left saying no more than the
   * shipped one (or than no rule) is dropped.
   */
  setToolbarExcluded(app: string, excluded: boolean): void;
  /** Stores the next paste key for `app` after `tried` did not paste; answers the rule now in force. */
  usePasteKeyAfter(app: string, tried?: PasteKeyName): AppRule;
}

export function createAppRuleBook(settings: Pick<SettingsStore, 'get' | 'set'>): AppRuleBook {
  const user = () => settings.get('apps.rules');
  const find = (app: string) => listRules(user()).find((rule) => rule.app === ruleKey(app))!;
  const book: AppRuleBook = {
    ruleFor: (app) => effectiveRule(app, user()),
    isToolbarExcluded: (app) => effectiveRule(app, user())?.toolbarExcluded ?? false,
    list: () => listRules(user()),
    seen: () => settings.get('apps.seen'),
    markSeen(app) {
      if (!app) return;
      const key = ruleKey(app);
      const seen = settings.get('apps.seen');
      if (seen[0] === key) return;
      settings.set('apps.seen', [key, ...seen.filter((name) => name !== key)].slice(0, SEEN_KEPT));
    },
    save(input) {
      const { app, ...rule } = input;
      const key = ruleKey(app);
      settings.set('apps.rules', { ...user(), [key]: rule });
      return find(key);
    },
    remove(app) {
      const key = ruleKey(app);
      const { [key]: dropped, ...rest } = user();
      if (dropped === undefined) return false;
      settings.set('apps.rules', rest);
      return true;
    },
    setToolbarExcluded(app, excluded) {
      const key = ruleKey(app);
      const { [key]: own, ...rest } = user();
      const rule = { ...(own ?? BUILTIN_RULES[key] ?? NO_RULE), toolbarExcluded: excluded };
      const plain = BUILTIN_RULES[key] ?? NO_RULE;
      settings.set('apps.rules', sameRule(rule, plain) ? rest : { ...rest, [key]: rule });
    },
    usePasteKeyAfter(app, tried) {
      const now = book.ruleFor(app) ?? NO_RULE;
      return book.save({ ...now, app, pasteKey: nextPasteKey(tried ?? now.pasteKey) });
    },
  };
  return book;
}

function sameRule(a: AppRuleSettings, b: AppRuleSettings): boolean {
  return (
    a.capture === b.capture &&
    a.pasteKey === b.pasteKey &&
    a.toolbarExcluded === b.toolbarExcluded &&
    a.defaultSkill === b.defaultSkill &&
    a.restoreDelayMs === b.restoreDelayMs
  );
}
