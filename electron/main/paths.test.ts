import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dataDirOverride, resolveAppPaths } from './paths';

const mainDir = path.resolve('/repo/out/main');

describe('resolveAppPaths', () => {
  it('in development uses the project root for skills and the separate Electron build of SQLite', () => {
    expect(
      resolveAppPaths({
        isPackaged: false,
        appPath: path.resolve('/repo'),
        resourcesPath: '/ignored',
        mainDir,
      }),
    ).toEqual({
      rendererDir: path.resolve('/repo/out/renderer'),
      preloadFile: path.resolve('/repo/out/preload/index.cjs'),
      pagesDir: path.resolve('/repo/out/main/pages'),
      cardPreloadFile: path.resolve('/repo/out/preload/card.cjs'),
      commandBarPreloadFile: path.resolve('/repo/out/preload/command-bar.cjs'),
      toolbarPreloadFile: path.resolve('/repo/out/preload/toolbar.cjs'),
      builtinSkillsDir: path.resolve('/repo/skills'),
      nativeBindingFile: path.resolve('/repo/build-electron/better_sqlite3.node'),
    });
  });

  it("packaged reads skills and the SQLite module from resources (electron-builder's extraResources)", () => {
    const resources = path.resolve('/opt/Skilldeck/resources');
    const asarMain = path.join(resources, 'app.asar', 'out', 'main');
    const paths = resolveAppPaths({
      isPackaged: true,
      appPath: path.join(resources, 'app.asar'),
      resourcesPath: resources,
      mainDir: asarMain,
    });
    expect(paths).toEqual({
      rendererDir: path.join(resources, 'app.asar', 'out', 'renderer'),
      preloadFile: path.join(resources, 'app.asar', 'out', 'preload', 'index.cjs'),
      pagesDir: path.join(resources, 'app.asar', 'out', 'main', 'pages'),
      cardPreloadFile: path.join(resources, 'app.asar', 'out', 'preload', 'card.cjs'),
      commandBarPreloadFile: path.join(resources, 'app.asar', 'out', 'preload', 'command-bar.cjs'),
      toolbarPreloadFile: path.join(resources, 'app.asar', 'out', 'preload', 'toolbar.cjs'),
      builtinSkillsDir: path.join(resources, 'skills'),
      nativeBindingFile: path.join(resources, 'native', 'better_sqlite3.node'),
    });
  });
});

describe('dataDirOverride', () => {
  it('takes SKILLDECK_DATA_DIR as an absolute path, ignoring blanks', () => {
    expect(dataDirOverride({ SKILLDECK_DATA_DIR: '/tmp/sd' })).toBe(path.resolve('/tmp/sd'));
    expect(dataDirOverride({ SKILLDECK_DATA_DIR: 'rel' })).toBe(path.resolve('rel'));
    expect(dataDirOverride({ SKILLDECK_DATA_DIR: '  ' })).toBeUndefined();
    expect(dataDirOverride({})).toBeUndefined();
  });
});
