// The desktop check's verdicts, pure: from what was tried (the session, the hotkeys' overview, what was
// captured, whether the paste went, the clipboard before and after) to a state, words and a fix per part.
import type {
  CheckPart,
  CheckPartName,
  CheckState,
  DesktopSession,
} from '../../../../shared/types/desktop-check';
import type { HotkeysOverview } from '../../../../shared/types/desktop';
import type { CapturedSelection } from '../../platform';
import { hasDataControl } from '../session';
import { waylandCapture, waylandKeyCommand, whereToBind } from '../wayland/wayland-plan';

/** English of each code (the dashboard has the same keys in `desktopCheck.json`). */
export const SAID: Record<string, string> = {
  'hotkey.headless': 'Global hotkeys exist in the desktop app; this host has none.',
  'hotkey.registered': '{{count}} hotkey(s) registered with the system.',
  'hotkey.none': 'No hotkey is set.',
  'hotkey.refused': 'Refused: {{keys}}.',
  'hotkey.portalUnproven':
    'The GlobalShortcuts portal accepted {{count}} hotkey(s), but it answers before binding — only a press proves it.',
  'hotkey.noPortal': 'This desktop offers no GlobalShortcuts portal: Skilldeck cannot bind keys itself here.',
  'capture.primary': 'Read the selection from PRIMARY, without sending a key.',
  'capture.copy': 'Read the selection by sending the copy key (the clipboard was put back).',
  'capture.copyNoDataControl':
    'This compositor does not let other apps read PRIMARY (no data-control): read with the copy key instead.',
  'capture.accessibility': 'Read the selection through the accessibility interface.',
  'capture.nothing': 'Nothing was captured from the test field.',
  'capture.other': 'Captured other text ("{{got}}"), not the test field’s selection.',
  'paste.sent': 'The text was put on the clipboard and the paste key sent.',
  'paste.failed': 'Not pasted: {{reason}}',
  'restore.same': 'Your clipboard is as it was before the check.',
  'restore.changed': 'Your clipboard changed during the check.',
};

export const FIX: Record<string, string> = {
  'hotkey.setOne': 'Give a skill a hotkey in its Appearance, or set the launcher’s key above.',
  'hotkey.pickOther': 'Another application holds these keys: pick others.',
  'hotkey.pressToProve': 'Press “Press a hotkey” below, then the key, to prove the binding fires.',
  'hotkey.bind.gnome':
    'Settings › Keyboard › View and Customize Shortcuts › Custom Shortcuts › +: command `{{command}}`.',
  'hotkey.bind.kde': 'System Settings › Keyboard › Shortcuts › Add New › Command or Script: `{{command}}`.',
  'hotkey.bind.sway':
    'In your compositor’s config, e.g. sway: `bindsym $mod+t exec {{command}}`; Hyprland: `bind = SUPER, T, exec, {{command}}`.',
  'hotkey.bind.other': 'Bind the command `{{command}}` to a key in your desktop’s keyboard settings.',
  'capture.selectFirst':
    'Select text with the mouse or keyboard, or turn on the copy fallback (Settings › Selection).',
  'capture.installWlClipboard': 'Install wl-clipboard (`sudo apt install wl-clipboard`).',
  'capture.installKeys': 'Install wtype (wlroots) or ydotool (any compositor) so the copy key can be sent.',
  'capture.noDataControl':
    '{{desktop}} does not let other apps read the selection (no data-control), so Skilldeck sends the copy key; wtype cannot send keys there: install ydotool.',
  'capture.installX11': 'Install xclip and xdotool (`sudo apt install xclip xdotool`).',
  'capture.mac': 'Allow Skilldeck in System Settings › Privacy & Security › Accessibility.',
  'capture.windows': 'Run Skilldeck at the same privilege level as the app you select in.',
  'capture.stale':
    'An older selection was still held; select the text again right before pressing the hotkey.',
  'paste.installKeys':
    'Install wtype (wlroots) or ydotool (any compositor; needs its daemon and /dev/uinput).',
  'paste.ydotool': 'wtype does not work on {{desktop}} (no virtual-keyboard protocol): install ydotool.',
  'paste.x11': 'Install xdotool and xclip (`sudo apt install xdotool xclip`).',
  'paste.mac': 'Allow Skilldeck in System Settings › Privacy & Security › Accessibility.',
  'paste.windows': 'Run Skilldeck at the same privilege level as the target app (not elevated vs. not).',
  'restore.manager':
    'A clipboard manager or another app wrote to the clipboard meanwhile; run the check again with it paused.',
};

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => values[name] ?? '');

export function part(
  name: CheckPartName,
  state: CheckState,
  code: string,
  values: Record<string, string> = {},
  fixCode: string | null = null,
): CheckPart {
  return {
    part: name,
    state,
    code,
    values,
    said: fill(SAID[code] ?? code, values),
    fixCode,
    fix: fixCode ? fill(FIX[fixCode] ?? fixCode, values) : null,
  };
}

