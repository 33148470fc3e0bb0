import { useId, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, LANGUAGES, setLanguage, type Language } from '../../i18n';
import { currentTheme, onThemeChange, setTheme, THEMES } from '../../theme';
import { useStores } from '../../app/stores-context';

export function AppearanceSection() {
  const { t, i18n } = useTranslation('settings');
  const { useAppStore } = useStores();
  const theme = useSyncExternalStore(onThemeChange, currentTheme);
  const languageId = useId();
  const language = (LANGUAGES as readonly string[]).includes(i18n.language) ? i18n.language : 'en';
  return (
    <section className="panel" aria-labelledby="appearance-title">
      <h2 id="appearance-title">{t('appearance.title')}</h2>
      <div className="field">
        <label htmlFor={languageId} className="field-label">
          {t('appearance.language')}
        </label>
        <select
          id={languageId}
          className="input select"
          value={language}
          onChange={(e) => {
            const picked = e.target.value as Language;
            void setLanguage(picked);
            // the tray, floating card and dialogs of the desktop app follow
            void useAppStore.getState().setLanguage(picked);
          }}
        >
          {LANGUAGES.map((l) => (
            <option key={l} value={l} lang={l}>
              {LANGUAGE_NAMES[l]}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="field">
        <legend className="field-label">{t('appearance.theme')}</legend>
        <div className="segmented">
          {THEMES.map((choice) => (
            <label key={choice} className="segmented-option">
              <input
                type="radio"
                name="theme"
                value={choice}
                checked={theme === choice}
                onChange={() => setTheme(choice)}
              />
              <span>{t(`appearance.themes.${choice}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
    </section>
  );
}
