// What Settings › Speech says beside a dictate or voice key the desktop app could not bind: another
// application holds it (the recorder's "not working" line), or a skill's hotkey or the launcher's key is
// now the same key (said as a conflict, naming which).
import { useTranslation } from 'react-i18next';
import type { HotkeyStatus } from '../../../../shared/types/desktop';
import { acceleratorKey } from '../../../../shared/types/hotkey';
import type { VoiceKeyState } from '../../../../shared/types/speech';
import { useStores } from '../../app/stores-context';

export interface VoiceKeyTrouble {
  /** For HotkeyRecorder's `status`: another application holds the key. */
  status: HotkeyStatus | undefined;
  /** The key is also a skill's hotkey or the launcher's: whose (`launcher`, or the skill's id). */
  heldBy: string | null;
}

export function voiceKeyTrouble(
  states: readonly VoiceKeyState[] | null | undefined,
  skillId: string,
  accelerator: string,
  holderOf: (accelerator: string) => string | null,
): VoiceKeyTrouble {
  const found = states?.find((s) => s.skillId === skillId && s.accelerator === accelerator);
  if (found?.state === 'taken')
    return { status: { skillId, accelerator, state: 'conflict', message: null }, heldBy: null };
  if (found?.state === 'conflict') return { status: undefined, heldBy: holderOf(accelerator) ?? 'launcher' };
  return { status: undefined, heldBy: null };
}

/** Settings › Speech's reading of a voice key's state: the recorder's `status` and `conflict` props. */
export function useVoiceKeyTrouble(states: readonly VoiceKeyState[] | null | undefined, hostOs: string) {
  const { t } = useTranslation('voice');
  const { useSkillsStore, useSettingsStore } = useStores();
  const skills = useSkillsStore((s) => s.skills);
  const hotkeys = useSettingsStore((s) => s.hotkeys);
  const same = (a: string | null | undefined, b: string) =>
    !!a && acceleratorKey(a, hostOs) === acceleratorKey(b, hostOs);
  const holderOf = (accelerator: string) => {
    if (same(hotkeys?.launcher?.accelerator, accelerator)) return 'launcher';
    const holder = hotkeys?.hotkeys.find((h) => same(h.accelerator, accelerator));
    return holder ? holder.skillId : null;
  };
  return (skillId: string, accelerator: string) => {
    const trouble = voiceKeyTrouble(states, skillId, accelerator, holderOf);
    const name = skills.find((s) => s.id === trouble.heldBy && !s.shadowedBy)?.name ?? trouble.heldBy;
    const conflict =
      trouble.heldBy === null
        ? null
        : trouble.heldBy === 'launcher'
          ? t('settings.keyHeldByLauncher')
          : t('settings.keyHeldBySkill', { name });
    return { status: trouble.status, conflict };
  };
}
