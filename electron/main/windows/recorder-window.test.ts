import type { BrowserWindow, WebContents } from 'electron';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { microphoneAllowed } from './microphone-permission';
import { recorderBounds, recorderUrl, RecorderWindow } from './recorder-window';
import { FakeBrowserWindow, resetFakes } from './test-electron';

vi.mock('electron', () => import('./test-electron').then((m) => m.fakeElectron()));

/** The fake window, able to run the page's scripts (recorded). */
class RecorderFake extends FakeBrowserWindow {
  readonly scripts: string[] = [];
  constructor(options: ConstructorParameters<typeof FakeBrowserWindow>[0]) {
    super(options);
    Object.assign(this.webContents, {
      executeJavaScript: (code: string) => (this.scripts.push(code), Promise.resolve()),
    });
  }
}

function rig() {
  const opened: RecorderFake[] = [];
  const ended: string[] = [];
  const recorder = new RecorderWindow({
    preloadFile: '/app/preload/index.cjs',
    workArea: () => ({ x: 0, y: 0, width: 1920, height: 1040 }),
    open: (options, preload) => {
      expect(preload).toBe('/app/preload/index.cjs');
      const window = new RecorderFake(options);
      opened.push(window);
      return window as unknown as BrowserWindow;
    },
  });
  recorder.onEnded(() => ended.push('ended'));
  return { recorder, opened, ended };
}

beforeEach(() => resetFakes());

describe('the recording indicator', () => {
  it('opens without taking the keyboard, over everything, at the bottom centre, on its page', () => {
    const { recorder, opened } = rig();
    expect(recorder.start({ skillId: 'dictate' })).toBe(true);
    expect(recorder.start({ skillId: 'translate' })).toBe(false); // one at a time
    const [window] = opened;
    expect(window!.options).toMatchObject({ focusable: false, frame: false, skipTaskbar: true, show: false });
    expect(window!.alwaysOnTop).toEqual([true, 'screen-saver']);
    expect(window!.bounds).toEqual(recorderBounds({ x: 0, y: 0, width: 1920, height: 1040 }));
    expect(window!.loadedUrls).toEqual(['app://skilldeck/index.html#/record?skill=dictate&then=trigger']);
    window!.emit('ready-to-show');
    expect(window!.visible).toBe(true);
    expect(window!.focused).toBe(false);
  });

  it('the microphone only for its page, while it is open', () => {
    const { recorder, opened, ended } = rig();
    recorder.start({ skillId: 'dictate' });
    const contents = opened[0]!.webContents;
    const ask = () =>
      microphoneAllowed(contents, {
        permission: 'media',
        mediaTypes: ['audio'],
        url: 'app://skilldeck/index.html#/record',
      });
    expect(ask()).toBe(true);
    opened[0]!.close();
    expect(ask()).toBe(false);
    expect(ended).toEqual(['ended']);
    expect(recorder.active).toBe(false);
  });

  it('stop and cancel are keys in the page; its calls end its work', async () => {
    vi.useFakeTimers();
    const { recorder, opened } = rig();
    recorder.start({ skillId: 'translate' });
    recorder.stop();
    recorder.cancel();
    const window = opened[0]!;
    expect(window.scripts).toEqual([
      "window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }))",
      "window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }))",
    ]);
    // another window's call is not its business; its own trigger:run closes it
    recorder.observe('trigger:run', {} as WebContents, { ok: true, value: {} });
    await vi.advanceTimersByTimeAsync(1000);
    expect(window.destroyed).toBe(false);
    recorder.observe('trigger:run', window.webContents as unknown as WebContents, { ok: true, value: {} });
    await vi.advanceTimersByTimeAsync(1000);
    expect(window.destroyed).toBe(true);
    vi.useRealTimers();
  });

  it('an instruction said for the command bar comes back as text', async () => {
    vi.useFakeTimers();
    const { recorder, opened } = rig();
    const heard: string[] = [];
    recorder.start({ returnText: (text) => heard.push(text) });
    const window = opened[0]!;
    expect(window.loadedUrls[0]).toBe(recorderUrl({ returnText: () => undefined }));
    expect(window.loadedUrls[0]).toMatch(/#\/record\?then=return$/);
    recorder.observe('speech:finish', window.webContents as unknown as WebContents, {
      ok: true,
      value: { text: 'make it shorter' },
    });
    expect(heard).toEqual(['make it shorter']);
    await vi.advanceTimersByTimeAsync(1000);
    expect(window.destroyed).toBe(true);
    vi.useRealTimers();
  });
});
