// The one place that says which applications the selection toolbar stays away from: those listed in
// Settings › Selection toolbar (`toolbar.excludedApps`) and those whose per-app rule (Settings › Apps)
// says "excluded from the toolbar".
import type { AppRuleBook } from '../apps/app-rule-book';
import type { SettingsStore } from '../store/settings';
import { sameApp } from './toolbar-rules';

export function excludedFromToolbar(
  settings: Pick<SettingsStore, 'get'>,
  appRules?: Pick<AppRuleBook, 'isToolbarExcluded'>,
): (app: string) => boolean {
  return (app) =>
    settings.get('toolbar.excludedApps').some((excluded) => sameApp(excluded, app)) ||
    (appRules?.isToolbarExcluded(app) ?? false);
}
