import { dialog, systemPreferences } from 'electron';
import { englishText, type DesktopText } from '../../core/i18n/desktop-text';

let accessibilityAsked = false;

/**
 * macOS reads selections (and sends keys) through the Accessibility API, which needs the user's consent
 * in System Settings. Explains why once per session, then lets macOS show its own prompt.
 */
export function ensureMacAccessibility(t: DesktopText = englishText): boolean {
  if (systemPreferences.isTrustedAccessibilityClient(false)) return true;
  if (!accessibilityAsked) {
    accessibilityAsked = true;
    dialog.showMessageBoxSync({
      type: 'info',
      title: t('accessibility.title'),
      message: t('accessibility.message'),
      detail: t('accessibility.detail'),
      buttons: [t('accessibility.open')],
    });
    systemPreferences.isTrustedAccessibilityClient(true);
  }
  return false;
}

/** Test hook: the explanation is shown again. */
export function resetAccessibilityPrompt(): void {
  accessibilityAsked = false;
}
