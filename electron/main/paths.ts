import path from 'node:path';

export interface AppLocation {
  isPackaged: boolean;
  /** app.getAppPath(): the project root in development, …/resources/app.asar when packaged. */
  appPath: string;
  /** process.resourcesPath: where electron-builder's extraResources land. */
  resourcesPath: string;
  /** The folder of the running main bundle (out/main). */
  mainDir: string;
}

export interface AppPaths {
  rendererDir: string;
  preloadFile: string;
  /** The floating card's and the command bar's pages, their preloads, and the tray icon. */
  pagesDir: string;
  cardPreloadFile: string;
  commandBarPreloadFile: string;
  toolbarPreloadFile: string;
  builtinSkillsDir: string;
  /** better-sqlite3 compiled for this Electron (never the Node build in node_modules). */
  nativeBindingFile: string;
}

/** Where everything lives, in development and packaged (see electron-builder.yml extraResources). */
export function resolveAppPaths(location: AppLocation): AppPaths {
  const outDir = path.resolve(location.mainDir, '..');
  return {
    rendererDir: path.join(outDir, 'renderer'),
    preloadFile: path.join(outDir, 'preload', 'index.cjs'),
    pagesDir: path.join(outDir, 'main', 'pages'),
    cardPreloadFile: path.join(outDir, 'preload', 'card.cjs'),
    commandBarPreloadFile: path.join(outDir, 'preload', 'command-bar.cjs'),
    toolbarPreloadFile: path.join(outDir, 'preload', 'toolbar.cjs'),
    builtinSkillsDir: location.isPackaged
      ? path.join(location.resourcesPath, 'skills')
      : path.join(location.appPath, 'skills'),
    nativeBindingFile: location.isPackaged
      ? path.join(location.resourcesPath, 'native', 'better_sqlite3.node')
      : path.join(location.appPath, 'build-electron', 'better_sqlite3.node'),
  };
}

/** SKILLDECK_DATA_DIR, when set, replaces userData (the same variable the CLI honours); else undefined. */
export function dataDirOverride(env: NodeJS.ProcessEnv): string | undefined {
  const value = env.SKILLDECK_DATA_DIR?.trim();
  return value ? path.resolve(value) : undefined;
}
