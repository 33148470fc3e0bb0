import { app, dialog } from 'electron';
import { dataDirOverride } from './paths';
import { registerAppScheme } from './protocol';
import { handleSecondLaunch } from './second-launch';
import { hardenWebContents } from './security';
import { startApp, StartupError, type Running } from './startup';

// Everything up to whenReady() must run synchronously at load: these calls are only valid before `ready`.
app.enableSandbox();
const dataDir = dataDirOverride(process.env);
if (dataDir) app.setPath('userData', dataDir);
registerAppScheme();

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
  let running: Running | null = null;
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents));
  app.on('second-instance', (_event, argv, workingDirectory) => {
    if (running) handleSecondLaunch({ argv, workingDirectory }, running.dashboard);
  });
  app.on('activate', () => running?.dashboard.show());
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('will-quit', () => {
    running?.stop();
    running = null;
  });
  app
    .whenReady()
    .then(() => {
      running = startApp();
    })
    .catch(failStartup);
}
