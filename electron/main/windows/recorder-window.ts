// The recording indicator: a small window over everything, at the bottom of the screen, that never takes
// the keyboard (the application the user dictates into keeps the focus and its selection). Its page is the
// dashboard's `#/record` (renderer/src/features/voice/RecordingPage.tsx): the microphone is recorded there,
// in the renderer, never here. The main process only opens it, tells it to stop (the key pressed again or
// let go) or to cancel (Esc), and learns from the contract calls it makes when it is done.
import type { BrowserWindow, Rectangle, WebContents } from 'electron';
import { DASHBOARD_URL } from '../protocol/app-origin';
import type { IpcWindows } from '../ipc/bind-contract';
import type { SenderFrame } from '../ipc/sender';
import { openLockedDownWindow } from './locked-down-window';
import { allowMicrophoneFor, dropMicrophoneFor } from './microphone-permission';

export const RECORDER_SIZE = { width: 400, height: 156 } as const;

/** What the recording is for: a skill run as its hotkey would run it, or text handed back (`dictated`). */
export type RecordingPurpose = { skillId: string } | { returnText: (text: string) => void };

export interface RecorderWindowOptions {
  preloadFile: string;
  /** Where the window goes: the bottom centre of the work area under the cursor. */
  workArea: () => Rectangle;
  /** Tests: a stand-in for the window factory. */
  open?: typeof openLockedDownWindow;
  log?: (message: string, error?: unknown) => void;
}

/** Where the indicator sits: centred, a little above the bottom of the work area. */
export function recorderBounds(area: Rectangle): Rectangle {
  return {
    x: Math.round(area.x + (area.width - RECORDER_SIZE.width) / 2),
    y: Math.round(area.y + area.height - RECORDER_SIZE.height - 48),
    ...RECORDER_SIZE,
  };
}

/** The page's address for a purpose (the skill id is a folder name: encoded all the same). */
export function recorderUrl(purpose: RecordingPurpose): string {
  const params = new URLSearchParams(
    'skillId' in purpose ? { skill: purpose.skillId, then: 'trigger' } : { then: 'return' },
  );
  return `${DASHBOARD_URL}#/record?${params.toString()}`;
}

// A key in the page, as the user would press it there: the page stops on Enter and cancels on Esc. The
// window never has the keyboard, so the key is dispatched in the page (a fixed script, no data in it).
const PRESS = (key: 'Enter' | 'Escape') =>
  `window.dispatchEvent(new KeyboardEvent('keydown', { key: '${key}' }))`;

export class RecorderWindow implements IpcWindows {
  private window: BrowserWindow | null = null;
  private purpose: RecordingPurpose | null = null;
  private readonly open: typeof openLockedDownWindow;
  private readonly log: (message: string, error?: unknown) => void;
  private readonly endedListeners: (() => void)[] = [];

  constructor(private readonly options: RecorderWindowOptions) {
    this.open = options.open ?? openLockedDownWindow;
    this.log = options.log ?? ((message, error) => console.error(`[skilldeck] ${message}`, error ?? ''));
  }

  /** Told when a recording ends, whatever ended it (done, cancelled, the window closed). */
  onEnded(listener: () => void): void {
    this.endedListeners.push(listener);
  }

  /** A recording is on (the window is open). */
  get active(): boolean {
    return this.live() !== null;
  }

  /** Opens the indicator, which starts recording at once. One at a time: false when one is on. */
  start(purpose: RecordingPurpose): boolean {
    if (this.live()) return false;
    const window = this.open(
      {
        ...recorderBounds(this.options.workArea()),
        title: 'Skilldeck',
        show: false,
        frame: false,
        resizable: false,
        movable: true,
        minimizable: false,
        maximizable: false,
        fullscreenable: false,
        skipTaskbar: true,
        focusable: false,
        alwaysOnTop: true,
      },
      this.options.preloadFile,
    );
    window.setAlwaysOnTop(true, 'screen-saver');
    window.setVisibleOnAllWorkspaces(true, { visibleOnFullScreen: true });
    allowMicrophoneFor(window.webContents);
    const contents = window.webContents;
    window.once('ready-to-show', () => window.showInactive());
    window.on('closed', () => {
      dropMicrophoneFor(contents);
      if (this.window !== window) return;
      this.window = null;
      this.purpose = null;
      for (const listener of this.endedListeners) listener();
    });
    this.window = window;
    this.purpose = purpose;
    void window.loadURL(recorderUrl(purpose)).catch((error: unknown) => {
      this.log('the recording indicator failed to load', error);
      this.close();
    });
    return true;
  }

  /** Stop and use what was said (the key pressed again, or let go). */
  stop(): void {
    this.press('Enter');
  }

  /** Esc: nothing is transcribed, nothing runs. */
  cancel(): void {
    this.press('Escape');
  }

  close(): void {
    const window = this.live();
    if (window) window.close();
  }

  /**
   * The page's contract calls, seen as bind-contract answers them: the recording handed back (`return`),
   * its skill started, or the recording cancelled, each ends the window's work.
   */
  observe(channel: string, sender: WebContents, result: { ok: boolean; value?: unknown }): void {
    const window = this.live();
    if (!window || sender !== window.webContents) return;
    if (channel === 'speech:discard') return this.closeSoon(600);
    if (!result.ok) return;
    const purpose = this.purpose;
    if (channel === 'speech:finish' && purpose && 'returnText' in purpose) {
      purpose.returnText((result.value as { text: string }).text);
      this.closeSoon(400);
    } else if (channel === 'trigger:run') this.closeSoon(200);
  }

  trustedMainFrames(): readonly SenderFrame[] {
    const window = this.live();
    return window ? [window.webContents.mainFrame] : [];
  }

  eventTargets(): readonly WebContents[] {
    const window = this.live();
    return window ? [window.webContents] : [];
  }

  private closeSoon(ms: number) {
    const window = this.live();
    // long enough for the page to say what happened
    if (window) setTimeout(() => (window.isDestroyed() ? undefined : window.close()), ms);
  }

  private press(key: 'Enter' | 'Escape') {
    const window = this.live();
    if (!window) return;
    window.webContents.executeJavaScript(PRESS(key)).catch((error: unknown) => {
      this.log(`the recording indicator did not take ${key}`, error);
      if (key === 'Escape') this.close();
    });
  }

  private live(): BrowserWindow | null {
    return this.window && !this.window.isDestroyed() ? this.window : null;
  }
}
