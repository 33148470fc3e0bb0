import { useTranslation } from 'react-i18next';
import { PermissionMode } from '../../../../shared/types/permission';
import { useStores } from '../../app/stores-context';

export function PermissionsSection() {
  const { t } = useTranslation('settings');
  const { useSettingsStore } = useStores();
  const mode = useSettingsStore((s) => s.mode);
  const error = useSettingsStore((s) => s.modeError);
  const setMode = useSettingsStore((s) => s.setMode);
  return (
    <section className="panel" aria-labelledby="permissions-title">
      <h2 id="permissions-title">{t('permissions.title')}</h2>
      <p className="muted">{t('permissions.intro')}</p>
      {error && (
        <p className="form-error" role="alert">
          {t('permissions.loadError', { error })}
        </p>
      )}
      <fieldset className="field" disabled={mode === null}>
        <legend className="field-label">{t('permissions.legend')}</legend>
        <div className="choice-list">
          {PermissionMode.options.map((choice) => (
            <label key={choice} className="choice">
              <input
                type="radio"
                name="permission-mode"
                value={choice}
                checked={mode === choice}
                onChange={() => void setMode(choice)}
                aria-describedby={`permission-mode-${choice}`}
              />
              <span>
                <span className="choice-title">{t(`permissions.modes.${choice}`)}</span>
                <span id={`permission-mode-${choice}`} className="choice-hint">
                  {t(`permissions.descriptions.${choice}`)}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <p className="muted small">
        <a href="#/permissions">{t('permissions.rulesLink')}</a> {t('permissions.rulesHint')}
      </p>
    </section>
  );
}