export function hotkeyPart(
  session: DesktopSession,
  overview: HotkeysOverview | null,
  portal: boolean,
  command: string,
): CheckPart {
  if (!overview?.available) return part('hotkey', 'unavailable', 'hotkey.headless');
  const all = [...overview.hotkeys, ...(overview.launcher ? [{ ...overview.launcher, skillId: '' }] : [])];
  const registered = all.filter((h) => h.state === 'registered').length;
  const refused = all.filter((h) => h.state === 'conflict' || h.state === 'unsupported');
  const bind = `hotkey.bind.${whereToBind(session.compositor)}`;
  if (session.kind === 'wayland' && !portal)
    return part('hotkey', 'unavailable', 'hotkey.noPortal', { command }, bind);
  if (refused.length > 0 && registered === 0) {
    const keys = refused.map((h) => h.accelerator ?? '').join(', ');
    return session.kind === 'wayland'
      ? part('hotkey', 'failed', 'hotkey.refused', { keys, command }, bind)
      : part('hotkey', 'failed', 'hotkey.refused', { keys }, 'hotkey.pickOther');
  }
  if (registered === 0) return part('hotkey', 'unavailable', 'hotkey.none', {}, 'hotkey.setOne');
  if (session.kind === 'wayland')
    return part(
      'hotkey',
      'unproven',
      'hotkey.portalUnproven',
      { count: String(registered) },
      'hotkey.pressToProve',
    );
  return part('hotkey', 'ok', 'hotkey.registered', { count: String(registered) });
}

export function capturePart(
  session: DesktopSession,
  sample: string,
  captured: CapturedSelection,
  has: (program: string) => boolean,
): CheckPart {
  if (captured.text === sample) {
    if (captured.method === 'copy' && session.kind === 'wayland' && !hasDataControl(session.compositor))
      return part('capture', 'ok', 'capture.copyNoDataControl');
    return part('capture', 'ok', `capture.${captured.method === 'none' ? 'copy' : captured.method}`);
  }
  if (captured.text !== '')
    return part('capture', 'failed', 'capture.other', { got: captured.text.slice(0, 40) }, 'capture.stale');
  return part(
    'capture',
    'failed',
    'capture.nothing',
    { desktop: session.desktop || 'This desktop' },
    captureFix(session, has),
  );
}

function captureFix(session: DesktopSession, has: (program: string) => boolean): string {
  switch (session.kind) {
    case 'wayland': {
      const plan = waylandCapture(session.compositor, has);
      if (plan.method === 'copy' && plan.why === 'no-wl-clipboard') return 'capture.installWlClipboard';
      if (waylandKeyCommand('copy', has) === null) return 'capture.installKeys';
      // GNOME / KDE speak no virtual-keyboard protocol: only ydotool's key reaches their apps
      if (!hasDataControl(session.compositor) && session.compositor !== 'other' && !has('ydotool'))
        return 'capture.noDataControl';
      return 'capture.selectFirst';
    }
    case 'x11':
      return has('xclip') && has('xdotool') ? 'capture.selectFirst' : 'capture.installX11';
    case 'macos':
      return 'capture.mac';
    case 'windows':
      return 'capture.windows';
    default:
      return 'capture.selectFirst';
  }
}

export function pastePart(
  session: DesktopSession,
  result: { inserted: boolean; reason?: string },
  has: (program: string) => boolean,
): CheckPart {
  if (result.inserted) return part('paste', 'ok', 'paste.sent');
  const values = { reason: result.reason ?? '', desktop: session.desktop || 'this desktop' };
  switch (session.kind) {
    case 'wayland':
      if (waylandKeyCommand('paste', has) === null)
        return part('paste', 'failed', 'paste.failed', values, 'paste.installKeys');
      // wtype speaks the virtual-keyboard protocol, which GNOME and KDE do not offer
      if (session.compositor !== 'wlroots' && !has('ydotool'))
        return part('paste', 'failed', 'paste.failed', values, 'paste.ydotool');
      return part('paste', 'failed', 'paste.failed', values);
    case 'x11':
      return part('paste', 'failed', 'paste.failed', values, has('xdotool') ? null : 'paste.x11');
    case 'macos':
      return part('paste', 'failed', 'paste.failed', values, 'paste.mac');
    case 'windows':
      return part('paste', 'failed', 'paste.failed', values, 'paste.windows');
    default:
      return part('paste', 'failed', 'paste.failed', values);
  }
}

export function restorePart(before: string, after: string): CheckPart {
  return before === after
    ? part('restore', 'ok', 'restore.same')
    : part('restore', 'failed', 'restore.changed', {}, 'restore.manager');
}
