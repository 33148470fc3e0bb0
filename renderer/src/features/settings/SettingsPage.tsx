import { useTranslation } from 'react-i18next';
import './settings.css';
import { PageHeader } from '../../app/PageHeader';
import { useStores } from '../../app/stores-context';
import { AppearanceSection } from './AppearanceSection';
import { DesktopCheckSection } from './DesktopCheckSection';
import { AppsSection } from './AppsSection';
import { FoldersSection } from './FoldersSection';
import { HotkeysSection } from './HotkeysSection';
import { PermissionsSection } from './PermissionsSection';
import { ProvidersSection } from './ProvidersSection';
import { ToolbarSection } from '../toolbar/ToolbarSection';
import { WebSearchSection } from '../web-search/WebSearchSection';
import { SpeechSection } from '../voice/SpeechSection';

export function SettingsPage() {
  const { t } = useTranslation('settings');
  return (
    <section className="page settings" aria-labelledby="page-title">
      <PageHeader title={t('title')} />
      <ProvidersSection />
      <FoldersSection />
      <PermissionsSection />
      <WebSearchSection />
      <HotkeysSection />
      <SpeechSection />
      <DesktopCheckSection />
      <ToolbarSection />
      <AppsSection />
      <AppearanceSection />
      <AboutSection />
    </section>
  );
}

function AboutSection() {
  const { t } = useTranslation('settings');
  const { useAppStore } = useStores();
  const info = useAppStore((s) => s.info);
  const error = useAppStore((s) => s.error);
  return (
    <section className="panel" aria-labelledby="about-title">
      <h2 id="about-title">{t('about.title')}</h2>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {info ? (
        <dl className="facts">
          <dt>{t('about.version')}</dt>
          <dd>{info.version}</dd>
          <dt>{t('about.running')}</dt>
          <dd>{info.runtime === 'electron' ? t('about.desktop') : t('about.headless')}</dd>
          <dt>{t('about.platform')}</dt>
          <dd>{t(`about.platforms.${info.platform}`, { defaultValue: info.platform })}</dd>
          <dt>{t('about.dataDir')}</dt>
          <dd>
            <code>{info.dataDir}</code>
          </dd>
        </dl>
      ) : (
        !error && <p className="muted">{t('about.loading')}</p>
      )}
    </section>
  );
}
