// electron-builder beforePack hook: refuses to package a better-sqlite3 binary that was not built for this
// Electron, platform and arch (a Linux .node inside a Windows installer would only fail at the user's).
import { Arch } from 'electron-builder';
import { electronTarget, mismatch } from './electron-target.mjs';

/**
 * @param {{ electronPlatformName: string, arch: number }} context
 * @param {{ binary?: string, stamp?: string }} [files]
 */
export function checkNativeForPackage(context, files) {
  const platform = context.electronPlatformName === 'mas' ? 'darwin' : context.electronPlatformName;
  const arch = Arch[context.arch];
  const why = mismatch(electronTarget({ platform, arch }), files);
  if (why !== null) {
    throw new Error(
      `build-electron/better_sqlite3.node cannot go into a ${platform}-${arch} package: ${why}. ` +
        `Run \`npm run build:native-electron\` on a ${platform}-${arch} machine (native modules are not cross-built).`,
    );
  }
}

/** @param {{ electronPlatformName: string, arch: number }} context */
export default async function beforePack(context) {
  checkNativeForPackage(context);
}
