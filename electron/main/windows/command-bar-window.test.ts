import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CapturedSelection } from '../../core/platform';
import { COMMAND_BAR_URL, CommandBar, placeCommandBar } from './command-bar-window';
import { captureLine, describeCapture } from './shell-words';
import { createDesktopI18n, englishText } from '../../core/i18n/desktop-text';
import { COMMAND_BAR_CHANNELS } from '../../../shared/ipc/names';
import type { CommandBarContext } from '../../../shared/ipc/shell';
import { LOCKED_DOWN_PREFERENCES } from './locked-down-window';
import { FakeBrowserWindow, fakeScreen, resetFakes, sendFromPage } from './test-electron';

vi.mock('electron', () => import('./test-electron').then((m) => m.fakeElectron()));

let bar: CommandBar;
let unbind: () => void;
const captured: CapturedSelection = { text: 'the selected text', method: 'primary' };
const ask = () =>
  bar.ask({ skillId: 'translate', title: 'Translate', placeholder: 'Into which language?', captured });
const opened = () => {
  const window = FakeBrowserWindow.created.at(-1)!;
  window.webContents.load(COMMAND_BAR_URL);
  return window;
};

beforeEach(() => {
  resetFakes();
  bar = new CommandBar({ preloadFile: '/out/preload/command-bar.cjs', platform: 'linux' });
  unbind = bar.bind();
});
afterEach(() => unbind());

describe('describeCapture', () => {
  it('keeps the method, the length and the first 80 characters on one line', () => {
    const text = `${'a'.repeat(50)}\n\n${'b'.repeat(100)}`;
    const described = describeCapture({ text, method: 'copy' });
    expect(described).toEqual({ method: 'copy', preview: `${'a'.repeat(50)} ${'b'.repeat(29)}`, chars: 152 });
    expect(describeCapture({ text: '', method: 'none' })).toEqual({ method: 'none', preview: '', chars: 0 });
  });
});

describe('captureLine', () => {
  it('says how and what was captured in the language chosen, cut previews marked', () => {
    const zh = createDesktopI18n('zh-CN');
    const long = describeCapture({ text: 'x'.repeat(100), method: 'copy' });
    expect(captureLine(long, englishText)).toBe(`copied from the selection, 100 chars: “${'x'.repeat(80)}…”`);
    expect(captureLine(long, zh.t)).toBe(`从选区复制，100 个字符：“${'x'.repeat(80)}…”`);
    expect(captureLine(describeCapture({ text: '', method: 'none' }), zh.t)).toBe('未选中任何内容');
  });

  it('asks in the language of the text it is given when it opens', async () => {
    const zh = createDesktopI18n('zh-CN');
    const localized = new CommandBar({ preloadFile: '/out/preload/command-bar.cjs', text: zh.t });
    const answer = localized.ask({ skillId: 't', title: 'T', placeholder: 'p', captured });
    const window = opened();
    const [context] = window.webContents.received(COMMAND_BAR_CHANNELS.context) as CommandBarContext[];
    expect(context!.labels).toEqual({
      lang: 'zh-CN',
      instruction: '指令',
      captured: '来自选区（PRIMARY），17 个字符：“the selected text”',
    });
    window.webContents.press('Escape');
    await expect(answer).resolves.toBeNull();
  });
});

describe('placeCommandBar', () => {
  it('centres the bar on the work area, a quarter down, never wider than it', () => {
    expect(placeCommandBar({ x: 1920, y: 0, width: 1280, height: 1000 })).toEqual({
      x: 2250,
      y: 250,
      width: 620,
      height: 132,
    });
    expect(placeCommandBar({ x: 0, y: 0, width: 500, height: 400 }).width).toBe(500);
  });
});

