import { app, session } from 'electron';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { createCore, type Core } from '../core/core';
import { bindContract } from './ipc';
import { checkNativeBinding, explainStartupError } from './native';
import { resolveAppPaths } from './paths';
import { serveRenderer } from './protocol';
import { denyAllPermissions } from './security';
import { DashboardWindows } from './window';

export interface Running {
  dashboard: DashboardWindows;
  stop(): void;
}

export class StartupError extends Error {
  constructor(
    readonly title: string,
    message: string,
  ) {
    super(message);
    this.name = 'StartupError';
  }
}

/** After `ready`: core, protocol, IPC, first window. Throws StartupError with a user-facing message. */
export function startApp(): Running {
  const paths = resolveAppPaths({
    isPackaged: app.isPackaged,
    appPath: app.getAppPath(),
    resourcesPath: process.resourcesPath,
    mainDir: path.dirname(fileURLToPath(import.meta.url)),
  });
  denyAllPermissions(session.defaultSession);

  const native = checkNativeBinding(paths.nativeBindingFile, app.isPackaged);
  if (!native.ok) throw new StartupError(native.title, native.message);

  let core: Core;
  try {
    core = createCore({
      dataDir: app.getPath('userData'),
      skillDirs: [{ dir: paths.builtinSkillsDir, source: 'builtin' }],
      runtime: 'electron',
      version: app.getVersion(),
      nativeBinding: native.file,
      onInternalError: (error) => console.error('[skilldeck] internal error:', error),
    });
  } catch (error) {
    throw new StartupError('Skilldeck could not start', explainStartupError(error, app.isPackaged));
  }

  serveRenderer(paths.rendererDir);
  const dashboard = new DashboardWindows(paths.preloadFile);
  const unbind = bindContract(core, dashboard);
  dashboard.show();
  return {
    dashboard,
    stop() {
      unbind();
      core.close();
    },
  };
}
