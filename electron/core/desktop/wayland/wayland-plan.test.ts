import { describe, expect, it } from 'vitest';
import { compositorFamily, detectDesktopSession, hasDataControl } from '../session';
import {
  bindCommand,
  portalHasGlobalShortcuts,
  typeToKeep,
  waylandCapture,
  waylandKeyCommand,
  waylandPasteCommand,
  whereToBind,
} from './wayland-plan';

const all = () => true;
const only =
  (...programs: string[]) =>
  (program: string) =>
    programs.includes(program);

describe('the desktop session', () => {
  it('tells X11, Wayland (by compositor family), macOS and Windows apart', () => {
    expect(detectDesktopSession('linux', { XDG_SESSION_TYPE: 'x11', DISPLAY: ':0' })).toEqual({
      kind: 'x11',
      compositor: null,
      desktop: '',
    });
    expect(
      detectDesktopSession('linux', {
        XDG_SESSION_TYPE: 'wayland',
        DISPLAY: ':0',
        XDG_CURRENT_DESKTOP: 'GNOME',
      }),
    ).toEqual({ kind: 'wayland', compositor: 'gnome', desktop: 'GNOME' });
    expect(detectDesktopSession('linux', { WAYLAND_DISPLAY: 'wayland-0' }).kind).toBe('wayland');
    expect(detectDesktopSession('linux', {}).kind).toBe('none');
    expect(detectDesktopSession('darwin', {}).kind).toBe('macos');
    expect(detectDesktopSession('win32', {}).kind).toBe('windows');
  });

  it('names the compositor family from the desktop and the compositors’ own variables', () => {
    expect(compositorFamily({ XDG_CURRENT_DESKTOP: 'KDE' })).toBe('kde');
    expect(compositorFamily({ XDG_CURRENT_DESKTOP: 'ubuntu:GNOME' })).toBe('gnome');
    expect(compositorFamily({ XDG_CURRENT_DESKTOP: 'sway' })).toBe('wlroots');
    expect(compositorFamily({ XDG_CURRENT_DESKTOP: 'Hyprland' })).toBe('wlroots');
    expect(compositorFamily({ SWAYSOCK: '/run/user/1000/sway-ipc.sock' })).toBe('wlroots');
    expect(compositorFamily({ XDG_CURRENT_DESKTOP: 'Weston' })).toBe('other');
    expect([
      hasDataControl('wlroots'),
      hasDataControl('kde'),
      hasDataControl('gnome'),
      hasDataControl('other'),
    ]).toEqual([true, true, false, false]);
  });
});

describe('Wayland decisions', () => {
  it('captures PRIMARY with wl-paste where data-control exists, else falls back to the copy key', () => {
    expect(waylandCapture('wlroots', all)).toEqual({
      method: 'primary',
      command: { file: 'wl-paste', args: ['--primary', '--no-newline', '--type', 'text'] },
    });
    expect(waylandCapture('kde', all).method).toBe('primary');
    expect(waylandCapture('gnome', all)).toEqual({ method: 'copy', why: 'no-data-control' });
    expect(waylandCapture('wlroots', only('wtype'))).toEqual({ method: 'copy', why: 'no-wl-clipboard' });
  });

  it('sends keys with wtype, else ydotool (input event codes), else not at all', () => {
    expect(waylandKeyCommand('paste', all)).toEqual({
      file: 'wtype',
      args: ['-M', 'ctrl', '-k', 'v', '-m', 'ctrl'],
    });
    expect(waylandKeyCommand('copy', only('ydotool'))).toEqual({
      file: 'ydotool',
      args: ['key', '29:1', '46:1', '46:0', '29:0'],
    });
    expect(waylandKeyCommand('collapse', only('ydotool'))?.args).toEqual(['key', '106:1', '106:0']);
    expect(waylandKeyCommand('paste', only('wl-copy'))).toBeNull();
  });

  it('an app rule’s paste key: chords through wtype or ydotool (pressed, then released in reverse), type-out from stdin', () => {
    expect(waylandPasteCommand('ctrl+shift+v', all)?.args).toEqual([
      '-M',
      'ctrl',
      '-M',
      'shift',
      '-k',
      'v',
      '-m',
      'shift',
      '-m',
      'ctrl',
    ]);
    expect(waylandPasteCommand('shift+insert', all)?.args).toEqual([
      '-M',
      'shift',
      '-k',
      'Insert',
      '-m',
      'shift',
    ]);
    expect(waylandPasteCommand('type', all)).toEqual({ file: 'wtype', args: ['-'] });
    expect(waylandPasteCommand('ctrl+shift+v', only('ydotool'))?.args).toEqual([
      'key',
      '29:1',
      '42:1',
      '47:1',
      '47:0',
      '42:0',
      '29:0',
    ]);
    expect(waylandPasteCommand('shift+insert', only('ydotool'))?.args).toEqual([
      'key',
      '42:1',
      '110:1',
      '110:0',
      '42:0',
    ]);
    expect(waylandPasteCommand('type', only('ydotool'))).toEqual({
      file: 'ydotool',
      args: ['type', '--file', '-'],
    });
    expect(waylandPasteCommand('type', only('wl-copy'))).toBeNull();
  });

  it('keeps the richest clipboard type in a snapshot, not the X11 aliases', () => {
    expect(typeToKeep(['TEXT', 'STRING', 'text/plain', 'text/html', 'image/png'])).toBe('image/png');
    expect(typeToKeep(['UTF8_STRING', 'text/plain', 'text/plain;charset=utf-8'])).toBe(
      'text/plain;charset=utf-8',
    );
    expect(typeToKeep(['application/x-custom'])).toBe('application/x-custom');
    expect(typeToKeep([])).toBeNull();
  });

  it('finds the GlobalShortcuts portal in the portal’s introspection', () => {
    const xml = (names: string[]) =>
      `<node>${names.map((name) => `<interface name="${name}"><method name="X"/></interface>`).join('')}</node>`;
    expect(
      portalHasGlobalShortcuts(
        xml(['org.freedesktop.portal.Screenshot', 'org.freedesktop.portal.GlobalShortcuts']),
      ),
    ).toBe(true);
    expect(portalHasGlobalShortcuts(xml(['org.freedesktop.portal.Screenshot']))).toBe(false);
  });

  it('builds the command to bind in the desktop’s shortcut settings, quoted when needed', () => {
    expect(bindCommand('translate')).toBe('skilldeck run translate --trigger');
    expect(bindCommand('plugin:fix-it')).toBe('skilldeck run plugin:fix-it --trigger');
    expect(bindCommand("it's odd")).toBe("skilldeck run 'it'\\''s odd' --trigger");
    // the packaged app has no CLI on PATH: its own executable, which hands --trigger to the running app
    expect(bindCommand('translate', '/opt/Skilldeck/skilldeck')).toBe(
      '/opt/Skilldeck/skilldeck --trigger translate',
    );
    expect(bindCommand('translate', '/home/a/My Apps/Skilldeck.AppImage')).toBe(
      "'/home/a/My Apps/Skilldeck.AppImage' --trigger translate",
    );
    expect([whereToBind('gnome'), whereToBind('kde'), whereToBind('wlroots'), whereToBind(null)]).toEqual([
      'gnome',
      'kde',
      'sway',
      'other',
    ]);
  });
});
