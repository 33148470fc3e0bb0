import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HotkeyStatus, LauncherHotkey } from '../../../../shared/types/desktop';
import { useStores } from '../../app/stores-context';
import { HotkeyRecorder } from '../skills/appearance/HotkeyRecorder';
import { displayOf, platformOf, type Modifier } from '../skills/appearance/accelerator';

const MODIFIERS: Record<string, Modifier> = {
  commandorcontrol: 'CommandOrControl',
  cmdorctrl: 'CommandOrControl',
  control: 'Control',
  ctrl: 'Control',
  alt: 'Alt',
  option: 'Alt',
  shift: 'Shift',
  super: 'Super',
  meta: 'Super',
  command: 'Super',
  cmd: 'Super',
};

/** An accelerator as the UI shows it (`Ctrl+Alt+Space`, `⌥⌃Space` on macOS). */
export function launcherDisplay(accelerator: string, platform: ReturnType<typeof platformOf>): string {
  const parts = accelerator.split('+');
  const key = parts.pop() ?? '';
  const modifiers = parts.map((p) => MODIFIERS[p.toLowerCase()]).filter((m): m is Modifier => !!m);
  return displayOf(modifiers, key, platform);
}

/** The launcher's registration in the shape the recorder reports a skill's in. */
function asStatus(launcher: LauncherHotkey): HotkeyStatus | undefined {
  if (launcher.state === 'off' || launcher.accelerator === null) return undefined;
  return {
    skillId: 'launcher',
    accelerator: launcher.accelerator,
    state: launcher.state,
    message: launcher.message,
  };
}

/** Settings › Hotkeys › Launcher: the one key that opens the command bar as the launcher. */
export function LauncherKeyField() {
  const { t } = useTranslation('settings');
  const { useSettingsStore, useSkillsStore, useAppStore } = useStores();
  const hostPlatform = useAppStore((s) => s.info?.platform);
  const hotkeys = useSettingsStore((s) => s.hotkeys);
  const setLauncherKey = useSettingsStore((s) => s.setLauncherKey);
  const skills = useSkillsStore((s) => s.skills);
  const [error, setError] = useState<string | null>(null);
  const launcher = hotkeys?.launcher;
  if (!hotkeys || !launcher) return null;
  const platform = platformOf(hostPlatform, typeof navigator === 'undefined' ? '' : navigator.platform);
  const value =
    launcher.accelerator === null
      ? null
      : { accelerator: launcher.accelerator, display: launcherDisplay(launcher.accelerator, platform) };
  const holder = launcher.conflictWith
    ? (skills.find((s) => s.id === launcher.conflictWith && !s.shadowedBy)?.name ?? launcher.conflictWith)
    : null;
  const conflict = error ?? (holder ? t('hotkeys.launcher.usedBySkill', { skill: holder }) : null);

  return (
    <div className="launcher-key" data-testid="launcher-key">
      <h3>{t('hotkeys.launcher.title')}</h3>
      <p className="muted">{t('hotkeys.launcher.intro')}</p>
      <HotkeyRecorder
        label={t('hotkeys.launcher.label')}
        value={value}
        onChange={(hotkey) =>
          void setLauncherKey(hotkey?.accelerator ?? null).then((refused) =>
            setError(refused ? t('hotkeys.launcher.saveError', { error: refused }) : null),
          )
        }
        platform={platform}
        conflict={conflict}
        status={holder || !hotkeys.available ? undefined : asStatus(launcher)}
        available={hotkeys.available}
        paused={hotkeys.paused}
      />
      <p className="muted small" data-testid="launcher-key-state">
        {launcher.state === 'off'
          ? t('hotkeys.launcher.off')
          : hotkeys.available && launcher.isDefault
            ? t('hotkeys.launcher.default')
            : null}
      </p>
    </div>
  );
}
