// Every Skilldeck window (the dashboard, the floating cards, the command bar) is opened here, with one set
// of web preferences: sandboxed, context-isolated, no Node, no <webview>, only its own preload.
import { BrowserWindow, type BrowserWindowConstructorOptions, type WebPreferences } from 'electron';

/** The web preferences of every Skilldeck window, apart from its preload. */
export const LOCKED_DOWN_PREFERENCES = Object.freeze({
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  webviewTag: false,
  experimentalFeatures: false,
  navigateOnDragDrop: false,
  safeDialogs: true,
  spellcheck: false,
  // Middle-click would open links in a new window; the window-open handler denies them anyway.
  disableBlinkFeatures: 'Auxclick',
} as const satisfies WebPreferences);

export type WindowOptions = Omit<BrowserWindowConstructorOptions, 'webPreferences'>;

/** A window with LOCKED_DOWN_PREFERENCES and `preload` (a bridge in electron/preload). */
export function openLockedDownWindow(options: WindowOptions, preload: string): BrowserWindow {
  return new BrowserWindow({
    ...options,
    // Spelled out, not `...LOCKED_DOWN_PREFERENCES`: the Electronegativity gate (npm run scan:electron)
    // reads `new BrowserWindow({ webPreferences: {...} })` in the source and would not see a spread.
    // locked-down-window.test.ts checks this literal equals LOCKED_DOWN_PREFERENCES.
    webPreferences: {
      preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      spellcheck: false,
      disableBlinkFeatures: 'Auxclick',
    },
  });
}
