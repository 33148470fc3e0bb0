// How the card and the command bar stay above the application the user works in — on macOS also above
// one in full screen, which has a Space of its own that ordinary windows never join.
import type { BrowserWindow, BrowserWindowConstructorOptions } from 'electron';

type Level = NonNullable<Parameters<BrowserWindow['setAlwaysOnTop']>[1]>;

/**
 * Constructor options: on macOS a `panel` (Electron's NSPanel style: a window that can float on top of
 * full-screened apps and appears on every Space; clicking it does not bring Skilldeck forward).
 */
export function floatingWindowOptions(platform: NodeJS.Platform): Partial<BrowserWindowConstructorOptions> {
  return platform === 'darwin' ? { type: 'panel' } : {};
}

/**
 * After creation. macOS: the `screen-saver` level (above full-screen windows and the menu bar), on every
 * Space including full-screen ones. `skipTransformProcessType`: without it Electron turns the whole app
 * into a dock-less UI element each time (the Dock icon vanishes, the app is deactivated and the user is
 * pulled out of full screen); the panel type is what lets the window join a full-screen Space.
 * Elsewhere: the level given (X11 and Windows have no full-screen Spaces).
 */
export function floatAbove(
  window: Pick<BrowserWindow, 'setAlwaysOnTop' | 'setVisibleOnAllWorkspaces'>,
  platform: NodeJS.Platform,
  level: Level,
): void {
  if (platform !== 'darwin') {
    window.setAlwaysOnTop(true, level);
    return;
  }
  window.setAlwaysOnTop(true, 'screen-saver');
  window.setVisibleOnAllWorkspaces(true, { visibleOnFullScreen: true, skipTransformProcessType: true });
}
