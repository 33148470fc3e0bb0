import type { MenuItemConstructorOptions } from 'electron';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { appMenuTemplate, SkilldeckTray, supportsLoginItem, trayMenuTemplate, type TrayDeps } from './tray';

const fake = vi.hoisted(() => ({
  menus: [] as MenuItemConstructorOptions[][],
  loginItems: [] as unknown[],
  openAtLogin: false,
  trays: [] as { icon: unknown; menu: unknown; destroyed: boolean }[],
}));

vi.mock('electron', () => ({
  app: {
    getLoginItemSettings: () => ({ openAtLogin: fake.openAtLogin }),
    setLoginItemSettings: (settings: unknown) => fake.loginItems.push(settings),
  },
  Menu: {
    buildFromTemplate: (template: MenuItemConstructorOptions[]) => {
      fake.menus.push(template);
      return { template };
    },
    setApplicationMenu: () => undefined,
  },
  nativeImage: {
    createFromPath: (file: string) => ({ resize: (size: unknown) => ({ file, size }) }),
  },
  Tray: class {
    menu: unknown = null;
    destroyed = false;
    constructor(readonly icon: unknown) {
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
}));

function deps(overrides: Partial<TrayDeps> = {}): TrayDeps {
  return {
    iconFile: '/out/main/pages/icon.png',
    openDashboard: vi.fn(),
    recentSkillIds: () => Promise.resolve(['a', 'b', 'c', 'd', 'e', 'f']),
    runSkill: vi.fn(),
    hotkeysPaused: () => false,
    pauseHotkeys: vi.fn(),
    platform: 'linux',
    ...overrides,
  };
}

const click = (item: MenuItemConstructorOptions, checked?: boolean) =>
  (item.click as (menuItem: { checked?: boolean }) => void)({ checked });

beforeEach(() => {
  fake.menus = [];
  fake.loginItems = [];
  fake.trays = [];
});

describe('the tray menu', () => {
  it('has Open dashboard, the five recent skills, Pause hotkeys and Quit', () => {
    const d = deps();
    const menu = trayMenuTemplate(d, {
      recent: ['a', 'b', 'c', 'd', 'e', 'f'],
      paused: true,
      openAtLogin: null,
    });
    expect(menu.map((item) => item.label ?? item.type)).toEqual([
      'Open dashboard',
      'Recent skills',
      'separator',
      'Pause hotkeys',
      'separator',
      'Quit Skilldeck',
    ]);
    click(menu[0]!);
    expect(d.openDashboard).toHaveBeenCalled();
    const recent = menu[1]!.submenu as MenuItemConstructorOptions[];
    expect(recent.map((item) => item.label)).toEqual(['a', 'b', 'c', 'd', 'e']);
    click(recent[2]!);
    expect(d.runSkill).toHaveBeenCalledWith('c');
    expect(menu[3]).toMatchObject({ type: 'checkbox', checked: true });
    click(menu[3]!, false);
    expect(d.pauseHotkeys).toHaveBeenCalledWith(false);
    expect(menu.at(-1)).toMatchObject({ role: 'quit' });
  });

  it('offers the launcher when the app gives one', () => {
    const openLauncher = vi.fn();
    const menu = trayMenuTemplate(deps({ openLauncher }), { recent: [], paused: false, openAtLogin: null });
    expect(menu[1]!.label).toBe('Run a skill…');
    click(menu[1]!);
    expect(openLauncher).toHaveBeenCalledTimes(1);
  });

  it('says when there are no runs yet', () => {
    const menu = trayMenuTemplate(deps(), { recent: [], paused: false, openAtLogin: null });
    expect(menu[1]!.submenu).toEqual([{ label: 'No runs yet', enabled: false }]);
  });

  it('offers launch at login on macOS, Windows (setLoginItemSettings) and Linux (XDG autostart)', () => {
    expect([supportsLoginItem('darwin'), supportsLoginItem('win32'), supportsLoginItem('linux')]).toEqual([
      true,
      true,
      true,
    ]);
    expect(supportsLoginItem('freebsd')).toBe(false);
    const menu = trayMenuTemplate(deps({ platform: 'darwin' }), {
      recent: [],
      paused: false,
      openAtLogin: false,
    });
    const item = menu.find((entry) => entry.label === 'Launch at login')!;
    expect(item).toMatchObject({ type: 'checkbox', checked: false });
    click(item, true);
    expect(fake.loginItems).toEqual([{ openAtLogin: true }]);
  });

  it('on Linux, the checkbox writes and removes the XDG autostart entry, and the tray reads it back', async () => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'skilldeck-tray-home-'));
    const saved = { HOME: process.env.HOME, XDG_CONFIG_HOME: process.env.XDG_CONFIG_HOME };
    process.env.HOME = home;
    delete process.env.XDG_CONFIG_HOME;
    try {
      const file = path.join(home, '.config', 'autostart', 'skilldeck.desktop');
      const item = () =>
        trayMenuTemplate(deps({ platform: 'linux' }), { recent: [], paused: false, openAtLogin: false }).find(
          (entry) => entry.label === 'Launch at login',
        )!;
      click(item(), true);
      await vi.waitFor(() => expect(fs.existsSync(file)).toBe(true));
      expect(fake.loginItems).toEqual([]);
      const tray = new SkilldeckTray(deps({ platform: 'linux' }));
      await tray.refresh();
      expect(fake.menus.at(-1)!.find((entry) => entry.label === 'Launch at login')).toMatchObject({
        checked: true,
      });
      click(item(), false);
      await vi.waitFor(() => expect(fs.existsSync(file)).toBe(false));
    } finally {
      process.env.HOME = saved.HOME;
      if (saved.XDG_CONFIG_HOME !== undefined) process.env.XDG_CONFIG_HOME = saved.XDG_CONFIG_HOME;
      fs.rmSync(home, { recursive: true, force: true });
    }
  });

  it('the tray reads recent skills and the paused state, and rebuilds on refresh', async () => {
    let paused = false;
    fake.openAtLogin = true;
    const tray = new SkilldeckTray(deps({ platform: 'darwin', hotkeysPaused: () => paused }));
    await tray.refresh();
    const last = () => fake.menus.at(-1)!;
    expect((last()[1]!.submenu as MenuItemConstructorOptions[]).length).toBe(5);
    expect(last().find((item) => item.label === 'Launch at login')).toMatchObject({ checked: true });
    paused = true;
    await tray.refresh();
    expect(last().find((item) => item.label === 'Pause hotkeys')).toMatchObject({ checked: true });
    expect(fake.trays[0]!.icon).toEqual({
      file: '/out/main/pages/icon.png',
      size: { width: 18, height: 18 },
    });
    tray.destroy();
    expect(fake.trays[0]!.destroyed).toBe(true);
  });

  it('still builds the menu when the run list fails', async () => {
    vi.spyOn(console, 'error').mockImplementationOnce(() => undefined);
    const tray = new SkilldeckTray(deps({ recentSkillIds: () => Promise.reject(new Error('db closed')) }));
    await tray.refresh();
    expect(fake.menus.at(-1)![1]!.submenu).toEqual([{ label: 'No runs yet', enabled: false }]);
  });
});

describe('the application menu', () => {
  it('has the Edit roles (copy/paste work in every window) and View reload only in development', () => {
    const dev = appMenuTemplate({ isDev: true, platform: 'linux' });
    const packaged = appMenuTemplate({ isDev: false, platform: 'linux' });
    expect(dev.map((item) => item.role ?? item.label)).toEqual(['editMenu', 'View', 'windowMenu']);
    expect((dev[1]!.submenu as MenuItemConstructorOptions[]).map((item) => item.role)).toContain('reload');
    expect(packaged.map((item) => item.role ?? item.label)).toEqual(['editMenu', 'windowMenu']);
    expect(appMenuTemplate({ isDev: false, platform: 'darwin' })[0]).toEqual({ role: 'appMenu' });
  });
});
