import { useEffect, useState } from 'react';
import { useStores } from './stores-context';

/** Shown while the link to `skilldeck serve` is down; requests made meanwhile wait for it. */
export function ConnectionBanner() {
  const status = useStores().useConnectionStore((s) => s.status);
  const retryAt = status.state === 'waiting' ? status.retryAt : null;
  const seconds = useSecondsUntil(retryAt);

  if (status.state !== 'waiting' && status.state !== 'closed') return null;
  return (
    <div className="banner" role="status">
      <strong>Lost the connection to the Skilldeck host.</strong>{' '}
      {/* The countdown ticks every second: kept out of the live region so it is not read out each time. */}
      <span aria-hidden={status.state === 'waiting' ? true : undefined}>
        {status.state === 'waiting'
          ? seconds > 0
            ? `Trying again in ${seconds} s.`
            : 'Trying again…'
          : 'Reload the page to reconnect.'}
      </span>{' '}
      If you restarted <code>skilldeck serve</code>, open the new URL it printed.
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
