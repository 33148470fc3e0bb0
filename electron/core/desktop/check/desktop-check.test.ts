import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { HotkeysOverview } from '../../../../shared/types/desktop';
import type { DesktopSession } from '../../../../shared/types/desktop-check';
import type { SkillSummary } from '../../../../shared/types/skill';
import type { CapturedSelection } from '../../platform';
import { capturePart, FIX, hotkeyPart, pastePart, restorePart, SAID } from './check-parts';
import { runDesktopCheck, type DesktopCheckDeps } from './desktop-check';

const x11: DesktopSession = { kind: 'x11', compositor: null, desktop: 'XFCE' };
const sway: DesktopSession = { kind: 'wayland', compositor: 'wlroots', desktop: 'sway' };
const gnome: DesktopSession = { kind: 'wayland', compositor: 'gnome', desktop: 'GNOME' };
const all = () => true;
const none = () => false;
const only =
  (...programs: string[]) =>
  (program: string) =>
    programs.includes(program);

const overview = (states: ('registered' | 'conflict' | 'unsupported')[]): HotkeysOverview => ({
  available: true,
  paused: false,
  note: null,
  hotkeys: states.map((state, i) => ({
    skillId: `s${i}`,
    accelerator: `Ctrl+Alt+${i}`,
    state,
    message: null,
  })),
});

describe('the desktop check’s verdicts', () => {
  it('hotkeys: registered is enough on X11; on Wayland only a press proves the portal; no portal → bind a command', () => {
    expect(hotkeyPart(x11, overview(['registered']), false, 'skilldeck run s0 --trigger')).toMatchObject({
      state: 'ok',
      code: 'hotkey.registered',
    });
    expect(hotkeyPart(sway, overview(['registered']), true, 'c')).toMatchObject({
      state: 'unproven',
      fixCode: 'hotkey.pressToProve',
    });
    const gnomeNoPortal = hotkeyPart(gnome, overview(['registered']), false, 'skilldeck run fix --trigger');
    expect(gnomeNoPortal).toMatchObject({
      state: 'unavailable',
      code: 'hotkey.noPortal',
      fixCode: 'hotkey.bind.gnome',
    });
    expect(gnomeNoPortal.fix).toContain('`skilldeck run fix --trigger`');
    expect(hotkeyPart(sway, overview([]), false, 'c').fixCode).toBe('hotkey.bind.sway');
    expect(hotkeyPart(x11, overview(['conflict']), false, 'c')).toMatchObject({
      state: 'failed',
      said: 'Refused: Ctrl+Alt+0.',
      fixCode: 'hotkey.pickOther',
    });
    expect(hotkeyPart(x11, null, false, 'c')).toMatchObject({
      state: 'unavailable',
      code: 'hotkey.headless',
    });
  });

  it('capture: the sample captured is ok (GNOME’s copy fallback said); other text is a stale selection', () => {
    const got = (text: string, method: CapturedSelection['method']) => ({ text, method });
    expect(capturePart(x11, 'abc', got('abc', 'primary'), all).code).toBe('capture.primary');
    expect(capturePart(gnome, 'abc', got('abc', 'copy'), all).code).toBe('capture.copyNoDataControl');
    expect(capturePart(sway, 'abc', got('abc', 'copy'), all).code).toBe('capture.copy');
    expect(capturePart(x11, 'abc', got('old', 'primary'), all)).toMatchObject({
      state: 'failed',
      values: { got: 'old' },
      fixCode: 'capture.stale',
    });
    expect(capturePart(sway, 'abc', got('', 'none'), only('wtype')).fixCode).toBe(
      'capture.installWlClipboard',
    );
    expect(capturePart(gnome, 'abc', got('', 'none'), only('wl-copy', 'wl-paste')).fixCode).toBe(
      'capture.installKeys',
    );
    expect(capturePart(x11, 'abc', got('', 'none'), none).fixCode).toBe('capture.installX11');
    const onGnome = capturePart(gnome, 'abc', got('', 'none'), only('wl-copy', 'wl-paste', 'wtype'));
    expect(onGnome.fix).toBe(
      'GNOME does not let other apps read the selection (no data-control), so Skilldeck sends the copy key; wtype cannot send keys there: install ydotool.',
    );
    expect(
      capturePart({ kind: 'macos', compositor: null, desktop: '' }, 'abc', got('', 'none'), all).fixCode,
    ).toBe('capture.mac');
  });

  it('paste and restore: the fix fits the session', () => {
    const failed = { inserted: false, reason: 'wtype failed' };
    expect(pastePart(sway, { inserted: true }, all).state).toBe('ok');
    expect(pastePart(sway, failed, none).fixCode).toBe('paste.installKeys');
    expect(pastePart(gnome, failed, only('wtype')).fix).toBe(
      'wtype does not work on GNOME (no virtual-keyboard protocol): install ydotool.',
    );
    expect(pastePart(gnome, failed, only('wtype')).said).toBe('Not pasted: wtype failed');
    expect(restorePart('mine', 'mine').state).toBe('ok');
    expect(restorePart('mine', 'Skilldeck check')).toMatchObject({
      state: 'failed',
      fixCode: 'restore.manager',
    });
  });
});

