import { dialog, type BrowserWindow } from 'electron';
import { englishText, type DesktopText } from '../../core/i18n/desktop-text';

/**
 * The core's `saveFile` (a skill card's … › Export…): the OS save dialog for a `.skillpack`, attached to
 * the dashboard when it is open, the pack's name suggested. The core writes the file (atomically).
 */
export function createPackSaver(parent: () => BrowserWindow | null, t: DesktopText = englishText) {
  return async (suggestedName: string): Promise<string | null> => {
    const options: Electron.SaveDialogOptions = {
      title: t('packDialog.title'),
      buttonLabel: t('packDialog.button'),
      defaultPath: suggestedName,
      filters: [{ name: t('packDialog.filter'), extensions: ['skillpack'] }],
      properties: ['showOverwriteConfirmation', 'createDirectory'],
    };
    const window = parent();
    const result = window
      ? await dialog.showSaveDialog(window, options)
      : await dialog.showSaveDialog(options);
    return result.canceled || !result.filePath ? null : result.filePath;
  };
}
