import { useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useStores } from './stores-context';

/** Shown while the link to `skilldeck serve` is down; requests made meanwhile wait for it. */
export function ConnectionBanner() {
  const { t } = useTranslation('app');
  const status = useStores().useConnectionStore((s) => s.status);
  const retryAt = status.state === 'waiting' ? status.retryAt : null;
  const seconds = useSecondsUntil(retryAt);

  if (status.state !== 'waiting' && status.state !== 'closed') return null;
  return (
    <div className="banner" role="status">
      <strong>{t('banner.lost')}</strong>{' '}
      {/* The countdown ticks every second: kept out of the live region so it is not read out each time. */}
      <span aria-hidden={status.state === 'waiting' ? true : undefined}>
        {status.state === 'waiting'
          ? seconds > 0
            ? t('banner.retryIn', { seconds })
            : t('banner.retrying')
          : t('banner.reload')}
      </span>{' '}
      <Trans t={t} i18nKey="banner.restarted" components={{ code: <code /> }} />
    </div>
  );
}

function useSecondsUntil(at: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === null) return;
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, [at]);
  return at === null ? 0 : Math.max(0, Math.ceil((at - now) / 1000));
}
