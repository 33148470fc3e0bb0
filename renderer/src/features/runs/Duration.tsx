import { useTranslation } from 'react-i18next';
import { durationParts } from './format';

export function Duration({ ms }: { ms: number }) {
  const { t } = useTranslation('runs');
  const { key, values } = durationParts(ms);
  return <>{t(`duration.${key}`, values)}</>;
}
