import { app } from 'electron';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { englishText } from '../core/i18n/desktop-text';

// The lifecycle in index.ts runs at import, so each test imports it afresh against one fake `app`.
const fake = vi.hoisted(() => {
  const calls: string[] = [];
  return {
    calls,
    lock: true,
    isPackaged: false,
    ready: Promise.resolve(),
    startApp: (): unknown => undefined,
  };
});

vi.mock('electron', async () => {
  const { EventEmitter } = await import('node:events');
  const app = Object.assign(new EventEmitter(), {
    enableSandbox: () => void fake.calls.push('enableSandbox'),
    setPath: (name: string, value: string) => void fake.calls.push(`setPath ${name} ${value}`),
    requestSingleInstanceLock: () => fake.lock,
    whenReady: () => fake.ready.then(() => void fake.calls.push('ready')),
    quit: () => void fake.calls.push('quit'),
    exit: (code: number) => void fake.calls.push(`exit ${code}`),
    isReady: () => true,
    setAppUserModelId: (id: string) => void fake.calls.push(`appUserModelId ${id}`),
    commandLine: {
      appendSwitch: (name: string, value: string) => void fake.calls.push(`appendSwitch ${name} ${value}`),
    },
    setAsDefaultProtocolClient: (scheme: string) => (fake.calls.push(`protocolClient ${scheme}`), true),
  });
  Object.defineProperty(app, 'isPackaged', { get: () => fake.isPackaged });
  return {
    app,
    protocol: { registerSchemesAsPrivileged: () => void fake.calls.push('registerSchemesAsPrivileged') },
    globalShortcut: {
      register: (accelerator: string) => (fake.calls.push(`register ${accelerator}`), true),
      unregister: (accelerator: string) => void fake.calls.push(`unregister ${accelerator}`),
      isRegistered: () => false,
    },
    dialog: {
      showErrorBox: (title: string, message: string) => void fake.calls.push(`dialog ${title}: ${message}`),
      showMessageBox: (options: { title: string; detail: string }) => {
        fake.calls.push(`messageBox ${options.title}: ${options.detail.split('\n').at(-1)}`);
        return Promise.resolve({ response: 0 });
      },
    },
  };
});
vi.mock('./security', () => ({ hardenWebContents: () => void fake.calls.push('hardenWebContents') }));
vi.mock('./startup', () => ({
  StartupError: class StartupError extends Error {
    constructor(
      readonly title: string,
      message: string,
    ) {
      super(message);
    }
  },
  startApp: () => {
    fake.calls.push('startApp');
    return fake.startApp();
  },
}));

const show = vi.fn();
const stop = vi.fn();
const dispatch = vi.fn(async () => ({ ok: true, value: null }));
const core = {
  dispatch,
  handlers: {
    'skills:list': async () => [
      {
        id: 'translate',
        shadowedBy: null,
        meta: { hotkey: { accelerator: 'Alt+T', display: 'Alt+T' }, enabled: true },
      },
    ],
  },
  events: { subscribe: () => () => undefined, emit: () => undefined },
  settings: { get: () => null },
  i18n: { t: englishText },
};

async function launch() {
  vi.resetModules();
  await import('./index');
  await new Promise((resolve) => setTimeout(resolve, 0)); // let whenReady().then(...) settle
}

beforeEach(() => {
  fake.calls.length = 0;
  fake.lock = true;
  fake.isPackaged = false;
  fake.startApp = () => ({ core, dashboard: { show }, stop });
  dispatch.mockClear();
  app.removeAllListeners();
  show.mockClear();
  stop.mockClear();
  delete process.env.SKILLDECK_DATA_DIR;
  delete process.env.XDG_SESSION_TYPE;
});
afterEach(() => {
  // the handlers index.ts installs on this very process
  (process as unknown as Record<symbol, (() => void) | undefined>)[Symbol.for('skilldeck.processErrors')]?.();
  delete process.env.SKILLDECK_DATA_DIR;
  delete process.env.XDG_SESSION_TYPE;
});

