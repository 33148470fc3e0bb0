import { useTranslation } from 'react-i18next';
import { useNow } from './clock';
import { durationParts, elapsedParts } from './format';

export function Duration({ ms }: { ms: number }) {
  const { t } = useTranslation('runs');
  const { key, values } = durationParts(ms);
  return <>{t(`duration.${key}`, values)}</>;
}

/**
 * The time since `since` (ms since epoch), counting once a second on the shared clock. A leaf: the tick
 * renders only this text, never the step (or its streamed Markdown) around it.
 */
export function Elapsed({ since }: { since: number }) {
  const { t } = useTranslation('runs');
  const now = useNow();
  const { key, values } = elapsedParts(now - since);
  return <>{t(`duration.${key}`, values)}</>;
}
