import i18next, { type i18n as I18n } from 'i18next';

/** A wait in the page's language: seconds under two minutes, then minutes, then hours (rounded up). */
export function sayDuration(totalSeconds: number, i18n: I18n = i18next): string {
  const seconds = Math.max(1, Math.ceil(totalSeconds));
  if (seconds < 120) return i18n.t('duration.seconds', { ns: 'errors', count: seconds });
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 120) return i18n.t('duration.minutes', { ns: 'errors', count: minutes });
  return i18n.t('duration.hours', { ns: 'errors', count: Math.ceil(minutes / 60) });
}