describe('main process lifecycle', () => {
  it('enables the sandbox and registers app:// before ready, then starts', async () => {
    await launch();
    expect(fake.calls).toEqual([
      'enableSandbox',
      'registerSchemesAsPrivileged',
      'ready',
      'startApp',
      'register Alt+T',
    ]);
  });

  it.runIf(process.platform === 'linux')(
    'on Wayland, asks Chromium for the GlobalShortcuts portal before ready',
    async () => {
      process.env.XDG_SESSION_TYPE = 'wayland';
      await launch();
      const portal = fake.calls.indexOf(
        'appendSwitch enable-features GlobalShortcutsPortal,GlobalShortcutsPortalPreferredTrigger',
      );
      expect(fake.calls.filter((call) => call.startsWith('appendSwitch enable-features'))).toHaveLength(1);
      expect(portal).toBeGreaterThanOrEqual(0);
      expect(portal).toBeLessThan(fake.calls.indexOf('ready'));
    },
  );

  it('registers skilldeck:// as a protocol client only when packaged', async () => {
    await launch();
    expect(fake.calls).not.toContain('protocolClient skilldeck');
    fake.isPackaged = true;
    await launch();
    expect(fake.calls).toContain('protocolClient skilldeck');
  });

  it('a second launch with a link or --trigger triggers the skill; open-url too', async () => {
    await launch();
    app.emit('second-instance', {}, ['skilldeck', 'skilldeck://run/polish?instruction=shorter'], '/');
    app.emit('second-instance', {}, ['skilldeck', '--trigger=memo'], '/');
    const preventDefault = vi.fn();
    app.emit('open-url', { preventDefault }, 'skilldeck://run/explain');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(dispatch.mock.calls).toEqual([
      ['trigger:run', { skillId: 'polish', instruction: 'shorter', source: 'link' }],
      ['trigger:run', { skillId: 'memo', source: 'cli' }],
      ['trigger:run', { skillId: 'explain', source: 'link' }],
    ]);
    expect(preventDefault).toHaveBeenCalled();
    expect(show).not.toHaveBeenCalled();
  });

  it('quits at once when another instance holds the lock', async () => {
    fake.lock = false;
    await launch();
    expect(fake.calls).toContain('quit');
    expect(fake.calls).not.toContain('startApp');
    expect(app.listenerCount('second-instance')).toBe(0);
  });

  it('a second launch raises the running dashboard', async () => {
    await launch();
    app.emit('second-instance', {}, ['skilldeck', '--x'], '/home/u');
    expect(show).toHaveBeenCalledTimes(1);
  });

  it('hardens every web contents Electron creates', async () => {
    await launch();
    app.emit('web-contents-created', {}, {});
    expect(fake.calls).toContain('hardenWebContents');
  });

  it('uses SKILLDECK_DATA_DIR as userData before ready', async () => {
    process.env.SKILLDECK_DATA_DIR = '/tmp/skilldeck-e2e';
    await launch();
    expect(fake.calls.indexOf('setPath userData /tmp/skilldeck-e2e')).toBeLessThan(
      fake.calls.indexOf('ready'),
    );
  });

  it('shows a startup failure in a dialog and exits non-zero', async () => {
    const { StartupError } = await import('./startup');
    fake.startApp = () => {
      throw new StartupError(
        'Skilldeck cannot open its database',
        'build it with npm run build:native-electron',
      );
    };
    await launch();
    expect(fake.calls.slice(-2)).toEqual([
      'dialog Skilldeck cannot open its database: build it with npm run build:native-electron',
      'exit 1',
    ]);
  });

  it('stays in the tray when the last window closes, and stops the core on quit', async () => {
    await launch();
    app.emit('window-all-closed');
    expect(fake.calls).not.toContain('quit');
    app.emit('will-quit');
    expect(stop).toHaveBeenCalledTimes(1);
    expect(fake.calls).toContain('unregister Alt+T');
  });

  it('logs an uncaught exception and an unhandled rejection on one line, and tells the user without quitting', async () => {
    await launch();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const exception = process.listeners('uncaughtException').at(-1)!;
      const rejection = process.listeners('unhandledRejection').at(-1)!;
      exception(new Error('the tray broke'), 'uncaughtException');
      rejection(new Error('a paste failed'), Promise.resolve());
      expect(errors.mock.calls).toEqual([
        [
          expect.stringMatching(
            /^\[skilldeck\] uncaught exception \(Skilldeck keeps running\): Error: the tray broke/,
          ),
        ],
        [expect.stringMatching(/^\[skilldeck\] unhandled promise rejection: Error: a paste failed/)],
      ]);
      expect(fake.calls.filter((c) => c.startsWith('messageBox'))).toEqual([
        expect.stringMatching(/^messageBox Skilldeck hit an unexpected error: Error: the tray broke/),
      ]);
      expect(fake.calls).not.toContain('exit 1');
      expect(fake.calls).not.toContain('quit');
    } finally {
      errors.mockRestore();
    }
  });

  it('on Windows sets the AppUserModelID at start (notifications show only with one)', async () => {
    const platform = Object.getOwnPropertyDescriptor(process, 'platform')!;
    Object.defineProperty(process, 'platform', { value: 'win32' });
    try {
      fake.isPackaged = true;
      await launch();
      expect(fake.calls[1]).toBe('appUserModelId dev.skilldeck.app');
      expect(fake.calls.indexOf('appUserModelId dev.skilldeck.app')).toBeLessThan(
        fake.calls.indexOf('ready'),
      );
    } finally {
      Object.defineProperty(process, 'platform', platform);
    }
    fake.calls.length = 0;
    await launch();
    expect(fake.calls.filter((c) => c.startsWith('appUserModelId'))).toEqual([]); // elsewhere: nothing
  });
});
