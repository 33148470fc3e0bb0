import { app } from 'electron';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The lifecycle in index.ts runs at import, so each test imports it afresh against one fake `app`.
const fake = vi.hoisted(() => {
  const calls: string[] = [];
  return {
    calls,
    lock: true,
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
  });
  return {
    app,
    protocol: { registerSchemesAsPrivileged: () => void fake.calls.push('registerSchemesAsPrivileged') },
    dialog: {
      showErrorBox: (title: string, message: string) => void fake.calls.push(`dialog ${title}: ${message}`),
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

async function launch() {
  vi.resetModules();
  await import('./index');
  await new Promise((resolve) => setTimeout(resolve, 0)); // let whenReady().then(...) settle
}

beforeEach(() => {
  fake.calls.length = 0;
  fake.lock = true;
  fake.startApp = () => ({ dashboard: { show }, stop });
  app.removeAllListeners();
  show.mockClear();
  stop.mockClear();
  delete process.env.SKILLDECK_DATA_DIR;
});
afterEach(() => {
  delete process.env.SKILLDECK_DATA_DIR;
});

describe('main process lifecycle', () => {
  it('enables the sandbox and registers app:// before ready, then starts', async () => {
    await launch();
    expect(fake.calls).toEqual(['enableSandbox', 'registerSchemesAsPrivileged', 'ready', 'startApp']);
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

  it('stops the core on quit and quits when the last window closes (except on macOS)', async () => {
    await launch();
    app.emit('window-all-closed');
    expect(fake.calls.at(-1)).toBe(process.platform === 'darwin' ? 'startApp' : 'quit');
    app.emit('will-quit');
    expect(stop).toHaveBeenCalledTimes(1);
  });
});
