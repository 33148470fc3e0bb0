import { useTranslation } from 'react-i18next';
import { useStores } from '../../app/stores-context';
import { pageHref } from '../../app/routes';
import '../settings/settings.css';

/**
 * First run: no provider is configured (`providers:list` is empty), so skills have no model to run on
 * unless a local Ollama answers. Points to Settings, whose first section is Providers; everything else keeps working.
 */
export function FirstRunCard() {
  const { t } = useTranslation('skills');
  const noProviders = useStores().useSettingsStore((s) => s.providers?.length === 0);
  if (!noProviders) return null;
  return (
    <section className="setup-card" aria-labelledby="first-run-title" data-testid="first-run">
      <h2 id="first-run-title" className="section-title">
        {t('firstRun.title')}
      </h2>
      <p className="muted">{t('firstRun.body')}</p>
      <a className="button button-primary" href={pageHref('settings')}>
        {t('firstRun.action')}
      </a>
    </section>
  );
}
