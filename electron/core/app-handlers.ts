// The `app:*` channels: what this host is (app:info), the desktop words' language chosen in the dashboard
// (kept as the setting `ui.language`), and the desktop app's folder dialog.
import type { Handlers } from '../../shared/ipc/contract';
import { AppError } from '../../shared/ipc/result';
import type { DesktopI18n } from './i18n/desktop-text';
import type { SecretStorePort } from './platform';
import type { SettingsStore } from './store/settings';

export interface AppHandlerDeps {
  version: string;
  runtime: 'electron' | 'node';
  dataDir: string;
  /** The database's `user_version`. */
  schemaVersion: () => number;
  /** The desktop app's folder dialog; absent headless (a browser types the path). */
  pickFolder?: (title?: string) => Promise<string | null>;
  i18n: DesktopI18n;
  settings: SettingsStore;
  secrets: Pick<SecretStorePort, 'kind'>;
}

export function createAppHandlers(
  deps: AppHandlerDeps,
): Pick<Handlers, 'app:info' | 'app:setLanguage' | 'app:pickFolder'> {
  const { i18n, pickFolder } = deps;
  return {
    'app:info': () => ({
      name: 'Skilldeck',
      version: deps.version,
      runtime: deps.runtime,
      platform: process.platform,
      dataDir: deps.dataDir,
      schemaVersion: deps.schemaVersion(),
      folderPicker: pickFolder !== undefined,
      language: i18n.language(),
      secretStore: deps.secrets.kind ?? 'session',
    }),

    'app:setLanguage': ({ language }) => {
      deps.settings.set('ui.language', language);
      i18n.setLanguage(language);
      return { language };
    },

    'app:pickFolder': async ({ title }) => {
      if (!pickFolder)
        throw new AppError('BAD_REQUEST', 'there is no folder dialog here: type the folder path instead');
      return { path: await pickFolder(title) };
    },
  };
}
