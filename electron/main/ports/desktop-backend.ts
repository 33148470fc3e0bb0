import { waylandKeyCommand } from '../../core/desktop/wayland/wayland-plan';
import { onPath } from '../../core/fs/on-path';
import type { PlatformPorts } from '../../core/platform';

// The one place that decides how Skilldeck reaches the desktop on this machine: which selection,
// focus and paste route the Electron ports take. Pure, so the choice is tested on every platform.

export type DesktopBackend = 'x11' | 'wayland' | 'macos' | 'windows' | 'unsupported';

/** What the Linux X11 ports (electron/core/desktop/linux, createX11Ports) provide: the `x11` route. */
export type X11Ports = Pick<PlatformPorts, 'focus' | 'selection' | 'inserter'>;

export function chooseDesktopBackend(platform: NodeJS.Platform, env: NodeJS.ProcessEnv): DesktopBackend {
  if (platform === 'darwin') return 'macos';
  if (platform === 'win32') return 'windows';
  if (platform !== 'linux') return 'unsupported';
  // A Wayland session also sets DISPLAY for XWayland, but xdotool there reaches X clients only.
  const session = env.XDG_SESSION_TYPE?.toLowerCase();
  if (session === 'wayland') return 'wayland';
  if (session === 'x11' || env.DISPLAY) return 'x11';
  if (env.WAYLAND_DISPLAY) return 'wayland';
  return 'unsupported';
}

/** How the paste and copy keys are sent where selection-hook and the X11 ports do not do it themselves. */
export interface KeyCommand {
  file: string;
  args: string[];
}

// By key code (the physical ANSI V and C keys), not `keystroke "v"`: keystroke types a character, which
// Cyrillic, Greek or Korean layouts have on no key, so ⌘V never arrives there (their ⌘ layer is QWERTY).
// Except on Latin layouts that move the letters (Dvorak: that key is K, and ⌘K arrives): by character there.
const SYSTEM_EVENTS = 'tell application "System Events" to';
const MAC_KEY_CODE = { paste: 9, copy: 8 } as const;

/** macOS's current keyboard layout (an input source id such as `com.apple.keylayout.Dvorak`). */
export const MAC_LAYOUT_QUERY = ['read', 'com.apple.HIToolbox', 'AppleCurrentKeyboardLayoutInputSourceID'];

/** Whether ⌘V / ⌘C go by character on this layout: Latin layouts where V and C are not on their QWERTY keys. */
export function macKeysByCharacter(layoutId: string): boolean {
  return /dvorak|colemak|workman|bepo/i.test(layoutId) && !/qwertycmd/i.test(layoutId);
}
const SEND_KEYS = 'Add-Type -AssemblyName System.Windows.Forms; [System.Windows.Forms.SendKeys]::SendWait';

/** The keys sent: paste, copy, and `collapse` (Right: the selection collapses to its end, for insert_after). */
export type ShellKey = 'paste' | 'copy' | 'collapse';

/** The same keys as the Windows helper's chords (sent by virtual key: any keyboard layout). */
export const WINDOWS_CHORD: Record<ShellKey, string> = { paste: 'ctrl+v', copy: 'ctrl+c', collapse: 'right' };

export function keyCommand(
  backend: DesktopBackend,
  key: ShellKey,
  has: (program: string) => boolean = onPath,
  /** macOS: the current keyboard layout's id (MAC_LAYOUT_QUERY); unknown: by key code. */
  macLayout = '',
): KeyCommand | null {
  if (key === 'collapse') return collapseCommand(backend, has);
  const letter = key === 'paste' ? 'v' : 'c';
  switch (backend) {
    case 'wayland':
      return waylandKeyCommand(key, has); // wtype, else ydotool (electron/core/desktop/wayland)
    case 'macos':
      return {
        file: 'osascript',
        args: [
          '-e',
          macKeysByCharacter(macLayout)
            ? `${SYSTEM_EVENTS} keystroke "${letter}" using command down`
            : `${SYSTEM_EVENTS} key code ${MAC_KEY_CODE[key]} using command down`,
        ],
      };
    case 'windows':
      // what the long-lived helper (windows/helper-client.ts) replaces: only when it cannot run
      return {
        file: 'powershell.exe',
        args: ['-NoProfile', '-NonInteractive', '-Command', `${SEND_KEYS}('^${letter}')`],
      };
    default:
      return null; // X11: the X11 ports send keys
  }
}

/** The Right arrow, alone: a selection collapses to its end, where the paste then goes. */
function collapseCommand(backend: DesktopBackend, has: (program: string) => boolean): KeyCommand | null {
  switch (backend) {
    case 'wayland':
      return waylandKeyCommand('collapse', has);
    case 'macos':
      return { file: 'osascript', args: ['-e', 'tell application "System Events" to key code 124'] };
    case 'windows':
      return {
        file: 'powershell.exe',
        args: ['-NoProfile', '-NonInteractive', '-Command', `${SEND_KEYS}('{RIGHT}')`],
      };
    default:
      return null;
  }
}

/** Terminals take Ctrl+C as an interrupt: never send them the copy key. */
export function looksLikeTerminal(app: string): boolean {
  return (
    /terminal|iterm|kitty|alacritty|wezterm|xterm|konsole|ghostty|warp|hyper|tabby|conhost|openconsole|powershell|pwsh|mintty|tilix|terminator|urxvt|rxvt|st-256color|foot/i.test(
      app,
    ) ||
    // Windows names a process without `.exe` (`cmd`), selection-hook with it: the whole name, either way
    /^(cmd|wsl)(\.exe)?$/i.test(app)
  );
}
