// Who Skilldeck is to Windows. Notifications show only for an AppUserModelID that a Start-menu shortcut
// carries: the installer's shortcut carries electron-builder.yml's `appId`; in development there is none,
// and Electron's own executable path is the ID Windows accepts then (Electron's notifications guide).

/** electron-builder.yml's `appId` (a test keeps the two equal). */
export const APP_ID = 'dev.skilldeck.app';

export function appUserModelId(isPackaged: boolean, execPath: string): string {
  return isPackaged ? APP_ID : execPath;
}
