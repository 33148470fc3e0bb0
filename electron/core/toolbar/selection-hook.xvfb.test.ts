// The selection toolbar's logic fed by the Node build of selection-hook on a real X server (Xvfb): a
// mouse selection in xterm reaches the controller as selection-hook reports it (text, app, where the
// pointer let go), a click elsewhere and a keystroke hide it, an excluded app and the modifier mode
// show nothing. Xvfb has no window manager, so the test sets _NET_ACTIVE_WINDOW itself (selection-hook
// reads the active window from it, as every EWMH window manager keeps it).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ToolbarMode, ToolbarModifier } from '../../../shared/types/toolbar';
import { missingCommands, startXvfb, type Xvfb } from '../desktop/linux/test-support';
import { followSelectionEvents } from './selection-events';
import { createToolbarController, type ToolbarShown } from './toolbar-controller';
import { sameApp } from './toolbar-rules';
import { loadNodeSelectionHook, type Loaded } from './testing/node-selection-hook';

const missing = missingCommands(['Xvfb', 'xterm', 'xdotool', 'python3']);
const loaded: Loaded = missing.length
  ? { skip: `${missing.join(', ')} not installed (apt-get install -y xvfb xterm xdotool python3)` }
  : loadNodeSelectionHook();
const skipReason = 'skip' in loaded ? ` — SKIPPED: ${loaded.skip}` : '';
if (skipReason) console.warn(`[selection-hook under Xvfb]${skipReason}`);
else if ('from' in loaded) console.info(`[selection-hook under Xvfb] selection-hook: ${loaded.from}`);

/** Sets the root window's _NET_ACTIVE_WINDOW (type WINDOW) through Xlib, as a window manager would. */
const SET_ACTIVE = `
import ctypes, sys
x = ctypes.cdll.LoadLibrary('libX11.so.6')
x.XOpenDisplay.restype = ctypes.c_void_p
x.XDefaultRootWindow.argtypes = [ctypes.c_void_p]; x.XDefaultRootWindow.restype = ctypes.c_ulong
x.XInternAtom.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]; x.XInternAtom.restype = ctypes.c_ulong
x.XChangeProperty.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_int, ctypes.c_int, ctypes.c_void_p, ctypes.c_int]
x.XCloseDisplay.argtypes = [ctypes.c_void_p]
d = x.XOpenDisplay(None)
if not d: sys.exit('cannot open the display')
win = ctypes.c_ulong(int(sys.argv[1]))
x.XChangeProperty(d, x.XDefaultRootWindow(d), x.XInternAtom(d, b'_NET_ACTIVE_WINDOW', 0), 33, 32, 0, ctypes.byref(win), 1)
x.XCloseDisplay(d)
`;

