import { app, dialog, globalShortcut } from 'electron';
import { englishText } from '../core/i18n/desktop-text';
import { appUserModelId } from './app-identity';
import { installProcessErrorHandlers } from './process-errors';
import { registerDeepLinkScheme } from './triggers/deep-link';
import { createDesktopTriggers } from './triggers/desktop-triggers';
import { globalShortcutRegistrar, hotkeyPlatform } from './triggers/hotkeys';
import { dataDirOverride } from './paths';
import { registerAppScheme } from './protocol/app-scheme';
import { hardenWebContents } from './security';
import { startApp, StartupError, type Running } from './startup';

// Everything up to whenReady() must run synchronously at load: these calls are only valid before `ready`.
app.enableSandbox();
let running: Running | null = null;
installProcessErrorHandlers({
  target: process,
  log: (line) => console.error(line),
  tell: (summary) => {
    if (!app.isReady()) return; // before ready a message box cannot be shown; the log has it
    const t = running?.core.i18n.t ?? englishText;
    void dialog
      .showMessageBox({
        type: 'error',
        title: t('crash.title'),
        message: t('crash.title'),
        detail: `${t('crash.message')}\n\n${summary}`,
        buttons: [t('crash.ok')],
      })
      .catch(() => undefined);
  },
});
// Windows: without it notifications do not show, and the taskbar groups the app under Electron's ID.
if (process.platform === 'win32') app.setAppUserModelId(appUserModelId(app.isPackaged, process.execPath));
const dataDir = dataDirOverride(process.env);
if (dataDir) app.setPath('userData', dataDir);
registerAppScheme();
const platform = hotkeyPlatform(process.env);
// Wayland has no X11 grabs: Chromium registers global shortcuts through the desktop's portal instead;
// PreferredTrigger sends our key as the preferred binding (GNOME binds nothing without it, electron#52221).
// One switch: Chromium reads only the last --enable-features.
if (platform.wayland)
  app.commandLine.appendSwitch(
    'enable-features',
    'GlobalShortcutsPortal,GlobalShortcutsPortalPreferredTrigger',
  );

function failStartup(error: unknown): void {
  const title = error instanceof StartupError ? error.title : 'Skilldeck could not start';
  const message = error instanceof Error ? error.message : String(error);
  console.error(`[skilldeck] ${title}: ${message}`);
  dialog.showErrorBox(title, message);
  app.exit(1);
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  // Hotkeys, skilldeck:// links and `--trigger`; `triggers.hotkeys` is also what the tray pauses.
  const triggers = createDesktopTriggers({ registrar: globalShortcutRegistrar(globalShortcut), platform });
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents));
  app.on('second-instance', (_event, argv, workingDirectory) => {
    triggers.secondLaunch({ argv, workingDirectory });
  });
  // macOS delivers links here, also the one the app was launched with (before ready: queued).
  app.on('open-url', (event, url) => {
    event.preventDefault();
    triggers.openUrl(url);
  });
  app.on('activate', () => running?.dashboard.show());
  // Skilldeck lives in the tray: closing the dashboard (or the last card) does not quit; the tray's Quit does.
  app.on('window-all-closed', () => undefined);
  app.on('will-quit', () => {
    triggers.stop();
    running?.stop();
    running = null;
  });
  app
    .whenReady()
    .then(() => {
      running = startApp({ hotkeys: triggers.hotkeys, hidden: process.argv.includes('--hidden') });
      registerDeepLinkScheme(app);
      triggers.attach(running, process.argv);
    })
    .catch(failStartup);
}
