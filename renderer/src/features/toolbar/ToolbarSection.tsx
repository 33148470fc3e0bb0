import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { TOOLBAR_MODES, TOOLBAR_MODIFIERS, type ToolbarMode } from '../../../../shared/types/toolbar';
import { useStores } from '../../app/stores-context';
import { launcherDisplay } from '../settings/LauncherKeyField';
import { platformOf } from '../skills/appearance/accelerator';
import { ExcludedApps } from './ExcludedApps';
import { PinnedSkills } from './PinnedSkills';
import './toolbar.css';

/** Settings › Selection toolbar: when it appears, the skills pinned to it (in order), the apps it avoids. */
export function ToolbarSection() {
  const { t } = useTranslation('settings');
  const { useToolbarStore, useAppStore, useSettingsStore } = useStores();
  const settings = useToolbarStore((s) => s.settings);
  const error = useToolbarStore((s) => s.error);
  const update = useToolbarStore((s) => s.update);
  const desktop = useAppStore((s) => s.info?.runtime === 'electron');
  const launcherKey = useSettingsStore((s) => s.hotkeys?.launcher?.accelerator ?? null);
  const hostPlatform = useAppStore((s) => s.info?.platform);
  const platform = platformOf(hostPlatform, typeof navigator === 'undefined' ? '' : navigator.platform);

  const hint = (mode: ToolbarMode) =>
    mode === 'hotkey'
      ? launcherKey
        ? t('toolbar.hints.hotkey', { key: launcherDisplay(launcherKey, platform) })
        : t('toolbar.hints.hotkeyOff')
      : t(`toolbar.hints.${mode}`);

  return (
    <section className="panel" id="toolbar" aria-labelledby="toolbar-title" data-testid="toolbar-section">
      <h2 id="toolbar-title">{t('toolbar.title')}</h2>
      <p className="muted">{t('toolbar.intro')}</p>
      {!desktop && <p className="muted small">{t('toolbar.desktopOnly')}</p>}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <fieldset className="field" disabled={settings === null}>
        <legend className="field-label">{t('toolbar.when')}</legend>
        <div className="choice-list">
          {TOOLBAR_MODES.map((mode) => (
            <Fragment key={mode}>
              <label className="choice">
                <input
                  type="radio"
                  name="toolbar-mode"
                  value={mode}
                  checked={settings?.mode === mode}
                  onChange={() => void update({ mode })}
                  aria-describedby={`toolbar-mode-${mode}`}
                />
                <span>
                  <span className="choice-title">{t(`toolbar.modes.${mode}`)}</span>
                  <span id={`toolbar-mode-${mode}`} className="choice-hint">
                    {hint(mode)}
                  </span>
                </span>
              </label>
              {mode === 'modifier' && settings?.mode === 'modifier' && (
                <div className="toolbar-modifier">
                  <label htmlFor="toolbar-modifier" className="field-label">
                    {t('toolbar.modifier')}
                  </label>
                  <select
                    id="toolbar-modifier"
                    className="input"
                    value={settings.modifier}
                    onChange={(e) =>
                      void update({ modifier: e.target.value as (typeof TOOLBAR_MODIFIERS)[number] })
                    }
                  >
                    {TOOLBAR_MODIFIERS.map((key) => (
                      <option key={key} value={key}>
                        {t(`toolbar.modifiers.${key}`)}
                      </option>
                    ))}
                  </select>
                </div>
              )}
            </Fragment>
          ))}
        </div>
      </fieldset>
      {settings && <PinnedSkills pinned={settings.pinned} />}
      <ExcludedApps />
    </section>
  );
}