describe('the command bar', () => {
  it('opens locked down and focused on app://skilldeck/command-bar.html and tells the page what it asks', async () => {
    fakeScreen.workArea = { x: 0, y: 0, width: 1240, height: 800 };
    const answer = ask();
    const window = opened();
    expect(window.options.webPreferences).toMatchObject({
      ...LOCKED_DOWN_PREFERENCES,
      preload: '/out/preload/command-bar.cjs',
    });
    expect(window.options).toMatchObject({ frame: false, alwaysOnTop: true, show: false });
    expect(window.bounds).toEqual({ x: 310, y: 200, width: 620, height: 132 });
    expect(window.loadedUrls).toEqual(['app://skilldeck/command-bar.html']);
    expect(window.visible && window.focused).toBe(true);
    expect(window.webContents.received(COMMAND_BAR_CHANNELS.context)).toEqual([
      {
        title: 'Translate',
        placeholder: 'Into which language?',
        captured: { method: 'primary', preview: 'the selected text', chars: 17 },
        labels: {
          lang: 'en',
          instruction: 'Instruction',
          captured: 'from the selection (PRIMARY), 17 chars: “the selected text”',
        },
      } satisfies CommandBarContext,
    ]);
    sendFromPage(COMMAND_BAR_CHANNELS.submit, window.webContents, ['into French']);
    await expect(answer).resolves.toBe('into French');
    expect(window.destroyed).toBe(true);
  });

  it('on macOS is a panel above full-screen apps, on every Space; elsewhere at the pop-up menu level', async () => {
    void ask();
    expect(opened().alwaysOnTop).toEqual([true, 'pop-up-menu']);
    const mac = new CommandBar({ preloadFile: '/out/preload/command-bar.cjs', platform: 'darwin' });
    void mac.ask({ skillId: 't', title: 'T', placeholder: 'p', captured });
    const window = opened();
    expect(window.options.type).toBe('panel');
    expect(window.alwaysOnTop).toEqual([true, 'screen-saver']);
    expect(window.allWorkspaces).toEqual([
      true,
      { visibleOnFullScreen: true, skipTransformProcessType: true },
    ]);
  });

  it('answers null on Esc, on cancel, when it loses the focus and when it is closed', async () => {
    let answer = ask();
    expect(opened().webContents.press('Escape')).toBe(true);
    await expect(answer).resolves.toBeNull();

    answer = ask();
    sendFromPage(COMMAND_BAR_CHANNELS.cancel, opened().webContents, []);
    await expect(answer).resolves.toBeNull();

    answer = ask();
    opened().emit('blur');
    await expect(answer).resolves.toBeNull();

    answer = ask();
    opened().close();
    await expect(answer).resolves.toBeNull();
  });

  it('macOS: gives the keyboard back to the window it was opened from before the answer is acted on', async () => {
    const target = { id: 'pid:7', app: 'TextEdit', title: 'notes', isTerminal: false };
    const given: unknown[] = [];
    let giveBackDone: () => void = () => undefined;
    const returnFocus = vi.fn((to?: unknown) => {
      given.push(to);
      return new Promise<null>((resolve) => (giveBackDone = () => resolve(null)));
    });
    const mac = new CommandBar({ preloadFile: '/p.cjs', platform: 'darwin', returnFocus });
    const undo = mac.bind();
    try {
      let settled = false;
      const answer = mac.ask({ skillId: 't', title: 'T', placeholder: 'p', captured, target });
      void answer.then(() => (settled = true));
      const window = opened();
      sendFromPage(COMMAND_BAR_CHANNELS.submit, window.webContents, ['into French']);
      expect(window.destroyed).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 5));
      expect(settled).toBe(false); // the run waits until the target has the keyboard again
      expect(given).toEqual([target]);
      giveBackDone();
      await expect(answer).resolves.toBe('into French');

      // Esc in the bar and the launcher's choice give it back too; the launcher's target is its own
      const esc = mac.ask({ skillId: 't', title: 'T', placeholder: 'p', captured, target });
      opened().webContents.press('Escape');
      giveBackDone();
      await expect(esc).resolves.toBeNull();
      const chosen = mac.choose({ skills: [], filter: () => [], captured, target: null });
      sendFromPage(COMMAND_BAR_CHANNELS.choose, opened().webContents, [{ skillId: 'polish' }]);
      giveBackDone();
      await expect(chosen).resolves.toEqual({ skillId: 'polish' });
      expect(given).toEqual([target, target, null]);

      // losing the focus means the user went elsewhere: nothing to give back
      const blurred = mac.ask({ skillId: 't', title: 'T', placeholder: 'p', captured, target });
      opened().emit('blur');
      await expect(blurred).resolves.toBeNull();
      expect(returnFocus).toHaveBeenCalledTimes(3);
    } finally {
      undo();
    }
  });

  it('a new question dismisses the open one', async () => {
    const first = ask();
    const firstWindow = opened();
    const second = ask();
    await expect(first).resolves.toBeNull();
    expect(firstWindow.destroyed).toBe(true);
    sendFromPage(COMMAND_BAR_CHANNELS.submit, opened().webContents, ['go']);
    await expect(second).resolves.toBe('go');
  });

  it('ignores submits from other frames and non-text payloads', async () => {
    const answer = ask();
    const window = opened();
    sendFromPage(COMMAND_BAR_CHANNELS.submit, window.webContents, ['forged'], {
      url: COMMAND_BAR_URL,
      frameTreeNodeId: 4242,
      parent: null,
    });
    sendFromPage(COMMAND_BAR_CHANNELS.submit, window.webContents, [{ text: 'object' }]);
    sendFromPage(COMMAND_BAR_CHANNELS.submit, window.webContents, ['real']);
    await expect(answer).resolves.toBe('real');
  });

  it('ignores a cancel that carries a payload (its schema: none) or comes from another frame', async () => {
    const answer = ask();
    const window = opened();
    sendFromPage(COMMAND_BAR_CHANNELS.cancel, window.webContents, ['please']);
    sendFromPage(COMMAND_BAR_CHANNELS.cancel, window.webContents, [], {
      url: COMMAND_BAR_URL,
      frameTreeNodeId: 4242,
      parent: null,
    });
    expect(window.destroyed).toBe(false);
    sendFromPage(COMMAND_BAR_CHANNELS.submit, window.webContents, ['real']);
    await expect(answer).resolves.toBe('real');
  });

  it("prefills a link's instruction to confirm, in a bar one line taller for what Enter does", async () => {
    fakeScreen.workArea = { x: 0, y: 0, width: 1240, height: 800 };
    const answer = bar.ask({
      skillId: 'polish',
      title: 'Polish',
      placeholder: 'A link asks to run Polish: press Enter to run it, Esc to cancel',
      captured,
      initial: 'make it shorter',
    });
    const window = opened();
    const [context] = window.webContents.received(COMMAND_BAR_CHANNELS.context) as CommandBarContext[];
    expect(context).toMatchObject({
      initial: 'make it shorter',
      placeholder: 'A link asks to run Polish: press Enter to run it, Esc to cancel',
    });
    expect(window.bounds.height).toBe(132 + 28);
    sendFromPage(COMMAND_BAR_CHANNELS.submit, window.webContents, ['make it shorter']);
    await expect(answer).resolves.toBe('make it shorter');

    // without one, nothing is prefilled; an overlong one is cut at the contract's limit
    void ask();
    expect(opened().webContents.received(COMMAND_BAR_CHANNELS.context)[0]).not.toHaveProperty('initial');
    void bar.ask({ skillId: 'p', title: 'P', placeholder: 'p', captured, initial: 'y'.repeat(100_010) });
    const [long] = opened().webContents.received(COMMAND_BAR_CHANNELS.context) as CommandBarContext[];
    expect(long!.initial).toHaveLength(100_000);
  });

  it('cuts an instruction at the contract limit', async () => {
    const answer = ask();
    sendFromPage(COMMAND_BAR_CHANNELS.submit, opened().webContents, ['x'.repeat(100_010)]);
    expect((await answer)!.length).toBe(100_000);
  });
});

