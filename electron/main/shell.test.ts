import { SETTINGS, type SettingKey } from '../core/store/settings';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Result } from '../../shared/ipc/result';
import { CARD_URL } from './windows/card-window';
import { createDesktopI18n } from '../core/i18n/desktop-text';
import { CARD_CHANNELS } from '../../shared/ipc/names';
import type { CardMessage } from '../../shared/ipc/shell';
import { createDesktopShell, recentSkillIds } from './shell';
import { FakeBrowserWindow, fakeIpcMain, resetFakes, sendFromPage } from './windows/test-electron';

const fake = vi.hoisted(() => ({
  trays: [] as { destroyed: boolean; menu: unknown }[],
  appMenus: 0,
  written: [] as string[],
}));

vi.mock('electron', async () => {
  const base = (await import('./windows/test-electron')).fakeElectron();
  return {
    ...base,
    app: {
      hide: () => undefined,
      focus: () => undefined,
      getLoginItemSettings: () => ({ openAtLogin: false }),
    },
    Menu: {
      buildFromTemplate: (template: unknown) => ({ template }),
      setApplicationMenu: () => void fake.appMenus++,
    },
    nativeImage: { createFromPath: () => ({ resize: () => ({}) }) },
    Tray: class {
      destroyed = false;
      menu: unknown = null;
      constructor() {
        fake.trays.push(this);
      }
      setToolTip() {}
      on() {}
      setContextMenu(menu: unknown) {
        this.menu = menu;
      }
      isDestroyed() {
        return this.destroyed;
      }
      destroy() {
        this.destroyed = true;
      }
    },
    clipboard: { writeText: (text: string) => void fake.written.push(text), readText: async () => '' },
    ClipboardItem: vi.fn(),
    dialog: {},
    Notification: vi.fn(),
    safeStorage: {},
    systemPreferences: {},
  };
});

const paths = {
  pagesDir: '/out/main/pages',
  cardPreloadFile: '/out/preload/card.cjs',
  commandBarPreloadFile: '/out/preload/command-bar.cjs',
  toolbarPreloadFile: '/out/preload/toolbar.cjs',
};

function fakeCore(runs: { skillId: string }[]) {
  const listeners = new Set<(name: string, payload: unknown) => void>();
  return {
    dispatch: vi.fn(async (channel: unknown): Promise<Result<unknown>> =>
      channel === 'runs:list'
        ? { ok: true, value: { runs, total: runs.length } }
        : { ok: false, error: { code: 'NOT_FOUND', message: 'no' } },
    ),
    events: {
      subscribe(listener: (name: string, payload: unknown) => void) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      emit: (name: string) => listeners.forEach((l) => l(name, {})),
      size: () => listeners.size,
    },
    i18n: createDesktopI18n('en'),
    // the selection toolbar reads its settings (off: it never loads selection-hook) and the skills
    settings: { get: (key: SettingKey) => SETTINGS[key].default },
    handlers: { 'skills:list': () => Promise.resolve([]) },
  };
}

beforeEach(() => {
  resetFakes();
  fake.trays = [];
  fake.written = [];
});

