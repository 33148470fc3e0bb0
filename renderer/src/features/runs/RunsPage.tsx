import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../app/PageHeader';
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
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <RunLauncher />
      {currentId && <RunPanel key={currentId} runId={currentId} />}
      <RunHistory />
    </section>
  );
}
