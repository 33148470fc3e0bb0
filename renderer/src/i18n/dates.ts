// The one place the dashboard turns a time into words: Intl in the page's language, one format family
// (medium date, short time) on every page. A test keeps other files from formatting dates themselves.
import i18next from 'i18next';

export type DateStyle = 'dateTime' | 'date' | 'full';

const OPTIONS: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  date: { dateStyle: 'medium' },
  // a tooltip: the same, to the second
  full: { dateStyle: 'full', timeStyle: 'medium' },
};

const formats = new Map<string, Intl.DateTimeFormat>();

function format(language: string, style: DateStyle): Intl.DateTimeFormat {
  const key = `${language}\n${style}`;
  let found = formats.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(language, OPTIONS[style]);
    formats.set(key, found);
  }
  return found;
}

/** A time (ms since the epoch) in words, e.g. "Nov 24, 2026, 8:47 AM" / "2026年11月24日 08:47". */
export function formatWhen(
  at: number | Date,
  language: string = i18next.language,
  style: DateStyle = 'dateTime',
) {
  const date = typeof at === 'number' ? new Date(at) : at;
  if (Number.isNaN(date.getTime())) return '—';
  return format(language || 'en', style).format(date);
}
