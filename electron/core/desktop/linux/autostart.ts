// Launch at login on Linux: an XDG autostart entry (freedesktop.org "Desktop Application Autostart
// Specification"), `$XDG_CONFIG_HOME/autostart/skilldeck.desktop` (default ~/.config/autostart). Every
// desktop that follows the spec (GNOME, KDE, Xfce, Cinnamon, MATE, LXQt; sway and Hyprland through
// their autostart helpers) starts it at login. Turning it off removes the file; the write is atomic.
import fs from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../../fs/atomic-write';

export const AUTOSTART_FILE_NAME = 'skilldeck.desktop';

/** Where the entry lives for this user. */
export function autostartFile(home: string, env: NodeJS.ProcessEnv): string {
  const config = env.XDG_CONFIG_HOME && path.isAbsolute(env.XDG_CONFIG_HOME) ? env.XDG_CONFIG_HOME : null;
  return path.join(config ?? path.join(home, '.config'), 'autostart', AUTOSTART_FILE_NAME);
}

/**
 * The program to start: the AppImage file when running from one (its mount point changes every start),
 * else the executable.
 */
export function autostartProgram(execPath: string, env: NodeJS.ProcessEnv): string {
  return env.APPIMAGE && path.isAbsolute(env.APPIMAGE) ? env.APPIMAGE : execPath;
}

/** An Exec argument quoted as the Desktop Entry spec asks (double quotes; `"`, `` ` ``, `$`, `\` escaped). */
export function quoteExecArgument(arg: string): string {
  if (/^[A-Za-z0-9_\-./+:=,@]+$/.test(arg)) return arg;
  // The spec's escapes inside quotes, then the string escape of the file's value for each backslash.
  const quoted = `"${arg.replace(/(["`$\\])/g, '\\$1')}"`;
  return quoted.replace(/\\/g, '\\\\').replace(/%/g, '%%');
}

/** The entry's text. `--hidden`: started at login, Skilldeck stays in the tray without opening the dashboard. */
export function autostartEntry(program: string): string {
  return [
    '[Desktop Entry]',
    'Type=Application',
    'Name=Skilldeck',
    'Comment=Skills for your selected text, on a hotkey',
    `Exec=${quoteExecArgument(program)} --hidden`,
    'Icon=skilldeck',
    'Terminal=false',
    'X-GNOME-Autostart-enabled=true',
    '',
  ].join('\n');
}

export interface AutostartTarget {
  home: string;
  env: NodeJS.ProcessEnv;
  /** The executable (process.execPath). */
  execPath: string;
}

/** Whether Skilldeck starts at login: our entry exists and is not turned off (Hidden=true). */
export async function isAutostartOn(target: Pick<AutostartTarget, 'home' | 'env'>): Promise<boolean> {
  try {
    const text = await fs.readFile(autostartFile(target.home, target.env), 'utf8');
    return !/^\s*Hidden\s*=\s*true\s*$/im.test(text);
  } catch {
    return false;
  }
}

/** Writes the entry (atomically, creating the folder) or removes it. */
export async function setAutostart(target: AutostartTarget, on: boolean): Promise<void> {
  const file = autostartFile(target.home, target.env);
  if (!on) {
    await fs.rm(file, { force: true });
    return;
  }
  await fs.mkdir(path.dirname(file), { recursive: true });
  await writeFileAtomic(file, autostartEntry(autostartProgram(target.execPath, target.env)));
}
