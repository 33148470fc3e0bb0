import { useTranslation } from 'react-i18next';
import { formatWhen, type DateStyle } from '../i18n/dates';

/** A time as every page shows it, in the page's language; to the second on hover. */
export function When({ at, style = 'dateTime' }: { at: number; style?: DateStyle }) {
  const { i18n } = useTranslation();
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return <>—</>;
  return (
    <time dateTime={date.toISOString()} title={formatWhen(date, i18n.language, 'full')}>
      {formatWhen(date, i18n.language, style)}
    </time>
  );
}