describe('runDesktopCheck', () => {
  const skill = (id: string, hotkey: boolean) =>
    ({
      id,
      shadowedBy: null,
      meta: { enabled: true, hotkey: hotkey ? { accelerator: 'Ctrl+Alt+T', display: 'Ctrl+Alt+T' } : null },
    }) as unknown as SkillSummary;

  function deps(session: DesktopSession | null, field = { text: 'sample 1' }): DesktopCheckDeps {
    let board = 'user clipboard';
    return {
      session,
      has: all,
      listSkills: () => Promise.resolve([skill('alpha', false), skill('translate', true)]),
      ports: {
        clipboard: { readText: async () => board, writeText: async (t) => void (board = t) },
        focus: { current: async () => ({ id: '1', app: 'chromium', title: 'test', isTerminal: false }) },
        selection: { capture: async () => ({ text: field.text, method: 'copy' }) },
        inserter: {
          insert: async (text) => {
            field.text = text;
            return { inserted: true };
          },
        },
      },
    };
  }

  it('without a desktop says so and tries nothing', async () => {
    const field = { text: 'sample 1' };
    const report = await runDesktopCheck(deps(null, field), { sample: 'sample 1', insert: 'pasted 1' });
    expect(report).toMatchObject({
      available: false,
      parts: [],
      hotkeyRoute: 'none',
      bindSkill: 'translate',
    });
    expect(report.bindCommand).toBe('skilldeck run translate --trigger');
    expect(field.text).toBe('sample 1');
  });

  it('runs every part on X11 and reports each', async () => {
    const field = { text: 'sample 1' };
    const report = await runDesktopCheck(deps(x11, field), { sample: 'sample 1', insert: 'pasted 1' });
    expect(report.available).toBe(true);
    expect(report.hotkeyRoute).toBe('global-shortcut');
    expect(report.parts.map((p) => [p.part, p.state])).toEqual([
      ['hotkey', 'unavailable'], // no hotkey service: the headless host
      ['capture', 'ok'],
      ['paste', 'ok'],
      ['restore', 'ok'],
    ]);
    expect(field.text).toBe('pasted 1');
  });

  it('on Wayland without a portal (no gdbus answer) routes hotkeys to the desktop’s settings', async () => {
    const report = await runDesktopCheck(
      { ...deps(gnome), run: () => Promise.reject(new Error('no bus')) },
      { sample: 'sample 1', insert: 'x' },
    );
    expect(report.hotkeyRoute).toBe('desktop-settings');
    const portal = await runDesktopCheck(
      {
        ...deps(sway),
        run: () => Promise.resolve('<interface name="org.freedesktop.portal.GlobalShortcuts">'),
      },
      { sample: 'sample 1', insert: 'x' },
    );
    expect(portal.hotkeyRoute).toBe('portal');
  });

  it('the press that proves a binding is a skill’s registered hotkey, else the launcher’s key', async () => {
    const service = (skills: HotkeysOverview['hotkeys'], launcherState: 'registered' | 'off') => ({
      overview: (): HotkeysOverview => ({
        available: true,
        paused: false,
        note: null,
        hotkeys: skills,
        launcher: {
          accelerator: launcherState === 'off' ? null : 'Control+Alt+Space',
          isDefault: true,
          state: launcherState,
          message: null,
        },
      }),
      pause: () => {
        throw new Error('not here');
      },
      test: () => Promise.resolve(false),
      sync: () => Promise.reject(new Error('not here')),
    });
    const input = { sample: 'sample 1', insert: 'x' };
    const launcherOnly = await runDesktopCheck({ ...deps(sway), hotkeys: service([], 'registered') }, input);
    expect(launcherOnly).toMatchObject({
      testSkill: null,
      testLauncher: true,
      testAccelerator: 'Control+Alt+Space',
    });
    const skillToo = await runDesktopCheck(
      {
        ...deps(sway),
        hotkeys: service(
          [{ skillId: 'translate', accelerator: 'Ctrl+Alt+T', state: 'registered', message: null }],
          'registered',
        ),
      },
      input,
    );
    expect(skillToo).toMatchObject({
      testSkill: 'translate',
      testLauncher: false,
      testAccelerator: 'Ctrl+Alt+T',
    });
    const neither = await runDesktopCheck({ ...deps(sway), hotkeys: service([], 'off') }, input);
    expect(neither).toMatchObject({ testSkill: null, testLauncher: false, testAccelerator: null });
  });
});

describe('the dashboard’s words for the check', () => {
  it('say in English exactly what the core says (every code and fix has its key)', () => {
    const file = path.join(__dirname, '../../../../renderer/src/i18n/locales/en/desktopCheck.json');
    const words = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<
      string,
      Record<string, Record<string, unknown>>
    >;
    const lookup = (group: 'said' | 'fix', code: string) =>
      code.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], words[group]);
    for (const [code, text] of Object.entries(SAID)) expect(lookup('said', code), code).toBe(text);
    for (const [code, text] of Object.entries(FIX)) expect(lookup('fix', code), code).toBe(text);
  });
});
