// The launcher's key as the core knows it: the setting `launcher.hotkey`, who else holds that key, and
// what the overview says in a host without global hotkeys. Registering it is the desktop app's hotkey
// manager's (electron/main/triggers/hotkeys.ts).
import { AppError } from '../../../shared/ipc/result';
import type { LauncherHotkey } from '../../../shared/types/desktop';
import { acceleratorKey } from '../../../shared/types/hotkey';
import type { SettingsStore } from '../store/settings';
import { SETTINGS } from '../store/settings';
import type { StoredSkillMeta } from '../store/skill-meta';

export const DEFAULT_LAUNCHER_KEY = SETTINGS['launcher.hotkey'].default;

/** The skill whose stored hotkey is the same physical key as `accelerator`, if any. */
export function skillHolding(
  metas: readonly StoredSkillMeta[],
  accelerator: string,
  os: string = process.platform,
): string | undefined {
  const key = acceleratorKey(accelerator, os);
  return metas.find((m) => m.hotkey && acceleratorKey(m.hotkey.accelerator, os) === key)?.skillId;
}

/** The launcher's key taken by a skill: refused with the reason. */
export function skillHoldsLauncherKey(skill: string, key: string): AppError {
  return new AppError(
    'CONFLICT',
    `"${skill}" already uses ${key} as its hotkey: clear it there first, or pick another key`,
    {
      words: { key: 'hotkeys.skillHoldsKey', values: { skill, key } },
    },
  );
}

/** The launcher in a host without global hotkeys: its setting, never registered. */
export function unregisteredLauncher(settings: Pick<SettingsStore, 'get'>): LauncherHotkey {
  const accelerator = settings.get('launcher.hotkey');
  return {
    accelerator,
    isDefault: accelerator === DEFAULT_LAUNCHER_KEY,
    state: accelerator === null ? 'off' : 'unsupported',
    message: null,
  };
}
