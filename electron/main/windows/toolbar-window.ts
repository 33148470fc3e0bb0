// The selection toolbar's window: small, frameless, on top, and never focused — it is shown inactive and
// cannot take the keyboard (focusable: false; a non-activating panel on macOS), so the application the
// text was selected in keeps the focus and the caret. Made once and kept hidden between selections.
import { ipcMain, screen, type BrowserWindow, type IpcMainEvent, type Rectangle } from 'electron';
import { TOOLBAR_CHANNELS } from '../../../shared/ipc/names';
import { toolbarMessages, type ToolbarView } from '../../../shared/ipc/shell';
import { checkSender, type SenderFrame } from '../ipc/sender';
import { receiveShellMessage, sendShellMessage } from '../ipc/shell-messages';
import { APP_ORIGIN } from '../protocol/app-origin';
import { openLockedDownWindow } from './locked-down-window';

export const TOOLBAR_URL = `${APP_ORIGIN}/toolbar.html`;

export interface ToolbarActions {
  run(skillId: string): void;
  more(): void;
  copy(): void;
  /** The window was made as wide as its buttons need: where it is now. */
  fitted?(bounds: Rectangle): void;
}

export class ToolbarWindow {
  private window: BrowserWindow | null = null;
  private loaded: Promise<void> | null = null;

  constructor(private readonly deps: { preloadFile: string; platform: NodeJS.Platform }) {}

  private open(): { window: BrowserWindow; loaded: Promise<void> } {
    if (this.window && !this.window.isDestroyed() && this.loaded)
      return { window: this.window, loaded: this.loaded };
    const window = openLockedDownWindow(
      {
        width: 320,
        height: 40,
        title: 'Skilldeck',
        show: false,
        frame: false,
        focusable: false,
        alwaysOnTop: true,
        skipTaskbar: true,
        resizable: false,
        movable: false,
        fullscreenable: false,
        minimizable: false,
        maximizable: false,
        hasShadow: true,
        // macOS: a non-activating panel, also over full-screen apps
        ...(this.deps.platform === 'darwin' ? { type: 'panel' } : {}),
      },
      this.deps.preloadFile,
    );
    window.setAlwaysOnTop(true, 'pop-up-menu');
    if (this.deps.platform === 'darwin')
      window.setVisibleOnAllWorkspaces(true, { visibleOnFullScreen: true });
    window.on('closed', () => {
      if (this.window === window) {
        this.window = null;
        this.loaded = null;
      }
    });
    const loaded = window.loadURL(TOOLBAR_URL).catch((error: unknown) => {
      console.error('[skilldeck] the selection toolbar failed to load:', error);
      throw error;
    });
    this.window = window;
    this.loaded = loaded;
    return { window, loaded };
  }

  /** Shows `view` at `bounds` without taking the focus. */
  async show(view: ToolbarView, bounds: Rectangle): Promise<void> {
    const { window, loaded } = this.open();
    await loaded;
    if (window.isDestroyed()) return;
    sendShellMessage(window.webContents, TOOLBAR_CHANNELS.view, toolbarMessages.view, view);
    window.setBounds(bounds);
    window.showInactive();
  }

  hide(): void {
    if (this.window && !this.window.isDestroyed() && this.window.isVisible()) this.window.hide();
  }

  /** Binds the page's buttons to `actions`; returns the undo (which also closes the window). */
  bind(actions: ToolbarActions): () => void {
    const run = (event: IpcMainEvent, payload: unknown) => {
      const skillId = receiveShellMessage(toolbarMessages.run, payload);
      if (skillId !== null && this.fromToolbar(event)) actions.run(skillId);
    };
    const more = (event: IpcMainEvent, payload: unknown) => {
      if (receiveShellMessage(toolbarMessages.more, payload) === null) return;
      if (this.fromToolbar(event)) actions.more();
    };
    const copy = (event: IpcMainEvent, payload: unknown) => {
      if (receiveShellMessage(toolbarMessages.copy, payload) === null) return;
      if (this.fromToolbar(event)) actions.copy();
    };
    const fit = (event: IpcMainEvent, payload: unknown) => {
      const width = receiveShellMessage(toolbarMessages.fit, payload);
      if (width === null || !this.fromToolbar(event)) return;
      const bounds = this.fit(width);
      if (bounds) actions.fitted?.(bounds);
    };
    ipcMain.on(TOOLBAR_CHANNELS.fit, fit);
    ipcMain.on(TOOLBAR_CHANNELS.run, run);
    ipcMain.on(TOOLBAR_CHANNELS.more, more);
    ipcMain.on(TOOLBAR_CHANNELS.copy, copy);
    return () => {
      ipcMain.removeListener(TOOLBAR_CHANNELS.run, run);
      ipcMain.removeListener(TOOLBAR_CHANNELS.more, more);
      ipcMain.removeListener(TOOLBAR_CHANNELS.copy, copy);
      ipcMain.removeListener(TOOLBAR_CHANNELS.fit, fit);
      if (this.window && !this.window.isDestroyed()) this.window.close();
      this.window = null;
      this.loaded = null;
    };
  }

  /** As wide as the page needs, still inside the work area (moved left when it would leave it). */
  private fit(width: number): Rectangle | null {
    const window = this.window;
    if (!window || window.isDestroyed()) return null;
    const bounds = window.getBounds();
    const area = screen.getDisplayNearestPoint({ x: bounds.x, y: bounds.y }).workArea;
    const fitted = Math.min(width, area.width);
    const x = Math.max(area.x, Math.min(bounds.x, area.x + area.width - fitted));
    const next = { ...bounds, x, width: fitted };
    window.setBounds(next);
    return next;
  }

  trustedMainFrames(): readonly SenderFrame[] {
    const window = this.window;
    return window && !window.isDestroyed() ? [window.webContents.mainFrame] : [];
  }

  private fromToolbar(event: IpcMainEvent): boolean {
    try {
      return checkSender(event.senderFrame, this.trustedMainFrames()).ok;
    } catch {
      return false; // the frame went away mid-call
    }
  }
}
