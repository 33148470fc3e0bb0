import type { FocusedWindow, FocusPort } from '../../core/platform';
import { looksLikeTerminal, type DesktopBackend, type X11Ports } from './desktop-backend';
import type { RunCommand } from './run-command';
import { HelperUnavailable, type WindowsHelperClient } from './windows/helper-client';

// The front app, its front window's title and AXDocument (Safari: the tab's URL; document apps: a file
// URL, not used) through System Events — the Accessibility access capture already needs; a window that
// does not answer leaves them empty.
const MAC_FRONT_APP = [
  'tell application "System Events"',
  '  set p to first application process whose frontmost is true',
  '  set t to ""',
  '  set u to ""',
  '  try',
  '    set w to front window of p',
  '    set t to name of w',
  '    if t is missing value then set t to ""',
  '    try',
  '      set u to value of attribute "AXDocument" of w',
  '      if u is missing value then set u to ""',
  '    end try',
  '  end try',
  '  return (unix id of p as text) & tab & (name of p) & tab & t & tab & u',
  'end tell',
].join('\n');

/** osascript's answer → the focused window; a URL only when it is a web page's (http/https). */
export function parseMacFront(out: string): FocusedWindow | null {
  const [pid = '', app = '', title = '', document = ''] = out.replace(/\n$/, '').split('\t');
  if (!pid.trim()) return null;
  return {
    id: `pid:${pid.trim()}`,
    app,
    title: title.replace(/[\t\n]/g, ' '),
    ...(/^https?:\/\//i.test(document) ? { url: document } : {}),
    isTerminal: looksLikeTerminal(app),
  };
}
const WINDOWS_FOREGROUND =
  'Add-Type -Namespace Sd -Name W -MemberDefinition \'[DllImport("user32.dll")] public static extern System.IntPtr GetForegroundWindow(); [DllImport("user32.dll")] public static extern int GetWindowThreadProcessId(System.IntPtr h, out int p);\'; ' +
  '$h = [Sd.W]::GetForegroundWindow(); $p = 0; [void][Sd.W]::GetWindowThreadProcessId($h, [ref]$p); ' +
  '$q = Get-Process -Id $p; "$h`t$($q.ProcessName)`t$($q.MainWindowTitle)"';

/** A focus answer of the Windows helper (helper-script.ts) as the core's window. */
export function windowsFocusOf(answer: Record<string, unknown>): FocusedWindow | null {
  const hwnd = typeof answer.hwnd === 'string' ? answer.hwnd : '';
  if (!hwnd || hwnd === '0') return null;
  const app = typeof answer.app === 'string' ? answer.app : '';
  const title = typeof answer.title === 'string' ? answer.title : '';
  return { id: `hwnd:${hwnd}`, app, title, isTerminal: looksLikeTerminal(app) };
}

/**
 * FocusPort: the X11 ports, System Events on macOS, GetForegroundWindow on Windows (through the
 * long-lived helper; a one-shot PowerShell only when the helper cannot run); none on Wayland.
 */
export function createFocusPort(
  backend: DesktopBackend,
  run: RunCommand,
  x11: () => Promise<X11Ports | null>,
  windowsHelper?: Pick<WindowsHelperClient, 'request'>,
): FocusPort {
  return {
    async current(): Promise<FocusedWindow | null> {
      try {
        if (backend === 'x11') return (await (await x11())?.focus.current()) ?? null;
        if (backend === 'macos') return parseMacFront(await run('osascript', ['-e', MAC_FRONT_APP], 3000));
        if (backend === 'windows') {
          if (windowsHelper) {
            try {
              return windowsFocusOf(await windowsHelper.request('focus'));
            } catch (error) {
              if (!(error instanceof HelperUnavailable)) throw error;
              console.warn(
                '[skilldeck] the Windows helper is unavailable, asking PowerShell once:',
                error.message,
              );
            }
          }
          const out = await run(
            'powershell.exe',
            ['-NoProfile', '-NonInteractive', '-Command', WINDOWS_FOREGROUND],
            5000,
          );
          const [hwnd = '', app = '', title = ''] = out.trim().split('\t');
          return hwnd && hwnd !== '0'
            ? { id: `hwnd:${hwnd}`, app, title, isTerminal: looksLikeTerminal(app) }
            : null;
        }
      } catch (error) {
        console.warn('[skilldeck] could not read the focused window:', error);
      }
      return null; // Wayland: no client may ask which window has the focus
    },
  };
}
