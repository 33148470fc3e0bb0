import { app, Menu, nativeImage, Tray, type MenuItemConstructorOptions } from 'electron';
import os from 'node:os';
import { isAutostartOn, setAutostart } from '../core/desktop/linux/autostart';
import { englishText, type DesktopText } from '../core/i18n/desktop-text';

export interface TrayDeps {
  /** A PNG (out/main/pages/icon.png), scaled down for the tray. */
  iconFile: string;
  openDashboard(): void;
  /** The last run skills, newest first (at most 5 are shown). */
  recentSkillIds(): Promise<string[]>;
  runSkill(skillId: string): void;
  /** Opens the launcher (the command bar listing the skills) on what is selected. */
  openLauncher?(): void;
  hotkeysPaused(): boolean;
  pauseHotkeys(paused: boolean): void | Promise<void>;
  platform?: NodeJS.Platform;
  /** The app's words in its language (default English); `refresh()` after a change. */
  text?: DesktopText;
}

export const RECENT_SKILLS = 5;

/** Launch at login: Electron's login items on macOS and Windows, an XDG autostart entry on Linux. */
export function supportsLoginItem(platform: NodeJS.Platform): boolean {
  return platform === 'darwin' || platform === 'win32' || platform === 'linux';
}

export interface LoginItem {
  get(): Promise<boolean>;
  set(on: boolean): Promise<void>;
}

/** Where launch at login is kept on this platform. */
export function loginItemFor(platform: NodeJS.Platform): LoginItem {
  if (platform === 'linux') {
    const target = () => ({ home: os.homedir(), env: process.env, execPath: process.execPath });
    return { get: () => isAutostartOn(target()), set: (on) => setAutostart(target(), on) };
  }
  return {
    get: () => Promise.resolve(app.getLoginItemSettings().openAtLogin),
    set: (on) => Promise.resolve(app.setLoginItemSettings({ openAtLogin: on })),
  };
}

/** The tray menu as a template (pure: the tests read it). */
export function trayMenuTemplate(
  deps: TrayDeps,
  state: { recent: readonly string[]; paused: boolean; openAtLogin: boolean | null },
): MenuItemConstructorOptions[] {
  const t = deps.text ?? englishText;
  const recent: MenuItemConstructorOptions[] = state.recent.length
    ? state.recent
        .slice(0, RECENT_SKILLS)
        .map((skillId) => ({ label: skillId, click: () => deps.runSkill(skillId) }))
    : [{ label: t('tray.noRuns'), enabled: false }];
  return [
    { label: t('tray.openDashboard'), click: () => deps.openDashboard() },
    ...(deps.openLauncher ? [{ label: t('tray.openLauncher'), click: () => deps.openLauncher?.() }] : []),
    { label: t('tray.recentSkills'), submenu: recent },
    { type: 'separator' },
    {
      label: t('tray.pauseHotkeys'),
      type: 'checkbox',
      checked: state.paused,
      click: (item) =>
        void Promise.resolve(deps.pauseHotkeys(item.checked)).catch(reportError('pause hotkeys')),
    },
    ...(state.openAtLogin === null
      ? []
      : [
          {
            label: t('tray.launchAtLogin'),
            type: 'checkbox' as const,
            checked: state.openAtLogin,
            click: (item: Electron.MenuItem) =>
              void loginItemFor(deps.platform ?? process.platform)
                .set(item.checked)
                .catch(reportError('change launch at login')),
          },
        ]),
    { type: 'separator' },
    { label: t('tray.quit'), role: 'quit' },
  ];
}

function reportError(what: string) {
  return (error: unknown) => console.error(`[skilldeck] could not ${what}:`, error);
}

/** The tray icon and its menu; `refresh()` rebuilds the menu (recent skills, paused state). */
export class SkilldeckTray {
  private readonly tray: Tray;
  private refreshing: Promise<void> | null = null;

  constructor(private readonly deps: TrayDeps) {
    const size = (deps.platform ?? process.platform) === 'darwin' ? 18 : 22;
    const icon = nativeImage.createFromPath(deps.iconFile).resize({ width: size, height: size });
    this.tray = new Tray(icon);
    this.tray.setToolTip('Skilldeck');
    this.tray.on('click', () => deps.openDashboard());
    void this.refresh();
  }

  refresh(): Promise<void> {
    this.refreshing ??= this.build().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  destroy(): void {
    if (!this.tray.isDestroyed()) this.tray.destroy();
  }

  private async build(): Promise<void> {
    let recent: string[] = [];
    try {
      recent = await this.deps.recentSkillIds();
    } catch (error) {
      reportError('list recent runs')(error);
    }
    const platform = this.deps.platform ?? process.platform;
    let openAtLogin: boolean | null = null;
    if (supportsLoginItem(platform))
      openAtLogin = await loginItemFor(platform)
        .get()
        .catch((error: unknown) => {
          reportError('read launch at login')(error);
          return null;
        });
    if (this.tray.isDestroyed()) return;
    this.tray.setContextMenu(
      Menu.buildFromTemplate(
        trayMenuTemplate(this.deps, { recent, paused: this.deps.hotkeysPaused(), openAtLogin }),
      ),
    );
  }
}

/** The application menu: Edit roles so copy and paste work in every window; View reload only in development. */
export function appMenuTemplate(options: {
  isDev: boolean;
  platform: NodeJS.Platform;
}): MenuItemConstructorOptions[] {
  return [
    ...(options.platform === 'darwin' ? [{ role: 'appMenu' as const }] : []),
    { role: 'editMenu' },
    ...(options.isDev
      ? [
          {
            label: 'View',
            submenu: [
              { role: 'reload' },
              { role: 'forceReload' },
              { role: 'toggleDevTools' },
            ] as MenuItemConstructorOptions[],
          },
        ]
      : []),
    { role: 'windowMenu' },
  ];
}

export function installAppMenu(options: { isDev: boolean; platform: NodeJS.Platform }): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(appMenuTemplate(options)));
}
