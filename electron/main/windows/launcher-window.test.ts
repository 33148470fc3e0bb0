// The command bar as the launcher (CommandBar.choose) against a fake Electron: what the page is told,
// the list it gets back for what is typed, and the choice it answers with.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LauncherEntry } from '../../core/platform';
import { createDesktopI18n } from '../../core/i18n/desktop-text';
import { COMMAND_BAR_CHANNELS } from '../../../shared/ipc/names';
import type { CommandBarContext, LauncherList } from '../../../shared/ipc/shell';
import { COMMAND_BAR_URL, CommandBar, LAUNCHER_HEIGHT } from './command-bar-window';
import { FakeBrowserWindow, fakeScreen, resetFakes, sendFromPage } from './test-electron';

vi.mock('electron', () => import('./test-electron').then((m) => m.fakeElectron()));

const entry = (id: string, asks = false): LauncherEntry => ({
  id,
  name: id,
  description: `${id} things`,
  emoji: '✨',
  color: '#888888',
  hotkey: null,
  asks,
});
const ALL = [entry('polish'), entry('translate'), entry('ask', true)];
let bar: CommandBar;
let unbind: () => void;
const choose = () =>
  bar.choose({
    skills: ALL,
    filter: (q) => ALL.filter((s) => s.id.includes(q)),
    captured: { text: 'teh text', method: 'primary' },
  });
const opened = () => {
  const window = FakeBrowserWindow.created.at(-1)!;
  window.webContents.load(COMMAND_BAR_URL);
  return window;
};

beforeEach(() => {
  resetFakes();
  bar = new CommandBar({ preloadFile: '/out/preload/command-bar.cjs', text: createDesktopI18n('zh-CN').t });
  unbind = bar.bind();
});
afterEach(() => unbind());

describe('the launcher', () => {
  it('opens taller with the skills and its words, answers what is typed, and resolves the choice', async () => {
    fakeScreen.workArea = { x: 0, y: 0, width: 1240, height: 800 };
    const answer = choose();
    const window = opened();
    expect(window.bounds.height).toBe(LAUNCHER_HEIGHT);
    const [context] = window.webContents.received(COMMAND_BAR_CHANNELS.context) as CommandBarContext[];
    expect(context!.title).toBe('运行技能');
    expect(context!.launcher!.skills.map((s) => s.id)).toEqual(['polish', 'translate', 'ask']);
    expect(context!.launcher!.labels.search).toBe('搜索技能');
    sendFromPage(COMMAND_BAR_CHANNELS.query, window.webContents, ['tr']);
    expect(window.webContents.received(COMMAND_BAR_CHANNELS.skills) as LauncherList[]).toEqual([
      { query: 'tr', skills: [entry('translate')] },
    ]);
    // a skill that asks was chosen: the window shrinks to the bar
    sendFromPage(COMMAND_BAR_CHANNELS.compact, window.webContents, []);
    expect(window.bounds).toMatchObject({ height: 132, y: 200 });
    // a submit (the plain bar's answer) means nothing to the launcher
    sendFromPage(COMMAND_BAR_CHANNELS.submit, window.webContents, ['x']);
    expect(window.destroyed).toBe(false);
    sendFromPage(COMMAND_BAR_CHANNELS.choose, window.webContents, [{ skillId: 'ask', instruction: 'why?' }]);
    await expect(answer).resolves.toEqual({ skillId: 'ask', instruction: 'why?' });
    expect(window.destroyed).toBe(true);
  });

  it('answers null on Esc and ignores choices from another frame or of the wrong shape', async () => {
    let answer = choose();
    let window = opened();
    sendFromPage(COMMAND_BAR_CHANNELS.choose, window.webContents, [{ skillId: 'polish' }], {
      url: COMMAND_BAR_URL,
      frameTreeNodeId: 4242,
      parent: null,
    });
    sendFromPage(COMMAND_BAR_CHANNELS.choose, window.webContents, [{ skillId: 'polish', extra: 1 }]);
    sendFromPage(COMMAND_BAR_CHANNELS.choose, window.webContents, ['polish']);
    expect(window.destroyed).toBe(false);
    window.webContents.press('Escape');
    await expect(answer).resolves.toBeNull();

    answer = choose();
    window = opened();
    sendFromPage(COMMAND_BAR_CHANNELS.choose, window.webContents, [{ skillId: 'polish' }]);
    await expect(answer).resolves.toEqual({ skillId: 'polish' });
  });
});
