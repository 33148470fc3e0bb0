import { dialog, systemPreferences } from 'electron';
import { englishText, type DesktopText } from '../../core/i18n/desktop-text';

let accessibilityAsked = false;

/**
 * macOS reads selections (and sends keys) through the Accessibility API, which needs the user's consent
 * in System Settings. Explains why once per session, then lets macOS show its own prompt. The
 * explanation is the asynchronous message box: the synchronous one would freeze the main process (every
 * card, hotkey and IPC call) until the user answers it.
 */
export function ensureMacAccessibility(t: DesktopText = englishText): boolean {
  if (systemPreferences.isTrustedAccessibilityClient(false)) return true;
  if (!accessibilityAsked) {
    accessibilityAsked = true;
    dialog
      .showMessageBox({
        type: 'info',
        title: t('accessibility.title'),
        message: t('accessibility.message'),
        detail: t('accessibility.detail'),
        buttons: [t('accessibility.open')],
      })
      .then(() => systemPreferences.isTrustedAccessibilityClient(true))
      .catch((error: unknown) => {
        console.warn('[skilldeck] the Accessibility explanation could not be shown:', error);
        systemPreferences.isTrustedAccessibilityClient(true);
      });
  }
  return false;
}

/** Test hook: the explanation is shown again. */
export function resetAccessibilityPrompt(): void {
  accessibilityAsked = false;
}
