// The selection toolbar's window against a fake Electron: opened locked down, never focused, reused;
// its page's buttons reach the actions only from that very window, and only with a valid message.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOOLBAR_CHANNELS } from '../../../shared/ipc/names';
import type { ToolbarView } from '../../../shared/ipc/shell';
import { TOOLBAR_URL, ToolbarWindow, type ToolbarActions } from './toolbar-window';
import { FakeBrowserWindow, FakeWebContents, fakeScreen, resetFakes, sendFromPage } from './test-electron';

vi.mock('electron', () => import('./test-electron').then((m) => m.fakeElectron()));

const VIEW: ToolbarView = {
  skills: [{ id: 'polish', name: 'Polish', emoji: '✨', hint: 'Run Polish on the selection' }],
  labels: { lang: 'en', toolbar: 'Selection toolbar', more: 'More', copy: 'Copy', copyHint: 'Copy it' },
};
const BOUNDS = { x: 10, y: 20, width: 200, height: 40 };

let calls: unknown[];
let unbind: () => void;
let toolbar: ToolbarWindow;
const actions: ToolbarActions = {
  run: (id) => void calls.push(['run', id]),
  more: () => void calls.push('more'),
  copy: () => void calls.push('copy'),
  fitted: (bounds) => void calls.push(['fitted', bounds]),
};

beforeEach(() => {
  resetFakes();
  calls = [];
  toolbar = new ToolbarWindow({ preloadFile: '/out/preload/toolbar.cjs', platform: 'linux' });
  unbind = toolbar.bind(actions);
});
afterEach(() => unbind());

describe('ToolbarWindow', () => {
  it('shows inactive, unfocusable, on top, at the bounds given, with the view; reuses the window', async () => {
    await toolbar.show(VIEW, BOUNDS);
    const [window] = FakeBrowserWindow.created;
    expect(window!.options).toMatchObject({ focusable: false, frame: false, show: false, skipTaskbar: true });
    expect(window!.options.webPreferences).toMatchObject({
      preload: '/out/preload/toolbar.cjs',
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
    });
    expect(window!.loadedUrls).toEqual([TOOLBAR_URL]);
    expect(window!.visible).toBe(true);
    expect(window!.focused).toBe(false);
    expect(window!.bounds).toEqual(BOUNDS);
    expect(window!.webContents.received(TOOLBAR_CHANNELS.view)).toEqual([VIEW]);

    toolbar.hide();
    expect(window!.visible).toBe(false);
    await toolbar.show(VIEW, { ...BOUNDS, x: 500 });
    expect(FakeBrowserWindow.created).toHaveLength(1);
    expect(window!.bounds.x).toBe(500);
  });

  it('a view that breaks its schema is not sent', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await toolbar.show({ ...VIEW, skills: [{ id: 'x' }] } as never, BOUNDS);
    expect(FakeBrowserWindow.created[0]!.webContents.received(TOOLBAR_CHANNELS.view)).toEqual([]);
    spy.mockRestore();
  });

  it("the page's buttons reach the actions; another window's, another frame's or a bad message do not", async () => {
    await toolbar.show(VIEW, BOUNDS);
    const page = FakeBrowserWindow.created[0]!.webContents;
    page.load(TOOLBAR_URL);
    sendFromPage(TOOLBAR_CHANNELS.run, page, ['polish']);
    sendFromPage(TOOLBAR_CHANNELS.more, page, []);
    sendFromPage(TOOLBAR_CHANNELS.copy, page, []);
    sendFromPage(TOOLBAR_CHANNELS.run, page, [{ id: 'polish' }]);
    sendFromPage(TOOLBAR_CHANNELS.copy, page, ['extra']);
    const stranger = new FakeWebContents();
    stranger.load(TOOLBAR_URL);
    sendFromPage(TOOLBAR_CHANNELS.run, stranger, ['polish']);
    sendFromPage(TOOLBAR_CHANNELS.run, page, ['polish'], {
      url: TOOLBAR_URL,
      frameTreeNodeId: 999,
      parent: {},
    });
    expect(calls).toEqual([['run', 'polish'], 'more', 'copy']);
  });

  it('made as wide as the page says its buttons need, kept inside the work area', async () => {
    fakeScreen.workArea = { x: 0, y: 0, width: 1000, height: 800 };
    await toolbar.show(VIEW, { x: 900, y: 20, width: 90, height: 40 });
    const window = FakeBrowserWindow.created[0]!;
    window.webContents.load(TOOLBAR_URL);
    sendFromPage(TOOLBAR_CHANNELS.fit, window.webContents, [180]);
    expect(window.bounds).toEqual({ x: 820, y: 20, width: 180, height: 40 });
    // the controller is told, so a click on the wider part is the toolbar's own
    expect(calls).toEqual([['fitted', { x: 820, y: 20, width: 180, height: 40 }]]);
    sendFromPage(TOOLBAR_CHANNELS.fit, window.webContents, [5000]); // refused by the schema
    sendFromPage(TOOLBAR_CHANNELS.fit, window.webContents, [2000 - 500]);
    expect(window.bounds).toEqual({ x: 0, y: 20, width: 1000, height: 40 });
  });

  it('macOS: a panel that also shows over full-screen apps; unbinding closes it', async () => {
    unbind();
    toolbar = new ToolbarWindow({ preloadFile: '/p.cjs', platform: 'darwin' });
    unbind = toolbar.bind(actions);
    await toolbar.show(VIEW, BOUNDS);
    const window = FakeBrowserWindow.created[0]!;
    expect(window.options).toMatchObject({ type: 'panel', focusable: false });
    expect(window.allWorkspaces).toEqual([true, { visibleOnFullScreen: true }]);
    unbind();
    expect(window.destroyed).toBe(true);
    unbind = () => undefined;
  });
});
