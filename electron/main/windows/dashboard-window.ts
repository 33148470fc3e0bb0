import { dialog, type BrowserWindow, type WebContents } from 'electron';
import { englishText, type DesktopText } from '../../core/i18n/desktop-text';
import { DASHBOARD_URL } from '../protocol/app-origin';
import { openLockedDownWindow } from './locked-down-window';
import type { IpcWindows } from '../ipc/bind-contract';
import type { SenderFrame } from '../ipc/sender';

/** The native question for closing (or quitting) with unsaved edits in the skill editor. */
export function askLeaveWithUnsaved(window: BrowserWindow, t: DesktopText = englishText): 'leave' | 'stay' {
  const choice = dialog.showMessageBoxSync(window, {
    type: 'question',
    buttons: [t('unsaved.leave'), t('unsaved.stay')],
    defaultId: 1,
    cancelId: 1,
    title: t('unsaved.title'),
    message: t('unsaved.message'),
    detail: t('unsaved.detail'),
    noLink: true,
  });
  return choice === 0 ? 'leave' : 'stay';
}

/** The dashboard window: one at a time, reopened on demand (macOS dock, second launch). */
export class DashboardWindows implements IpcWindows {
  private window: BrowserWindow | null = null;

  constructor(
    private readonly preloadFile: string,
    /** The app's words in its language (the close question). */
    private readonly text: DesktopText = englishText,
  ) {}

  /** Shows the dashboard, creating it if needed. */
  show(): BrowserWindow {
    const existing = this.live();
    if (existing) {
      if (existing.isMinimized()) existing.restore();
      existing.show();
      existing.focus();
      return existing;
    }
    const window = openLockedDownWindow(
      {
        width: 1100,
        height: 760,
        minWidth: 720,
        minHeight: 480,
        title: 'Skilldeck',
        show: false,
      },
      this.preloadFile,
    );
    window.once('ready-to-show', () => window.show());
    // The page refuses to unload while a skill has unsaved edits (beforeunload): ask, as a browser would,
    // instead of the window silently staying open (Electron shows nothing by itself).
    window.webContents.on('will-prevent-unload', (event) => {
      if (askLeaveWithUnsaved(window, this.text) === 'leave') event.preventDefault();
    });
    window.on('closed', () => {
      if (this.window === window) this.window = null;
    });
    this.window = window;
    void window.loadURL(DASHBOARD_URL).catch((error: unknown) => {
      console.error('[skilldeck] the dashboard failed to load:', error);
    });
    return window;
  }

  /** The open dashboard window, if any (the parent of its dialogs). */
  current(): BrowserWindow | null {
    return this.live();
  }

  trustedMainFrames(): readonly SenderFrame[] {
    const window = this.live();
    return window ? [window.webContents.mainFrame] : [];
  }

  eventTargets(): readonly WebContents[] {
    const window = this.live();
    return window ? [window.webContents] : [];
  }

  private live(): BrowserWindow | null {
    return this.window && !this.window.isDestroyed() ? this.window : null;
  }
}
