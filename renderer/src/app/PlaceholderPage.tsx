import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from './PageHeader';

/** A section that is planned but not built: says what it will hold, and that it is not there yet. */
export function PlaceholderPage({
  title,
  icon,
  children,
}: {
  title: string;
  icon: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('app');
  return (
    <section className="page" aria-labelledby="page-title">
      <PageHeader title={title} />
      <div className="placeholder">
        <div className="placeholder-icon">{icon}</div>
        <p className="placeholder-badge">{t('notBuilt')}</p>
        {children}
      </div>
    </section>
  );
}
