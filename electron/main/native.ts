import fs from 'node:fs';

export const NATIVE_BUILD_COMMAND = 'npm run build:native-electron';

export type NativeBindingStatus = { ok: true; file: string } | { ok: false; title: string; message: string };

/**
 * Electron must never load the Node build of better-sqlite3 in node_modules (wrong ABI); it gets the
 * file built for it by electron/build/build-sqlite-for-electron.mjs, shipped as resources/native/.
 */
export function checkNativeBinding(
  file: string,
  isPackaged: boolean,
  exists: (file: string) => boolean = fs.existsSync,
): NativeBindingStatus {
  if (exists(file)) return { ok: true, file };
  const title = 'Skilldeck cannot open its database';
  const message = isPackaged
    ? `The SQLite module is missing from this installation:\n${file}\n\nReinstall Skilldeck.`
    : `The SQLite module built for Electron is missing:\n${file}\n\n` +
      `Build it with:\n  ${NATIVE_BUILD_COMMAND}\n\n` +
      'It needs network access to download the Electron headers (or a prebuilt binary). ' +
      'Without Electron, the dashboard runs headless with: npx skilldeck serve';
  return { ok: false, title, message };
}

/** Turns a failure to load the module (typically a stale build for another Electron) into advice. */
export function explainStartupError(error: unknown, isPackaged: boolean): string {
  const text = error instanceof Error ? error.message : String(error);
  if (/NODE_MODULE_VERSION|was compiled against a different/i.test(text) && !isPackaged) {
    return `${text}\n\nThe SQLite module was built for another Electron or Node version. Rebuild it with:\n  ${NATIVE_BUILD_COMMAND}`;
  }
  return text;
}
