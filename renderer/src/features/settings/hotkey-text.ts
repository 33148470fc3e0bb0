import type { TFunction } from 'i18next';
import type { HotkeyStatus } from '../../../../shared/types/desktop';

/**
 * Why a hotkey is not active, in the dashboard's language. The host's `message` is English: it is used
 * only as the detail of an invalid accelerator, and for a state this page does not know yet.
 */
export function hotkeyStatusText(
  h: HotkeyStatus,
  t: TFunction<'settings'>,
  nameOf: (skillId: string) => string,
): string | null {
  if (h.state === 'conflict' && h.conflictWith)
    return t('hotkeys.messages.usedBy', { skill: nameOf(h.conflictWith), accelerator: h.accelerator });
  if (h.state === 'conflict') return t('hotkeys.messages.osRefused');
  if (h.state === 'unsupported') return t('hotkeys.messages.wayland');
  if (h.state === 'invalid') return t('hotkeys.messages.invalid', { detail: h.message ?? '' });
  return h.message;
}