describe('recentSkillIds', () => {
  it('lists the distinct skills of the newest runs, five at most', async () => {
    const core = fakeCore(['a', 'b', 'a', 'c', 'd', 'b', 'e', 'f'].map((skillId) => ({ skillId })));
    expect(await recentSkillIds(core as never)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(core.dispatch).toHaveBeenCalledWith('runs:list', { limit: 50 });
  });
});

/** start() with the fake core and do-nothing callbacks. */
function startWith(shell: ReturnType<typeof createDesktopShell>, core: ReturnType<typeof fakeCore>) {
  shell.start({
    core: core as never,
    openDashboard: vi.fn(),
    pauseHotkeys: vi.fn(),
    hotkeysPaused: () => false,
    runSkill: vi.fn(),
  });
}

describe('createDesktopShell', () => {
  it('gives the core all eight ports and picks the backend from the platform', () => {
    const shell = createDesktopShell({
      paths,
      userDataDir: '/tmp/none',
      isDev: false,
      platform: 'linux',
      env: { WAYLAND_DISPLAY: 'wayland-0' },
    });
    expect(shell.backend).toBe('wayland');
    expect(Object.keys(shell.ports).sort()).toEqual(
      ['card', 'clipboard', 'commandBar', 'focus', 'inserter', 'notifier', 'secrets', 'selection'].sort(),
    );
  });

  it('start() binds the card and command bar, builds the tray and app menu; stop() undoes all of it', async () => {
    const shell = createDesktopShell({
      paths,
      userDataDir: '/tmp/none',
      isDev: true,
      platform: 'linux',
      env: {},
    });
    const core = fakeCore([{ skillId: 'translate' }]);
    startWith(shell, core);
    expect(fake.trays).toHaveLength(1);
    expect(fake.appMenus).toBeGreaterThan(0);
    expect(fakeIpcMain.listenerCount(CARD_CHANNELS.action)).toBe(1);

    await shell.ports.card.show({ runId: 'r1', title: 'Translate', text: 'Bonjour', pending: false });
    const card = FakeBrowserWindow.created[0]!;
    expect(card.options.webPreferences?.preload).toBe('/out/preload/card.cjs');
    card.webContents.load(CARD_URL);
    sendFromPage(CARD_CHANNELS.action, card.webContents, ['copy']);
    await vi.waitFor(() => expect(fake.written).toEqual(['Bonjour']), { timeout: 2000, interval: 5 });

    shell.stop();
    expect(fakeIpcMain.listenerCount(CARD_CHANNELS.action)).toBe(0);
    expect(fake.trays[0]!.destroyed).toBe(true);
    expect(card.destroyed).toBe(true);
    expect(core.events.size()).toBe(0);
  });

  it('speaks the language picked in the dashboard: the tray menu and an open card switch at once', async () => {
    const core = fakeCore([]);
    const shell = createDesktopShell({
      paths,
      userDataDir: '/tmp/none',
      isDev: false,
      platform: 'linux',
      env: {},
      text: (key, values) => core.i18n.t(key, values),
    });
    startWith(shell, core);
    type Menu = { template: { label?: string }[] };
    const labels = () => ((fake.trays[0]!.menu as Menu | null)?.template ?? []).map((item) => item.label);
    await vi.waitFor(() => expect(labels()).toContain('Open dashboard'), { timeout: 2000, interval: 5 });
    await shell.ports.card.show({ runId: 'r1', title: 'Translate', text: 'Bonjour', pending: false });
    const card = FakeBrowserWindow.created.at(-1)!;
    card.webContents.load(CARD_URL);
    const sent = () => card.webContents.received(CARD_CHANNELS.update) as CardMessage[];
    expect(sent().at(-1)!.labels).toMatchObject({ lang: 'en', copy: 'Copy', insert: 'Insert', pin: 'Pin' });

    core.i18n.setLanguage('zh-CN');
    await vi.waitFor(() => expect(labels()).toContain('打开控制台'), { timeout: 2000, interval: 5 });
    expect(labels()).toEqual([
      '打开控制台',
      '最近的技能',
      undefined,
      '暂停快捷键',
      '登录时启动', // Linux: the XDG autostart entry
      undefined,
      '退出 Skilldeck',
    ]);
    expect(sent().at(-1)).toMatchObject({
      text: 'Bonjour',
      labels: { lang: 'zh-CN', copy: '复制', close: '关闭' },
    });
    sendFromPage(CARD_CHANNELS.action, card.webContents, ['copy']);
    await vi.waitFor(() => expect(sent().at(-1)!.notice).toBe('已复制到剪贴板'), {
      timeout: 2000,
      interval: 5,
    });
    shell.stop();
  });
});
