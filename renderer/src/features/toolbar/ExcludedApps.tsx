import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../app/stores-context';

/** The applications the toolbar never appears over, by the name the system gives them. */
export function ExcludedApps({ apps }: { apps: readonly string[] }) {
  const { t } = useTranslation('settings');
  const { useToolbarStore } = useStores();
  const update = useToolbarStore((s) => s.update);
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  async function add(event: FormEvent) {
    event.preventDefault();
    const name = typed.trim();
    if (name === '') return setProblem(t('toolbar.apps.empty'));
    if (apps.some((a) => a.toLowerCase() === name.toLowerCase()))
      return setProblem(t('toolbar.apps.already', { name }));
    setProblem(null);
    if (await update({ excludedApps: [...apps, name] })) setTyped('');
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
                onClick={() => void update({ excludedApps: apps.filter((a) => a !== app) })}
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
