import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CoreOptions } from '../core/core';
import { startApp, StartupError } from './startup';

const state = vi.hoisted(() => ({
  appPath: '',
  coreOptions: [] as unknown[],
  coreError: null as Error | null,
  served: [] as string[],
  shown: 0,
  shellStarted: 0,
  shellStopped: 0,
  shellPorts: { card: 'the shell card' },
}));

vi.mock('electron', () => ({
  app: {
    isPackaged: false,
    getAppPath: () => state.appPath,
    getPath: () => path.join(state.appPath, 'user-data'),
    getVersion: () => '1.2.3',
    getLocale: () => 'zh-CN',
  },
  session: { defaultSession: {} },
}));
vi.mock('./security', () => ({ denyAllPermissions: () => undefined }));
vi.mock('./protocol/app-scheme', () => ({ serveRenderer: (dir: string) => void state.served.push(dir) }));
vi.mock('./ipc/bind-contract', () => ({ bindContract: () => () => undefined }));
vi.mock('./shell', () => ({
  createDesktopShell: () => ({
    ports: state.shellPorts,
    start: () => void (state.shellStarted += 1),
    stop: () => void (state.shellStopped += 1),
  }),
}));
vi.mock('./windows/dashboard-window', () => ({
  DashboardWindows: class {
    show() {
      state.shown += 1;
    }
  },
}));
vi.mock('../core/core', () => ({
  createCore: (options: unknown) => {
    state.coreOptions.push(options);
    if (state.coreError) throw state.coreError;
    return { close: () => undefined };
  },
}));

const nativeFile = () => path.join(state.appPath, 'build-electron', 'better_sqlite3.node');

beforeEach(() => {
  state.appPath = fs.mkdtempSync(path.join(os.tmpdir(), 'skilldeck-startup-'));
  state.coreOptions = [];
  state.coreError = null;
  state.served = [];
  state.shown = 0;
  state.shellStarted = 0;
  state.shellStopped = 0;
});
afterEach(() => fs.rmSync(state.appPath, { recursive: true, force: true }));

describe('startApp', () => {
  it("gives the core Electron's own SQLite build, userData and the built-in skills, then opens the dashboard", () => {
    fs.mkdirSync(path.dirname(nativeFile()));
    fs.writeFileSync(nativeFile(), '');
    startApp();
    expect(state.coreOptions).toEqual([
      expect.objectContaining<Partial<CoreOptions>>({
        nativeBinding: nativeFile(),
        dataDir: path.join(state.appPath, 'user-data'),
        skillDirs: [{ dir: path.join(state.appPath, 'skills'), source: 'builtin' }],
        runtime: 'electron',
        version: '1.2.3',
        // the system's language, for the tray, card and dialogs until the dashboard picks one
        locale: 'zh-CN',
        // the desktop shell's ports: card and command bar windows, clipboard, selection, paste, keychain
        ports: state.shellPorts as unknown as CoreOptions['ports'],
      }),
    ]);
    expect(state.served).toHaveLength(1);
    expect(state.shown).toBe(1);
    expect(state.shellStarted).toBe(1);
  });

  it('started at login (--hidden) stays in the tray: no dashboard window; the session goes to the core', () => {
    fs.mkdirSync(path.dirname(nativeFile()));
    fs.writeFileSync(nativeFile(), '');
    startApp({ hidden: true });
    expect(state.shown).toBe(0);
    expect(state.shellStarted).toBe(1);
    expect(state.coreOptions.at(-1)).toMatchObject({ session: { kind: expect.any(String) as string } });
  });

  it('stops before opening the database when the Electron build is missing, saying how to build it', () => {
    expect(() => startApp()).toThrow(StartupError);
    expect(() => startApp()).toThrow(/npm run build:native-electron/);
    expect(state.coreOptions).toEqual([]);
    expect(state.shown).toBe(0);
  });

  it('turns a stale build into the rebuild advice', () => {
    fs.mkdirSync(path.dirname(nativeFile()));
    fs.writeFileSync(nativeFile(), '');
    state.coreError = new Error(
      'was compiled against a different Node.js version using NODE_MODULE_VERSION 140',
    );
    expect(() => startApp()).toThrow(/NODE_MODULE_VERSION 140[\s\S]*npm run build:native-electron/);
    expect(state.shown).toBe(0);
  });
});
