import type { EventEmitter } from 'node:events';
import type { BrowserWindowConstructorOptions } from 'electron';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DashboardWindows } from './dashboard-window';

const created = vi.hoisted(() => [] as FakeWindow[]);

interface FakeWindow {
  options: BrowserWindowConstructorOptions;
  loadURL: ReturnType<typeof vi.fn>;
  focus: ReturnType<typeof vi.fn>;
  destroyed: boolean;
  webContents: EventEmitter & {
    mainFrame: { url: string; frameTreeNodeId: number; parent: null };
    send: () => void;
  };
}

const answers = vi.hoisted(() => ({ next: 1, asked: [] as unknown[] }));

vi.mock('electron', async () => {
  const { EventEmitter: Emitter } = await import('node:events');
  class BrowserWindow extends Emitter {
    destroyed = false;
    readonly loadURL = vi.fn(async (_url: string) => undefined);
    readonly focus = vi.fn();
    readonly webContents = Object.assign(new Emitter(), {
      mainFrame: { url: 'app://skilldeck/index.html', frameTreeNodeId: created.length + 1, parent: null },
      send: () => undefined,
    });
    constructor(readonly options: BrowserWindowConstructorOptions) {
      super();
      created.push(this as unknown as FakeWindow);
    }
    isDestroyed() {
      return this.destroyed;
    }
    isMinimized() {
      return false;
    }
    restore() {}
    show() {}
  }
  const dialog = {
    showMessageBoxSync: (_window: unknown, options: unknown) => {
      answers.asked.push(options);
      return answers.next;
    },
  };
  return { BrowserWindow, dialog };
});

beforeEach(() => {
  created.length = 0;
});

describe('DashboardWindows', () => {
  it('opens the dashboard sandboxed, isolated, without Node, on app://skilldeck with our preload', () => {
    new DashboardWindows('/repo/out/preload/index.cjs').show();
    expect(created).toHaveLength(1);
    const window = created[0]!;
    expect(window.options.webPreferences).toMatchObject({
      preload: '/repo/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      disableBlinkFeatures: 'Auxclick',
    });
    expect(window.loadURL).toHaveBeenCalledWith('app://skilldeck/index.html');
  });

  it('asks before closing over unsaved edits: Leave lets the page unload, Stay keeps it', () => {
    new DashboardWindows('/p.cjs').show();
    const contents = created[0]!.webContents;
    const unload = () => {
      const event = { preventDefault: vi.fn() };
      contents.emit('will-prevent-unload', event);
      return event.preventDefault.mock.calls.length > 0;
    };
    answers.next = 1; // Stay
    expect(unload()).toBe(false);
    answers.next = 0; // Leave
    expect(unload()).toBe(true);
    expect(answers.asked[0]).toMatchObject({ buttons: ['Leave', 'Stay'], defaultId: 1, cancelId: 1 });
  });

  it('keeps one window: showing again focuses it, and a closed one is replaced', () => {
    const windows = new DashboardWindows('/p.cjs');
    windows.show();
    windows.show();
    expect(created).toHaveLength(1);
    expect(created[0]!.focus).toHaveBeenCalled();

    created[0]!.destroyed = true;
    (created[0] as unknown as EventEmitter).emit('closed');
    windows.show();
    expect(created).toHaveLength(2);
  });

  it('trusts and notifies only the live window', () => {
    const windows = new DashboardWindows('/p.cjs');
    expect(windows.trustedMainFrames()).toEqual([]);
    windows.show();
    expect(windows.trustedMainFrames()).toEqual([created[0]!.webContents.mainFrame]);
    expect(windows.eventTargets()).toEqual([created[0]!.webContents]);
    created[0]!.destroyed = true;
    expect(windows.trustedMainFrames()).toEqual([]);
    expect(windows.eventTargets()).toEqual([]);
  });
});
