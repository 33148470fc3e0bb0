// The one place that says which applications the selection toolbar stays away from. Today the setting
// `toolbar.excludedApps`; once the per-app rules exist, point this at their "excluded from the toolbar".
import type { SettingsStore } from '../store/settings';
import { sameApp } from './toolbar-rules';

export function excludedFromToolbar(settings: Pick<SettingsStore, 'get'>): (app: string) => boolean {
  return (app) => settings.get('toolbar.excludedApps').some((excluded) => sameApp(excluded, app));
}
