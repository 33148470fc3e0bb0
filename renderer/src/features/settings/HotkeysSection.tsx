import { useTranslation } from 'react-i18next';
import { useStores } from '../../app/stores-context';
import { hotkeyRows } from './hotkey-rows';
import { HotkeyBehaviourFields } from './HotkeyBehaviourFields';
import { LauncherKeyField } from './LauncherKeyField';
import { hotkeyStatusText } from './hotkey-text';

export function HotkeysSection() {
  const { t } = useTranslation('settings');
  const { useSettingsStore, useSkillsStore } = useStores();
  const hotkeys = useSettingsStore((s) => s.hotkeys);
  const error = useSettingsStore((s) => s.hotkeysError);
  const setPaused = useSettingsStore((s) => s.setPaused);
  const skills = useSkillsStore((s) => s.skills);
  const nameOf = (id: string) => skills.find((skill) => skill.id === id && !skill.shadowedBy)?.name ?? id;
  const rows = hotkeyRows(skills, hotkeys);

  return (
    <section className="panel" aria-labelledby="hotkeys-title" data-testid="hotkeys-section">
      <h2 id="hotkeys-title">{t('hotkeys.title')}</h2>
      <p className="muted">{t('hotkeys.intro')}</p>
      {error && (
        <p className="form-error" role="alert">
          {t('hotkeys.loadError', { error })}
        </p>
      )}
      {hotkeys && !hotkeys.available && (
        <div className="notice" data-testid="hotkeys-unavailable">
          <strong>{t('hotkeys.unavailable')}</strong>{' '}
          {hotkeys.noteKind === 'headless' || !hotkeys.note ? t('hotkeys.unavailableHost') : hotkeys.note}
        </div>
      )}
      {hotkeys?.available && (
        <>
          {hotkeys.note && (
            <p className="notice">
              {hotkeys.noteKind === 'wayland' ? t('hotkeys.notes.wayland') : hotkeys.note}
            </p>
          )}
          <label className="toggle">
            <input
              type="checkbox"
              checked={hotkeys.paused}
              onChange={(e) => void setPaused(e.target.checked)}
              aria-describedby="hotkeys-pause-hint"
            />
            <span>{t('hotkeys.pause')}</span>
          </label>
          <p id="hotkeys-pause-hint" className="muted small">
            {t('hotkeys.pauseHint')}
          </p>
        </>
      )}
      <HotkeyBehaviourFields />
      <LauncherKeyField />
      <h3>{t('hotkeys.listLabel')}</h3>
      {rows.length === 0 ? (
        hotkeys && <p className="muted">{t('hotkeys.none')}</p>
      ) : (
        <table className="table" aria-label={t('hotkeys.listLabel')}>
          <thead>
            <tr>
              <th scope="col">{t('hotkeys.skill')}</th>
              <th scope="col">{t('hotkeys.hotkey')}</th>
              <th scope="col">{t('hotkeys.state')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.skillId} data-testid={`hotkey-${row.skillId}`}>
                <td>{row.name}</td>
                <td>
                  <kbd className="hotkey">{row.display}</kbd>
                </td>
                <td>
                  <span className="badge" data-state={row.state}>
                    {t(`hotkeys.states.${row.state}`)}
                  </span>
                  {row.status?.message && (
                    <span className="muted small hotkey-message">
                      {hotkeyStatusText(row.status, t, nameOf)}
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
