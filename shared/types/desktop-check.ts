import { z } from 'zod';

/** The session the desktop app runs in: what decides how hotkeys, capture and paste work. */
export const SessionKind = z.enum(['x11', 'wayland', 'macos', 'windows', 'none']);
export type SessionKind = z.infer<typeof SessionKind>;

/**
 * Wayland compositors by what they let a client do: wlroots (sway, Hyprland, river, labwc, Wayfire) and
 * KDE offer the data-control protocol (clipboard and PRIMARY read without focus); GNOME does not.
 */
export const CompositorFamily = z.enum(['wlroots', 'kde', 'gnome', 'other']);
export type CompositorFamily = z.infer<typeof CompositorFamily>;

export const DesktopSession = z.object({
  kind: SessionKind,
  /** Wayland only: the compositor's family (null elsewhere). */
  compositor: CompositorFamily.nullable(),
  /** XDG_CURRENT_DESKTOP as set (e.g. "GNOME", "KDE", "sway"), '' when unset. */
  desktop: z.string(),
});
export type DesktopSession = z.infer<typeof DesktopSession>;

export const CheckPartName = z.enum(['hotkey', 'capture', 'paste', 'restore']);
export type CheckPartName = z.infer<typeof CheckPartName>;

/**
 * `ok` works here; `failed` was tried and did not work; `unavailable` cannot work on this session (the fix
 * says what to do instead); `unproven` registered but only a press proves it (the Wayland portal answers
 * before binding, electron#52218).
 */
export const CheckState = z.enum(['ok', 'failed', 'unavailable', 'unproven']);
export type CheckState = z.infer<typeof CheckState>;

export const CheckPart = z.object({
  part: CheckPartName,
  state: CheckState,
  /** What happened, as a key the dashboard words (`desktopCheck:said.<code>`) with its values. */
  code: z.string(),
  values: z.record(z.string(), z.string()),
  /** The same in English (logs, the CLI, a dashboard without the key). */
  said: z.string(),
  /** What to do about it (`desktopCheck:fix.<fixCode>`); null when nothing is to be done. */
  fixCode: z.string().nullable(),
  fix: z.string().nullable(),
});
export type CheckPart = z.infer<typeof CheckPart>;

/** `desktop:check`: the page's test field holds `sample`, selected and focused; `insert` is pasted over it. */
export const DesktopCheckInput = z
  .object({
    sample: z.string().min(1).max(200),
    insert: z.string().min(1).max(200),
  })
  .strict();
export type DesktopCheckInput = z.infer<typeof DesktopCheckInput>;

export const DesktopCheckReport = z.object({
  /** false: this host has no desktop (`skilldeck serve` without --desktop): nothing was tried. */
  available: z.boolean(),
  session: DesktopSession,
  parts: z.array(CheckPart),
  /** How a hotkey reaches Skilldeck here: Electron's globalShortcut, the GlobalShortcuts portal, or the desktop's own shortcut settings. */
  hotkeyRoute: z.enum(['global-shortcut', 'portal', 'desktop-settings', 'none']),
  /** The command to bind in the desktop's shortcut settings (`skilldeck run <skill> --trigger`). */
  bindCommand: z.string(),
  /** The skill `bindCommand` names (a skill with a hotkey, else the first skill), null when there is none. */
  bindSkill: z.string().nullable(),
  /** A skill whose hotkey a press can prove (`hotkeys:test`), null when none is registered. */
  testSkill: z.string().nullable(),
  /** No skill's hotkey is registered but the launcher's key is: a press of it proves the binding. */
  testLauncher: z.boolean().optional(),
  /** The key to press for the proof (the skill's, else the launcher's). */
  testAccelerator: z.string().nullable(),
});
export type DesktopCheckReport = z.infer<typeof DesktopCheckReport>;
