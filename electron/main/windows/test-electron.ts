// Test support: the parts of Electron the shell's windows use, as plain objects, for
// `vi.mock('electron', () => import('./test-electron').then((m) => m.fakeElectron()))`.
import { EventEmitter } from 'node:events';
import type { BrowserWindowConstructorOptions, Rectangle } from 'electron';

export class FakeWebContents extends EventEmitter {
  static nextId = 1;
  readonly id = FakeWebContents.nextId++;
  readonly sent: [string, ...unknown[]][] = [];
  readonly mainFrame: { url: string; frameTreeNodeId: number; parent: null };
  constructor() {
    super();
    this.mainFrame = { url: 'about:blank', frameTreeNodeId: this.id * 10, parent: null };
  }
  send(channel: string, ...args: unknown[]): void {
    this.sent.push([channel, ...args]);
  }
  /** What the page received on `channel`, in order. */
  received(channel: string): unknown[] {
    return this.sent.filter(([c]) => c === channel).map(([, payload]) => payload);
  }
  /** The page finished loading `url`. */
  load(url: string): void {
    this.mainFrame.url = url;
    this.emit('did-finish-load');
  }
  /** A key pressed in the page; returns whether the main process swallowed it. */
  press(key: string): boolean {
    let prevented = false;
    this.emit('before-input-event', { preventDefault: () => (prevented = true) }, { type: 'keyDown', key });
    return prevented;
  }
}

export class FakeBrowserWindow extends EventEmitter {
  static created: FakeBrowserWindow[] = [];
  readonly webContents = new FakeWebContents();
  readonly loadedUrls: string[] = [];
  destroyed = false;
  visible = false;
  focused = false;
  bounds: Rectangle;
  alwaysOnTop: unknown[] = [];
  constructor(readonly options: BrowserWindowConstructorOptions) {
    super();
    this.bounds = {
      x: options.x ?? 0,
      y: options.y ?? 0,
      width: options.width ?? 800,
      height: options.height ?? 600,
    };
    FakeBrowserWindow.created.push(this);
  }
  loadURL(url: string): Promise<void> {
    this.loadedUrls.push(url);
    return Promise.resolve();
  }
  isDestroyed() {
    return this.destroyed;
  }
  isVisible() {
    return this.visible;
  }
  show() {
    this.visible = true;
  }
  showInactive() {
    this.visible = true;
  }
  hide() {
    this.visible = false;
  }
  focus() {
    this.focused = true;
  }
  close() {
    if (this.destroyed) return;
    this.destroyed = true;
    this.visible = false;
    this.emit('closed');
  }
  setAlwaysOnTop(...args: unknown[]) {
    this.alwaysOnTop = args;
  }
  allWorkspaces: unknown[] = [];
  setVisibleOnAllWorkspaces(...args: unknown[]) {
    this.allWorkspaces = args;
  }
  getSize() {
    return [this.bounds.width, this.bounds.height];
  }
  setBounds(bounds: Rectangle) {
    this.bounds = bounds;
  }
  getBounds(): Rectangle {
    return { ...this.bounds };
  }
  /** The user dragged an edge. */
  resizeTo(width: number, height: number) {
    this.bounds = { ...this.bounds, width, height };
    this.emit('resize');
  }
}

export const fakeScreen = {
  cursor: { x: 100, y: 100 },
  workArea: { x: 0, y: 0, width: 1920, height: 1040 } as Rectangle,
  getCursorScreenPoint() {
    return { ...fakeScreen.cursor };
  },
  getDisplayNearestPoint() {
    return { workArea: { ...fakeScreen.workArea } };
  },
};

export const fakeIpcMain = new EventEmitter();

/** An IPC message from `contents`' main frame (or another frame, to test the sender check). */
export function sendFromPage(
  channel: string,
  contents: FakeWebContents,
  args: unknown[],
  frame: { url: string; frameTreeNodeId: number; parent: unknown } = contents.mainFrame,
): void {
  fakeIpcMain.emit(channel, { sender: contents, senderFrame: frame }, ...args);
}

export function resetFakes(): void {
  FakeBrowserWindow.created = [];
  fakeIpcMain.removeAllListeners();
  fakeScreen.cursor = { x: 100, y: 100 };
  fakeScreen.workArea = { x: 0, y: 0, width: 1920, height: 1040 };
}

export function fakeElectron() {
  return { BrowserWindow: FakeBrowserWindow, ipcMain: fakeIpcMain, screen: fakeScreen };
}
