import { ipcMain, screen, type BrowserWindow, type IpcMainEvent, type Rectangle } from 'electron';
import type { CommandBarPort } from '../../core/platform';
import { englishText, type DesktopText } from '../../core/i18n/desktop-text';
import { APP_ORIGIN } from '../protocol/app-origin';
import { openLockedDownWindow } from './locked-down-window';
import { checkSender, type SenderFrame } from '../ipc/sender';
import { COMMAND_BAR_CHANNELS } from '../../../shared/ipc/names';
import { commandBarMessages, type CommandBarContext } from '../../../shared/ipc/shell';
import { receiveShellMessage, sendShellMessage } from '../ipc/shell-messages';
import { captureLine, describeCapture } from './shell-words';

export const COMMAND_BAR_URL = `${APP_ORIGIN}/command-bar.html`;
const BAR_SIZE = { width: 620, height: 132 };
/** The contract's limit for an instruction (shared/types/desktop.ts TriggerInput). */
const MAX_INSTRUCTION = 100_000;

type AskRequest = Parameters<CommandBarPort['ask']>[0];

/** Centred horizontally on the work area of the display under the pointer, a quarter of the way down. */
export function placeCommandBar(workArea: Rectangle): Rectangle {
  const width = Math.min(BAR_SIZE.width, workArea.width);
  return {
    x: Math.round(workArea.x + (workArea.width - width) / 2),
    y: Math.round(workArea.y + workArea.height / 4),
    width,
    height: BAR_SIZE.height,
  };
}

interface Pending {
  window: BrowserWindow;
  resolve: (answer: string | null) => void;
}

/**
 * The command bar (CommandBarPort): a small frameless window that takes the keyboard. Enter answers with
 * the text, Esc, closing it or clicking elsewhere answers null. One at a time: a new question dismisses
 * the open one.
 */
export class CommandBar implements CommandBarPort {
  private pending: Pending | null = null;

  constructor(private readonly deps: { preloadFile: string; focusApp?: () => void; text?: DesktopText }) {}

  ask(request: AskRequest): Promise<string | null> {
    this.finish(null);
    const t = this.deps.text ?? englishText;
    const captured = describeCapture(request.captured);
    const context: CommandBarContext = {
      title: request.title,
      placeholder: request.placeholder,
      captured,
      labels: {
        lang: t('lang'),
        instruction: t('commandBar.instruction'),
        captured: captureLine(captured, t),
      },
    };
    const cursor = screen.getCursorScreenPoint();
    const window = openLockedDownWindow(
      {
        ...placeCommandBar(screen.getDisplayNearestPoint(cursor).workArea),
        title: 'Skilldeck',
        show: false,
        frame: false,
        alwaysOnTop: true,
        skipTaskbar: true,
        resizable: false,
        fullscreenable: false,
        minimizable: false,
        maximizable: false,
      },
      this.deps.preloadFile,
    );
    return new Promise((resolve) => {
      this.pending = { window, resolve };
      window.setAlwaysOnTop(true, 'pop-up-menu');
      window.webContents.on('did-finish-load', () => {
        if (window.isDestroyed()) return;
        sendShellMessage(
          window.webContents,
          COMMAND_BAR_CHANNELS.context,
          commandBarMessages.context,
          context,
        );
        this.deps.focusApp?.();
        window.show();
        window.focus();
      });
      window.webContents.on('before-input-event', (event, input) => {
        if (input.type === 'keyDown' && input.key === 'Escape') {
          event.preventDefault();
          this.finishFrom(window, null);
        }
      });
      window.on('blur', () => this.finishFrom(window, null));
      window.on('closed', () => this.finishFrom(window, null));
      void window.loadURL(COMMAND_BAR_URL).catch((error: unknown) => {
        console.error('[skilldeck] the command bar failed to load:', error);
        this.finishFrom(window, null);
      });
    });
  }

  /** Binds the page's submit and cancel; returns the undo. */
  bind(): () => void {
    const submit = (event: IpcMainEvent, payload: unknown) => {
      const text = receiveShellMessage(commandBarMessages.submit, payload);
      if (text === null || !this.fromOpenBar(event)) return;
      this.finish(text.slice(0, MAX_INSTRUCTION));
    };
    const cancel = (event: IpcMainEvent, payload: unknown) => {
      if (receiveShellMessage(commandBarMessages.cancel, payload) === null) return;
      if (this.fromOpenBar(event)) this.finish(null);
    };
    ipcMain.on(COMMAND_BAR_CHANNELS.submit, submit);
    ipcMain.on(COMMAND_BAR_CHANNELS.cancel, cancel);
    return () => {
      ipcMain.removeListener(COMMAND_BAR_CHANNELS.submit, submit);
      ipcMain.removeListener(COMMAND_BAR_CHANNELS.cancel, cancel);
      this.finish(null);
    };
  }

  trustedMainFrames(): readonly SenderFrame[] {
    const window = this.pending?.window;
    return window && !window.isDestroyed() ? [window.webContents.mainFrame] : [];
  }

  private fromOpenBar(event: IpcMainEvent): boolean {
    try {
      return checkSender(event.senderFrame, this.trustedMainFrames()).ok;
    } catch {
      return false; // the frame went away mid-call
    }
  }

  private finishFrom(window: BrowserWindow, answer: string | null): void {
    if (this.pending?.window === window) this.finish(answer);
  }

  private finish(answer: string | null): void {
    const pending = this.pending;
    if (!pending) return;
    this.pending = null;
    pending.resolve(answer);
    if (!pending.window.isDestroyed()) pending.window.close();
  }
}
