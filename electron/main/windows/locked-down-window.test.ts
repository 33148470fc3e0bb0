import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCKED_DOWN_PREFERENCES, openLockedDownWindow } from './locked-down-window';
import { FakeBrowserWindow, resetFakes } from './test-electron';

vi.mock('electron', () => import('./test-electron').then((m) => m.fakeElectron()));

beforeEach(resetFakes);

describe('the locked-down web preferences', () => {
  it('sandbox every window, isolate its context, and keep Node, <webview> and insecure content out', () => {
    expect(LOCKED_DOWN_PREFERENCES).toMatchObject({
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
    expect(Object.isFrozen(LOCKED_DOWN_PREFERENCES)).toBe(true);
  });

  it('are exactly what a window gets (the literal the Electronegativity scan reads), plus its preload', () => {
    const window = openLockedDownWindow({ width: 300, title: 'T' }, '/out/preload/x.cjs');
    expect(window).toBeInstanceOf(FakeBrowserWindow);
    expect((window as unknown as FakeBrowserWindow).options).toEqual({
      width: 300,
      title: 'T',
      webPreferences: { ...LOCKED_DOWN_PREFERENCES, preload: '/out/preload/x.cjs' },
    });
  });

  it('cannot be overridden by the window options', () => {
    const sneaky = { webPreferences: { sandbox: false } } as unknown as Parameters<
      typeof openLockedDownWindow
    >[0];
    const window = openLockedDownWindow(sneaky, '/p.cjs') as unknown as FakeBrowserWindow;
    expect(window.options.webPreferences).toEqual({ ...LOCKED_DOWN_PREFERENCES, preload: '/p.cjs' });
  });
});
