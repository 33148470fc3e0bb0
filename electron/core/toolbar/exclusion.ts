// The one place that says which applications the selection toolbar stays away from: those whose per-app
// rule (Settings › Apps, or the list in Settings › Selection toolbar, which edits the same flag) says so.
import type { AppRuleBook } from '../apps/app-rule-book';

export function excludedFromToolbar(
  appRules: Pick<AppRuleBook, 'isToolbarExcluded'>,
): (app: string) => boolean {
  return (app) => appRules.isToolbarExcluded(app);
}
