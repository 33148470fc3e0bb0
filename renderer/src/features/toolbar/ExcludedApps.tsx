import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../app/stores-context';
import { errorText } from '../../i18n/error-text';

/**
 * The applications the toolbar never appears over, by the name the system gives them: the per-app rules'
 * "do not show the selection toolbar" flag (Settings › Apps edits the same flag).
 */
export function ExcludedApps() {
  const { t, i18n } = useTranslation('settings');
  const { useAppsStore, useConnectionStore } = useStores();
  const { overview, load, setToolbar } = useAppsStore();
  const linkState = useConnectionStore((s) => s.status.state);
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const apps = (overview?.rules ?? []).filter((rule) => rule.toolbarExcluded).map((rule) => rule.app);

  // On opening the page, and again when a dropped link comes back.
  useEffect(() => {
    if (linkState === 'open') void load();
  }, [linkState, load]);

  async function change(app: string, excluded: boolean) {
    const result = await setToolbar(app, excluded);
    if (!result.ok) setProblem(errorText(result.error, i18n));
    return result.ok;
  }

  async function add(event: FormEvent) {
    event.preventDefault();
    const name = typed.trim();
    if (name === '') return setProblem(t('toolbar.apps.empty'));
    const key = name.toLowerCase().replace(/\.exe$/, '');
    if (apps.includes(key)) return setProblem(t('toolbar.apps.already', { name }));
    setProblem(null);
    if (await change(name, true)) setTyped('');
  }

  return (
    <form className="toolbar-block" onSubmit={(e) => void add(e)} aria-labelledby="toolbar-apps-title">
      <h3 className="field-label" id="toolbar-apps-title">
        {t('toolbar.apps.title')}
      </h3>
      <p className="muted small" id="toolbar-apps-hint">
        {t('toolbar.apps.hint')}
      </p>
      {apps.length > 0 && (
        <ul className="app-chips" aria-labelledby="toolbar-apps-title">
          {apps.map((app) => (
            <li key={app} className="app-chip" data-testid="excluded-app">
              <code>{app}</code>
              <button
                type="button"
                className="icon-button"
                aria-label={t('toolbar.apps.removeOf', { name: app })}
                title={t('toolbar.apps.removeOf', { name: app })}
                onClick={() => void change(app, false)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="toolbar-add">
        <input
          className="input"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          placeholder={t('toolbar.apps.placeholder')}
          aria-label={t('toolbar.apps.name')}
          aria-describedby={problem ? 'toolbar-apps-problem' : 'toolbar-apps-hint'}
          aria-invalid={problem !== null}
          autoComplete="off"
          spellCheck={false}
          maxLength={200}
        />
        <button type="submit" className="button">
          {t('toolbar.apps.add')}
        </button>
      </div>
      {problem && (
        <p id="toolbar-apps-problem" className="field-error" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}
