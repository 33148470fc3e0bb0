// Showing a result in the floating card, and what happens when it cannot be shown: the user already
// closed that run's card (the presenter does not bring it back), so the result would show nowhere — a
// notification says where it is instead (the run history keeps it).
import type { Card } from '../../platform';
import { englishText, type DesktopText } from '../../i18n/desktop-text';
import type { OutputPorts } from './types';

/** Shows `card`; false (after notifying) when its card was closed and it is on screen nowhere. */
export async function showOrNotify(
  ports: Pick<OutputPorts, 'card' | 'notifier'>,
  card: Card,
  t: DesktopText = englishText,
): Promise<boolean> {
  const shown = await ports.card.show(card);
  if (!shown || shown.shown) return true;
  await ports.notifier.notify(card.title, t('notify.nowhere', { title: card.title })).catch(() => undefined);
  return false;
}
