// Which desktop session Skilldeck runs in, from the platform and the environment: the one input of every
// desktop decision (how hotkeys are bound, how the selection is read, how text is pasted). Pure.
import type { CompositorFamily, DesktopSession, SessionKind } from '../../../shared/types/desktop-check';

export function sessionKind(platform: NodeJS.Platform, env: NodeJS.ProcessEnv): SessionKind {
  if (platform === 'darwin') return 'macos';
  if (platform === 'win32') return 'windows';
  if (platform !== 'linux') return 'none';
  // A Wayland session also sets DISPLAY for XWayland, but X tools there reach X clients only.
  const type = env.XDG_SESSION_TYPE?.toLowerCase();
  if (type === 'wayland') return 'wayland';
  if (type === 'x11' || env.DISPLAY) return 'x11';
  if (env.WAYLAND_DISPLAY) return 'wayland';
  return 'none';
}

const WLROOTS = /^(sway|hyprland|river|labwc|wayfire|niri|dwl|qtile|cage|cosmic|phosh)$/;

/**
 * The compositor's family. Compositors that speak wlroots' data-control protocol (or its ext- successor)
 * are grouped with wlroots even when not built on it (Hyprland, niri, COSMIC); KDE's KWin has it too.
 */
export function compositorFamily(env: NodeJS.ProcessEnv): CompositorFamily {
  const desktops = (env.XDG_CURRENT_DESKTOP ?? env.XDG_SESSION_DESKTOP ?? env.DESKTOP_SESSION ?? '')
    .toLowerCase()
    .split(':')
    .map((name) => name.trim());
  if (desktops.includes('kde') || env.KDE_FULL_SESSION === 'true') return 'kde';
  if (desktops.some((name) => /gnome|unity|ubuntu|budgie|pantheon/.test(name))) return 'gnome';
  if (env.SWAYSOCK || env.HYPRLAND_INSTANCE_SIGNATURE || env.NIRI_SOCKET) return 'wlroots';
  if (desktops.some((name) => WLROOTS.test(name))) return 'wlroots';
  return 'other';
}

export function detectDesktopSession(platform: NodeJS.Platform, env: NodeJS.ProcessEnv): DesktopSession {
  const kind = sessionKind(platform, env);
  return {
    kind,
    compositor: kind === 'wayland' ? compositorFamily(env) : null,
    desktop: env.XDG_CURRENT_DESKTOP ?? '',
  };
}

/** The compositor offers data-control: the clipboard and PRIMARY can be read and written without focus. */
export function hasDataControl(compositor: CompositorFamily | null): boolean {
  return compositor === 'wlroots' || compositor === 'kde';
}
