import { dialog, type BrowserWindow } from 'electron';
import { englishText, type DesktopText } from '../../core/i18n/desktop-text';

/**
 * The core's `pickFolder` (Settings → skill folders → Browse…): the OS folder dialog, attached to the
 * dashboard when it is open. Hidden folders are shown, since skills often live in `~/.claude/skills`.
 */
export function createFolderPicker(parent: () => BrowserWindow | null, t: DesktopText = englishText) {
  return async (title?: string): Promise<string | null> => {
    const options: Electron.OpenDialogOptions = {
      title: title ?? t('folderDialog.title'),
      buttonLabel: t('folderDialog.button'),
      properties: ['openDirectory', 'showHiddenFiles', 'createDirectory'],
    };
    const window = parent();
    const result = window
      ? await dialog.showOpenDialog(window, options)
      : await dialog.showOpenDialog(options);
    return result.canceled ? null : (result.filePaths[0] ?? null);
  };
}