describe.skipIf(skipReason !== '')(`selection-hook → the toolbar, under Xvfb${skipReason}`, () => {
  let xvfb: Xvfb;
  let xterm: ChildProcess;
  let hook: InstanceType<Extract<Loaded, { hook: unknown }>['hook']>;
  const env = () => ({ ...process.env, DISPLAY: xvfb.display });
  const xdotool = (...args: string[]) => {
    const run = spawnSync('xdotool', args, { env: env(), encoding: 'utf8', timeout: 10_000 });
    if (run.status !== 0) throw new Error(`xdotool ${args.join(' ')}: ${run.stderr}`);
    return run.stdout.trim();
  };
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  beforeAll(async () => {
    xvfb = await startXvfb();
    process.env.DISPLAY = xvfb.display;
    // a fixed-size xterm in the top-left corner showing one known line
    xterm = spawn(
      'xterm',
      ['-geometry', '80x10+0+0', '-e', 'bash', '-c', 'echo hello selection world; exec sleep 600'],
      { env: env(), stdio: 'ignore' },
    );
    let window = '';
    await vi.waitFor(() => (window = xdotool('search', '--class', 'xterm').split('\n')[0]!), {
      timeout: 10_000,
      interval: 100,
    });
    const set = spawnSync('python3', ['-c', SET_ACTIVE, window], { env: env(), encoding: 'utf8' });
    if (set.status !== 0)
      throw new Error(
        `could not set _NET_ACTIVE_WINDOW (${String(set.status ?? set.signal)}): ${set.stderr}${String(set.error ?? '')}`,
      );
    const Hook = (loaded as Extract<Loaded, { hook: unknown }>).hook;
    hook = new Hook();
    expect(hook.start({ enableClipboard: false, selectionPassiveMode: true })).toBe(true);
    await pause(300); // the text drawn
  }, 240_000);

  afterAll(async () => {
    hook?.cleanup();
    xterm?.kill();
    await xvfb?.stop();
  });

  /** A controller over the real hook, with what it showed and hid. */
  function follow(mode: ToolbarMode, options: { modifier?: ToolbarModifier; excluded?: string[] } = {}) {
    const log: (ToolbarShown | 'hide')[] = [];
    const controller = createToolbarController({
      state: () => ({ mode, modifier: options.modifier ?? 'ctrl' }),
      excluded: (app) => (options.excluded ?? []).some((e) => sameApp(e, app)),
      size: () => ({ width: 240, height: 40 }),
      workAreaAt: () => ({ x: 0, y: 0, width: 1280, height: 800 }),
      cursor: () => ({ x: 0, y: 0 }),
      show: (shown) => log.push(shown),
      hide: () => log.push('hide'),
    });
    const stop = followSelectionEvents(hook, controller, { selections: mode !== 'hotkey' });
    return { log, controller, stop };
  }

  /** Drags across the first line of the xterm, as a user selecting with the mouse. */
  async function dragSelect(modifier?: string) {
    xdotool('mousemove', '5', '6');
    await pause(50);
    if (modifier) xdotool('keydown', modifier);
    xdotool('mousedown', '1');
    for (const x of [30, 60, 90, 120]) {
      await pause(30);
      xdotool('mousemove', String(x), '7');
    }
    await pause(30);
    xdotool('mouseup', '1');
    if (modifier) xdotool('keyup', modifier);
  }

  it('a selection shows the toolbar below where the pointer let go, with the text and the app', async () => {
    const { log, controller, stop } = follow('selection');
    try {
      await dragSelect();
      await vi.waitFor(() => expect(log).toHaveLength(1), { timeout: 5000, interval: 50 });
      const shown = log[0] as ToolbarShown;
      expect(shown.selection).toMatchObject({
        text: expect.stringMatching(/^hello sel/),
        app: 'xterm',
        method: 'primary',
      });
      expect(shown.selection.anchor).toEqual({ x: 120, y: 7 });
      expect(shown.bounds).toEqual({ x: 108, y: 21, width: 240, height: 40 });

      // a click on the toolbar itself keeps it, one elsewhere hides it
      xdotool('mousemove', '200', '30', 'click', '1');
      await pause(300);
      expect(controller.shown()).not.toBeNull();
      xdotool('mousemove', '600', '500', 'click', '1');
      await vi.waitFor(() => expect(log.at(-1)).toBe('hide'), { timeout: 5000, interval: 50 });

      // selected again, then a keystroke hides it
      await dragSelect();
      await vi.waitFor(() => expect(controller.shown()).not.toBeNull(), { timeout: 5000, interval: 50 });
      xdotool('key', 'Escape');
      await vi.waitFor(() => expect(controller.shown()).toBeNull(), { timeout: 5000, interval: 50 });
    } finally {
      stop();
    }
  });

  it('an excluded app (xterm) shows nothing', async () => {
    const { log, stop } = follow('selection', { excluded: ['XTerm'] });
    try {
      await dragSelect();
      await pause(1200);
      expect(log.filter((l) => l !== 'hide')).toEqual([]);
    } finally {
      stop();
    }
  });

  it('the modifier mode: nothing without the key, the toolbar with it held while selecting', async () => {
    const { log, stop } = follow('modifier', { modifier: 'shift' });
    try {
      await dragSelect();
      await pause(1200);
      expect(log.filter((l) => l !== 'hide')).toEqual([]);
      await dragSelect('shift');
      await vi.waitFor(() => expect(log.filter((l) => l !== 'hide')).toHaveLength(1), {
        timeout: 5000,
        interval: 50,
      });
    } finally {
      stop();
    }
  });

  it('the launcher-key mode and off: selections are not even reported (passive mode)', async () => {
    const selections: unknown[] = [];
    const listener = (data: unknown) => selections.push(data);
    hook.on('text-selection', listener as never);
    const { stop } = follow('hotkey');
    try {
      await dragSelect();
      await pause(1200);
      expect(selections).toEqual([]);
    } finally {
      stop();
      hook.removeListener('text-selection', listener as never);
    }
  });
});
