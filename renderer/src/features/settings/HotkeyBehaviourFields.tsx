import { useTranslation } from 'react-i18next';
import { useStores } from '../../app/stores-context';

/**
 * Settings › Hotkeys: what a second press of a skill's hotkey does while its answer still comes, and
 * whether the copy key may be sent when the selection cannot be read directly.
 */
export function HotkeyBehaviourFields() {
  const { t } = useTranslation('settings');
  const { useSettingsStore } = useStores();
  const behaviour = useSettingsStore((s) => s.behaviour);
  const error = useSettingsStore((s) => s.behaviourError);
  const setBehaviour = useSettingsStore((s) => s.setBehaviour);
  if (!behaviour) return null;
  return (
    <div data-testid="hotkey-behaviour">
      <fieldset className="field">
        <legend className="field-label">{t('hotkeys.behaviour.repeat')}</legend>
        <div className="choice-list">
          {(['ignore', 'cancel'] as const).map((choice) => (
            <label key={choice} className="choice">
              <input
                type="radio"
                name="hotkey-repeat"
                value={choice}
                checked={behaviour.repeatPress === choice}
                onChange={() => void setBehaviour({ repeatPress: choice })}
              />
              <span className="choice-title">{t(`hotkeys.behaviour.repeatChoices.${choice}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="field">
        <label className="toggle">
          <input
            type="checkbox"
            checked={behaviour.copyFallback}
            onChange={(e) => void setBehaviour({ copyFallback: e.target.checked })}
            aria-describedby="hotkey-copy-hint"
          />
          <span>{t('hotkeys.behaviour.copyFallback')}</span>
        </label>
        <p id="hotkey-copy-hint" className="muted small">
          {t('hotkeys.behaviour.copyFallbackHint')}
        </p>
      </div>
      {error && (
        <p className="form-error" role="alert">
          {t('hotkeys.behaviour.saveError', { error })}
        </p>
      )}
    </div>
  );
}
