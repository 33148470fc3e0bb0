import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SpeechSettingsPatch, SpeechSettingsView } from '../../../../shared/types/speech';
import { useStores } from '../../app/stores-context';
import { HotkeyRecorder } from '../skills/appearance/HotkeyRecorder';
import type { Platform } from '../skills/appearance/accelerator';
import { launcherDisplay } from '../settings/LauncherKeyField';
import type { useVoiceKeyTrouble } from './voice-key-trouble';

/** Settings › Speech › Voice keys: per skill, a key that records and runs the skill on what was said. */
export function VoiceKeys(props: {
  settings: SpeechSettingsView;
  platform: Platform;
  /** What to say beside a key the desktop app could not bind. */
  troubleOf: ReturnType<typeof useVoiceKeyTrouble>;
  onSave: (patch: SpeechSettingsPatch) => void;
}) {
  const { t } = useTranslation('voice');
  const { useSkillsStore, useSettingsStore } = useStores();
  const skills = useSkillsStore((s) => s.skills);
  const hotkeys = useSettingsStore((s) => s.hotkeys);
  const [adding, setAdding] = useState('');
  const pickId = useId();
  const keyed = Object.entries(props.settings.voiceHotkeys);
  const offered = skills.filter(
    (s) => !s.shadowedBy && s.runnable && s.userInvocable && !(s.id in props.settings.voiceHotkeys),
  );
  const nameOf = (id: string) => skills.find((s) => s.id === id && !s.shadowedBy)?.name ?? id;

  return (
    <div className="voice-keys">
      <h3>{t('settings.voiceKeys')}</h3>
      <p className="muted">{t('settings.voiceKeysHint')}</p>
      {keyed.length === 0 ? (
        <p className="muted small">{t('settings.noVoiceKeys')}</p>
      ) : (
        <ul className="voice-key-list" aria-label={t('settings.voiceKeys')}>
          {keyed.map(([skillId, accelerator]) => (
            <li key={skillId} className="voice-key-row">
              <HotkeyRecorder
                label={t('settings.voiceKeyOf', { name: nameOf(skillId) })}
                value={{ accelerator, display: launcherDisplay(accelerator, props.platform) }}
                onChange={(hotkey) =>
                  props.onSave({ voiceHotkey: { skillId, accelerator: hotkey?.accelerator ?? null } })
                }
                platform={props.platform}
                {...props.troubleOf(skillId, accelerator)}
                available={hotkeys?.available ?? false}
                paused={hotkeys?.paused ?? false}
              />
            </li>
          ))}
        </ul>
      )}
      <div className="voice-key-add">
        <label className="field" htmlFor={pickId}>
          <span className="field-label">{t('settings.addVoiceKey')}</span>
          <select
            id={pickId}
            className="input select"
            value={adding}
            onChange={(e) => setAdding(e.target.value)}
          >
            <option value="">{t('settings.pickSkill')}</option>
            {offered.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
        {adding !== '' && (
          <HotkeyRecorder
            label={t('settings.voiceKeyOf', { name: nameOf(adding) })}
            value={null}
            onChange={(hotkey) => {
              if (!hotkey) return;
              props.onSave({ voiceHotkey: { skillId: adding, accelerator: hotkey.accelerator } });
              setAdding('');
            }}
            platform={props.platform}
            conflict={null}
            status={undefined}
            available={hotkeys?.available ?? false}
            paused={hotkeys?.paused ?? false}
          />
        )}
      </div>
    </div>
  );
}