describe('the command bar’s mic button', () => {
  function fakeRecorder() {
    const ended: (() => void)[] = [];
    const calls: string[] = [];
    let heard: ((text: string) => void) | null = null;
    const recorder = {
      active: false,
      start: (purpose: { returnText: (text: string) => void }) => {
        calls.push('start');
        heard = purpose.returnText;
        recorder.active = true;
        return true;
      },
      stop: () => void calls.push('stop'),
      cancel: () => void calls.push('cancel'),
      onEnded: (listener: () => void) => void ended.push(listener),
    };
    return {
      recorder,
      calls,
      hear: (text: string) => heard?.(text),
      end: () => {
        recorder.active = false;
        for (const listener of ended) listener();
      },
    };
  }

  it('records through the indicator: what was said comes back for the box; Esc cancels it, not the bar', async () => {
    const mic = fakeRecorder();
    bar.useRecorder(mic.recorder);
    const answer = ask();
    const window = opened();
    const [context] = window.webContents.received(COMMAND_BAR_CHANNELS.context) as CommandBarContext[];
    expect(context!.labels.dictate).toBe('Say it instead of typing (records from the microphone)');

    sendFromPage(COMMAND_BAR_CHANNELS.dictate, window.webContents, [undefined]);
    expect(mic.calls).toEqual(['start']);
    expect(window.webContents.press('Enter')).toBe(true); // Enter stops the recording
    mic.hear('into French, please');
    expect(window.webContents.received(COMMAND_BAR_CHANNELS.dictated)).toEqual([
      { state: 'listening' },
      { state: 'heard', text: 'into French, please' },
    ]);
    mic.end();

    sendFromPage(COMMAND_BAR_CHANNELS.dictate, window.webContents, [undefined]);
    expect(window.webContents.press('Escape')).toBe(true);
    expect(mic.calls).toEqual(['start', 'stop', 'start', 'cancel']);
    expect(window.destroyed).toBe(false); // the bar stays
    mic.end();
    expect(window.webContents.received(COMMAND_BAR_CHANNELS.dictated).at(-1)).toEqual({ state: 'ended' });

    // the user sends the instruction as edited
    sendFromPage(COMMAND_BAR_CHANNELS.submit, window.webContents, ['into French, please']);
    await expect(answer).resolves.toBe('into French, please');
  });

  it('a bar closed while its mic records drops the recording; no recorder, no mic', async () => {
    const mic = fakeRecorder();
    bar.useRecorder(mic.recorder);
    const answer = ask();
    const window = opened();
    sendFromPage(COMMAND_BAR_CHANNELS.dictate, window.webContents, [undefined]);
    window.emit('blur');
    await expect(answer).resolves.toBeNull();
    expect(mic.calls).toEqual(['start', 'cancel']);

    const plain = new CommandBar({ preloadFile: '/out/preload/command-bar.cjs', platform: 'linux' });
    void plain.ask({ skillId: 't', title: 'T', placeholder: 'p', captured });
    const [context] = opened().webContents.received(COMMAND_BAR_CHANNELS.context) as CommandBarContext[];
    expect(context!.labels.dictate).toBeUndefined();
  });
});
