import { describe, expect, it } from 'vitest';
import type { ToolbarMode, ToolbarModifier } from '../../../shared/types/toolbar';
import { createToolbarController, type ToolbarShown } from './toolbar-controller';
import { placeToolbar, sameApp, type SelectionSeen } from './toolbar-rules';
import { readSelection } from './selection-events';

const WORK_AREA = { x: 0, y: 0, width: 1280, height: 800 };
const SIZE = { width: 300, height: 40 };

function setup(mode: ToolbarMode, modifier: ToolbarModifier = 'ctrl', excluded: string[] = []) {
  const log: (ToolbarShown | 'hide')[] = [];
  const state = { mode, modifier };
  const controller = createToolbarController({
    state: () => state,
    excluded: (app) => excluded.some((e) => sameApp(e, app)),
    size: () => SIZE,
    workAreaAt: () => WORK_AREA,
    cursor: () => ({ x: 640, y: 400 }),
    show: (shown) => log.push(shown),
    hide: () => log.push('hide'),
  });
  return { controller, log, state };
}

const seen = (over: Partial<SelectionSeen> = {}): SelectionSeen => ({
  text: 'hello world',
  app: 'gedit',
  method: 'primary',
  anchor: { x: 200, y: 100 },
  ...over,
});

describe('the selection toolbar: when it shows', () => {
  it('off (the default) and hotkey modes: a selection shows nothing', () => {
    for (const mode of ['off', 'hotkey'] as const) {
      const { controller, log } = setup(mode);
      controller.selection(seen());
      expect(log).toEqual([]);
      expect(controller.shown()).toBeNull();
    }
  });

  it('on every selection: shows beside the selection end, with the text it acts on', () => {
    const { controller, log } = setup('selection');
    controller.selection(seen());
    expect(log).toHaveLength(1);
    const shown = log[0] as ToolbarShown;
    expect(shown.selection.text).toBe('hello world');
    expect(shown.bounds).toEqual({ x: 188, y: 114, width: 300, height: 40 });
  });

  it('blank text, and an excluded app (case and .exe aside), show nothing', () => {
    const { controller, log } = setup('selection', 'ctrl', ['KeePassXC', 'Code.exe']);
    controller.selection(seen({ text: '  \n ' }));
    controller.selection(seen({ app: 'keepassxc' }));
    controller.selection(seen({ app: 'code' }));
    expect(log).toEqual([]);
    controller.selection(seen({ app: 'xterm' }));
    expect(log).toHaveLength(1);
  });

  it('modifier mode: only when the modifier was held during the gesture', () => {
    const { controller, log } = setup('modifier', 'alt');
    controller.mouseDown({ x: 10, y: 10 });
    controller.mouseUp();
    controller.selection(seen());
    expect(log).toEqual([]);

    controller.keyDown('Control'); // not the chosen modifier
    controller.mouseDown({ x: 10, y: 10 });
    controller.mouseUp();
    controller.selection(seen());
    expect(log).toEqual([]);
    controller.keyUp('Control');

    // held at mouse-up, released before the selection event arrives: still counts
    controller.keyDown('Alt');
    controller.mouseDown({ x: 10, y: 10 });
    controller.mouseUp();
    controller.keyUp('Alt');
    controller.selection(seen());
    expect(log).toHaveLength(1);

    // the next gesture without it: hidden, not shown again
    controller.mouseDown({ x: 900, y: 700 });
    controller.mouseUp();
    controller.selection(seen());
    expect(log.slice(1)).toEqual(['hide']);
  });

  it('hotkey mode: the launcher key with a selection shows it at the pointer, else the launcher opens', () => {
    const { controller, log } = setup('hotkey', 'ctrl', ['xterm']);
    expect(controller.launcherKey(null)).toBe(false);
    expect(controller.launcherKey(seen({ text: ' ' }))).toBe(false);
    expect(controller.launcherKey(seen({ app: 'XTerm' }))).toBe(false);
    expect(log).toEqual([]);
    expect(controller.launcherKey(seen())).toBe(true);
    expect((log[0] as ToolbarShown).bounds).toMatchObject({ x: 628, y: 414 });

    const other = setup('selection');
    expect(other.controller.launcherKey(seen())).toBe(false);
  });

  it('a change of mode in Settings applies to the next selection', () => {
    const { controller, log, state } = setup('off');
    controller.selection(seen());
    state.mode = 'selection';
    controller.selection(seen());
    expect(log).toHaveLength(1);
  });
});

