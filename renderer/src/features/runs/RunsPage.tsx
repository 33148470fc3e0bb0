import { useTranslation } from 'react-i18next';
import { useStores } from '../../app/stores-context';
import { RunHistory } from './RunHistory';
import { RunLauncher } from './RunLauncher';
import { RunPanel } from './RunPanel';
import './runs.css';

export function RunsPage() {
  const { t } = useTranslation('runs');
  const { useRunsStore } = useStores();
  const currentId = useRunsStore((s) => s.currentId);
  return (
    <section className="page runs-page" aria-labelledby="page-title">
      <header className="page-header">
        <div>
          <h1 id="page-title" tabIndex={-1}>
            {t('title')}
          </h1>
          <p className="page-subtitle">{t('subtitle')}</p>
        </div>
      </header>
      <RunLauncher />
      {currentId && <RunPanel key={currentId} runId={currentId} />}
      <RunHistory />
    </section>
  );
}