describe('the selection toolbar: what dismisses it', () => {
  const shownToolbar = () => {
    const s = setup('selection');
    s.controller.selection(seen());
    return s;
  };

  it('a click elsewhere hides it; a click on it does not', () => {
    const { controller, log } = shownToolbar();
    controller.mouseDown({ x: 200, y: 120 }); // inside 188..488 × 114..154
    expect(controller.shown()).not.toBeNull();
    controller.mouseDown({ x: 50, y: 50 });
    expect(controller.shown()).toBeNull();
    expect(log.at(-1)).toBe('hide');
  });

  it('a keystroke hides it, a modifier alone does not; the wheel hides it', () => {
    const { controller } = shownToolbar();
    controller.keyDown('Shift');
    expect(controller.shown()).not.toBeNull();
    controller.keyDown('a');
    expect(controller.shown()).toBeNull();

    const again = shownToolbar();
    again.controller.wheel();
    expect(again.controller.shown()).toBeNull();
  });

  it('once the window is fitted to its buttons, a click on its new part is still its own', () => {
    const { controller } = shownToolbar(); // 188..488 × 114..154
    controller.resized({ x: 188, y: 114, width: 420, height: 40 });
    controller.mouseDown({ x: 550, y: 120 });
    expect(controller.shown()).not.toBeNull();
    controller.mouseDown({ x: 650, y: 120 });
    expect(controller.shown()).toBeNull();
  });

  it('a click with no position (Wayland without coordinates) hides it', () => {
    const { controller } = shownToolbar();
    controller.mouseDown(null);
    expect(controller.shown()).toBeNull();
  });

  it('hiding twice tells the window once', () => {
    const { controller, log } = shownToolbar();
    controller.dismiss();
    controller.dismiss();
    controller.keyDown('x');
    expect(log.filter((l) => l === 'hide')).toHaveLength(1);
  });
});

describe('placeToolbar', () => {
  it('goes above the selection when there is no room below, and stays inside the work area', () => {
    expect(placeToolbar({ x: 1270, y: 790 }, SIZE, WORK_AREA)).toEqual({
      x: 980,
      y: 736,
      width: 300,
      height: 40,
    });
    expect(placeToolbar({ x: 0, y: 0 }, SIZE, { x: 100, y: 50, width: 800, height: 600 })).toMatchObject({
      x: 100,
      y: 14,
    });
  });

  it('a second display to the left (negative coordinates) is respected', () => {
    const left = { x: -1920, y: 0, width: 1920, height: 1080 };
    expect(placeToolbar({ x: -10, y: 500 }, SIZE, left)).toMatchObject({ x: -300, y: 514 });
  });
});

describe('readSelection (selection-hook TextSelectionData)', () => {
  it('takes the selection box end when the OS gives it, else the pointer, else none', () => {
    const base = { text: 't', programName: 'notepad.exe', method: 1 };
    expect(
      readSelection({
        ...base,
        posLevel: 3,
        endBottom: { x: 30, y: 40 },
        mousePosEnd: { x: 1, y: 2 },
      }).anchor,
    ).toEqual({ x: 30, y: 40 });
    expect(readSelection({ ...base, posLevel: 2, mousePosEnd: { x: 1, y: 2 } })).toEqual({
      text: 't',
      app: 'notepad.exe',
      method: 'accessibility',
      anchor: { x: 1, y: 2 },
    });
    expect(
      readSelection({ ...base, method: 22, posLevel: 1, mousePosEnd: { x: -99999, y: -99999 } }),
    ).toMatchObject({ method: 'primary', anchor: null });
    expect(
      readSelection({ ...base, posLevel: 2, mousePosEnd: { x: 10, y: 10 } }, (p) => ({
        x: p.x / 2,
        y: p.y / 2,
      })).anchor,
    ).toEqual({ x: 5, y: 5 });
  });
});
