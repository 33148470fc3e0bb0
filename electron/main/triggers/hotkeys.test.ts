import { afterEach, describe, expect, it, vi } from 'vitest';
import { HotkeysOverview, type TriggerInput } from '../../../shared/types/desktop';
import type { SkillSummary } from '../../../shared/types/skill';
import {
  acceleratorKey,
  createHotkeyManager,
  hotkeyPlatform,
  OS_REFUSED_MESSAGE,
  skillHotkeysFrom,
  WAYLAND_NOTE,
  type ShortcutRegistrar,
  type SkillHotkey,
} from './hotkeys';

/** globalShortcut as the OS sees it: `taken` are held by other applications. */
class FakeRegistrar implements ShortcutRegistrar {
  readonly held = new Map<string, () => void>();
  readonly taken = new Set<string>();
  readonly log: string[] = [];
  register(accelerator: string, callback: () => void): boolean {
    this.log.push(`register ${accelerator}`);
    if (this.taken.has(accelerator) || this.held.has(accelerator)) return false;
    this.held.set(accelerator, callback);
    return true;
  }
  unregister(accelerator: string): void {
    this.log.push(`unregister ${accelerator}`);
    this.held.delete(accelerator);
  }
  isRegistered(accelerator: string): boolean {
    return this.held.has(accelerator);
  }
  press(accelerator: string): void {
    const callback = this.held.get(accelerator);
    if (!callback) throw new Error(`${accelerator} is not registered`);
    callback();
  }
}

function setup(list: SkillHotkey[], options: { wayland?: boolean; testTimeoutMs?: number } = {}) {
  const registrar = new FakeRegistrar();
  const triggered: TriggerInput[] = [];
  const emitted: HotkeysOverview[] = [];
  const state = { list };
  const manager = createHotkeyManager({
    registrar,
    listSkillHotkeys: () => state.list,
    onTrigger: (input) => void triggered.push(input),
    emit: (overview) => void emitted.push(HotkeysOverview.parse(overview)),
    platform: { os: 'linux', wayland: options.wayland ?? false },
    testTimeoutMs: options.testTimeoutMs,
    log: () => undefined,
  });
  return { registrar, triggered, emitted, state, manager };
}

const hk = (skillId: string, accelerator: string, enabled = true): SkillHotkey => ({
  skillId,
  accelerator,
  enabled,
});

afterEach(() => {
  vi.useRealTimers();
});

describe('createHotkeyManager', () => {
  it('registers every enabled skill hotkey at start, and a press triggers its skill', async () => {
    const { registrar, manager, triggered, emitted } = setup([
      hk('translate', 'CmdOrCtrl+Shift+T'),
      hk('polish', 'Alt+P'),
      hk('memo', 'Alt+M', false),
    ]);
    expect(registrar.held.size).toBe(0); // nothing before sync()
    const overview = await manager.sync();
    expect([...registrar.held.keys()].sort()).toEqual(['Alt+P', 'CmdOrCtrl+Shift+T']);
    expect(overview).toEqual({
      available: true,
      paused: false,
      note: null,
      noteKind: null,
      hotkeys: [
        { skillId: 'translate', accelerator: 'CmdOrCtrl+Shift+T', state: 'registered', message: null },
        { skillId: 'polish', accelerator: 'Alt+P', state: 'registered', message: null },
      ],
    });
    expect(emitted).toEqual([overview]);
    registrar.press('Alt+P');
    expect(triggered).toEqual([{ skillId: 'polish', source: 'hotkey' }]);
  });

  it('reports an invalid accelerator with the reason and registers nothing for it', async () => {
    const { registrar, manager } = setup([hk('a', 'K'), hk('b', 'Ctrl+Shift+Nope'), hk('c', 'Ctrl+K')]);
    const { hotkeys } = await manager.sync();
    expect(hotkeys).toEqual([
      { skillId: 'a', accelerator: 'K', state: 'invalid', message: expect.stringMatching(/modifier/) },
      {
        skillId: 'b',
        accelerator: 'Ctrl+Shift+Nope',
        state: 'invalid',
        message: expect.stringMatching(/Nope/),
      },
      { skillId: 'c', accelerator: 'Ctrl+K', state: 'registered', message: null },
    ]);
    expect(registrar.log).toEqual(['register Ctrl+K']);
  });

  it('an accelerator Electron throws on is invalid, with its message', async () => {
    const { registrar, manager } = setup([hk('a', 'Ctrl+K')]);
    registrar.register = () => {
      throw new Error('conversion failure');
    };
    expect((await manager.sync()).hotkeys[0]).toMatchObject({
      state: 'invalid',
      message: 'conversion failure',
    });
  });

  it('refuses the same hotkey for a second skill, naming the first (spelling and case do not matter)', async () => {
    const { registrar, manager, triggered } = setup([
      hk('first', 'Ctrl+Shift+K'),
      hk('second', 'shift+control+k'),
      hk('third', 'CmdOrCtrl+Shift+K'),
    ]);
    const { hotkeys } = await manager.sync();
    expect(hotkeys.map((h) => h.state)).toEqual(['registered', 'conflict', 'conflict']);
    expect(hotkeys[1]!.message).toBe('"first" already uses Ctrl+Shift+K — pick another hotkey');
    expect(hotkeys[1]!.conflictWith).toBe('first'); // the dashboard names that skill in its own language
    expect(registrar.log).toEqual(['register Ctrl+Shift+K']);
    registrar.press('Ctrl+Shift+K');
    expect(triggered).toEqual([{ skillId: 'first', source: 'hotkey' }]);
  });

  it('the skill already holding a key keeps it when another skill claims it later', async () => {
    const { manager, state } = setup([hk('zeta', 'Alt+Z')]);
    await manager.sync();
    state.list = [hk('alpha', 'Alt+Z'), hk('zeta', 'Alt+Z')];
    const { hotkeys } = await manager.sync();
    expect(hotkeys).toEqual([
      expect.objectContaining({
        skillId: 'alpha',
        state: 'conflict',
        message: expect.stringMatching(/"zeta"/),
      }),
      expect.objectContaining({ skillId: 'zeta', state: 'registered' }),
    ]);
  });

  it('a key the OS refuses is a conflict that says so, and the others still register', async () => {
    const { registrar, manager, emitted } = setup([hk('a', 'Ctrl+Alt+T'), hk('b', 'Ctrl+Alt+B')]);
    registrar.taken.add('Ctrl+Alt+T');
    const overview = await manager.sync();
    expect(overview.hotkeys).toEqual([
      { skillId: 'a', accelerator: 'Ctrl+Alt+T', state: 'conflict', message: OS_REFUSED_MESSAGE },
      { skillId: 'b', accelerator: 'Ctrl+Alt+B', state: 'registered', message: null },
    ]);
    expect(overview.note).toBeNull();
    expect(emitted.at(-1)).toEqual(overview);
  });

  it('on Wayland a refusal is unsupported and the note explains the fallback', async () => {
    const { registrar, manager } = setup([hk('a', 'Ctrl+Alt+T')], { wayland: true });
    registrar.taken.add('Ctrl+Alt+T');
    const overview = await manager.sync();
    expect(overview.hotkeys[0]!.state).toBe('unsupported');
    expect(overview.note).toBe(WAYLAND_NOTE);
    expect(overview.noteKind).toBe('wayland');
    expect(WAYLAND_NOTE).toContain('skilldeck://run/<skill>');
    expect(WAYLAND_NOTE).toContain('skilldeck run <skill> --trigger');
  });

  it('re-registers on change: the old key is let go, the new one taken; unchanged keys are left alone', async () => {
    const { registrar, manager, state, emitted, triggered } = setup([hk('a', 'Alt+A'), hk('b', 'Alt+B')]);
    await manager.sync();
    registrar.log.length = 0;
    state.list = [hk('a', 'Alt+Shift+A'), hk('b', 'Alt+B')];
    const overview = await manager.sync();
    expect(registrar.log).toEqual(['unregister Alt+A', 'register Alt+Shift+A']);
    expect([...registrar.held.keys()].sort()).toEqual(['Alt+B', 'Alt+Shift+A']);
    expect(overview.hotkeys[0]).toMatchObject({ accelerator: 'Alt+Shift+A', state: 'registered' });
    expect(emitted).toHaveLength(2);

    // a sync that changes nothing touches nothing and emits nothing
    registrar.log.length = 0;
    await manager.sync();
    expect(registrar.log).toEqual([]);
    expect(emitted).toHaveLength(2);

    // hotkey removed, skill disabled
    state.list = [hk('b', 'Alt+B', false)];
    expect((await manager.sync()).hotkeys).toEqual([]);
    expect(registrar.held.size).toBe(0);

    // a key moving from one skill to another triggers the new owner
    state.list = [hk('a', 'Alt+A')];
    await manager.sync();
    state.list = [hk('b', 'Alt+A')];
    await manager.sync();
    registrar.press('Alt+A');
    expect(triggered).toEqual([{ skillId: 'b', source: 'hotkey' }]);
  });

  it('runs syncs one after another, the last list winning', async () => {
    const { registrar, manager, state } = setup([hk('a', 'Alt+A')]);
    const first = manager.sync();
    state.list = [hk('a', 'Alt+Q')];
    const second = manager.sync();
    await Promise.all([first, second]);
    expect([...registrar.held.keys()]).toEqual(['Alt+Q']);
  });

  it('pause unregisters everything and resume registers it again', async () => {
    const { registrar, manager, emitted } = setup([hk('a', 'Alt+A'), hk('b', 'Alt')]);
    await manager.sync();
    const paused = manager.pause(true);
    expect(registrar.held.size).toBe(0);
    expect(paused.paused).toBe(true);
    expect(paused.hotkeys.map((h) => h.state)).toEqual(['paused', 'invalid']);
    expect(emitted.at(-1)).toEqual(paused);
    expect(manager.overview()).toEqual(paused);

    // changes while paused are taken in, but nothing is registered
    await manager.sync();
    expect(registrar.held.size).toBe(0);

    const resumed = manager.pause(false);
    expect([...registrar.held.keys()]).toEqual(['Alt+A']);
    expect(resumed.paused).toBe(false);
    expect(resumed.hotkeys[0]!.state).toBe('registered');
  });

  it('test() resolves true when the key is pressed, without triggering the skill', async () => {
    vi.useFakeTimers();
    const { registrar, manager, triggered } = setup([hk('a', 'Alt+A')]);
    await manager.sync();
    const result = manager.test({ skillId: 'a' });
    vi.advanceTimersByTime(9_000);
    registrar.press('Alt+A');
    await expect(result).resolves.toBe(true);
    expect(triggered).toEqual([]);
    registrar.press('Alt+A'); // the test is over: the next press runs the skill
    expect(triggered).toEqual([{ skillId: 'a', source: 'hotkey' }]);
  });

  it('test() resolves false after 10 s without a press, and at once for a skill without a hotkey', async () => {
    vi.useFakeTimers();
    const { manager } = setup([hk('a', 'Alt+A')]);
    await manager.sync();
    const result = manager.test({ skillId: 'a' });
    vi.advanceTimersByTime(9_999);
    let settled = false;
    void result.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    vi.advanceTimersByTime(1);
    await expect(result).resolves.toBe(false);
    await expect(manager.test({ skillId: 'nobody' })).resolves.toBe(false);
    manager.pause(true);
    await expect(manager.test({ skillId: 'a' })).resolves.toBe(false);
  });

  it('test() honours a shorter timeout, and pausing ends an open test', async () => {
    const { manager } = setup([hk('a', 'Alt+A')], { testTimeoutMs: 20 });
    await manager.sync();
    await expect(manager.test({ skillId: 'a' })).resolves.toBe(false);
    const open = manager.test({ skillId: 'a' });
    manager.pause(true);
    await expect(open).resolves.toBe(false);
  });

  it('a failing trigger is logged, not thrown into the shortcut callback', async () => {
    const registrar = new FakeRegistrar();
    const logged: string[] = [];
    const manager = createHotkeyManager({
      registrar,
      listSkillHotkeys: async () => [hk('a', 'Alt+A')],
      onTrigger: async () => {
        throw new Error('boom');
      },
      emit: () => undefined,
      platform: { os: 'linux', wayland: false },
      log: (message) => void logged.push(message),
    });
    await manager.sync();
    expect(() => registrar.press('Alt+A')).not.toThrow();
    await new Promise((r) => setTimeout(r, 0));
    expect(logged).toEqual(['hotkey Alt+A (a) failed']);
  });

  it('dispose gives every key back', async () => {
    const { registrar, manager } = setup([hk('a', 'Alt+A'), hk('b', 'Alt+B')]);
    await manager.sync();
    manager.dispose();
    expect(registrar.held.size).toBe(0);
  });
});

describe('helpers', () => {
  it('acceleratorKey spells one combination one way', () => {
    expect(acceleratorKey('Ctrl+Shift+K', 'linux')).toBe(acceleratorKey('shift+control+k', 'linux'));
    expect(acceleratorKey('CmdOrCtrl+K', 'linux')).toBe(acceleratorKey('Ctrl+K', 'linux'));
    expect(acceleratorKey('CmdOrCtrl+K', 'darwin')).toBe(acceleratorKey('Cmd+K', 'darwin'));
    expect(acceleratorKey('CmdOrCtrl+K', 'darwin')).not.toBe(acceleratorKey('Ctrl+K', 'darwin'));
    expect(acceleratorKey('Alt+Esc', 'linux')).toBe(acceleratorKey('Option+Escape', 'linux'));
    expect(acceleratorKey('Ctrl++', 'linux')).toBe(acceleratorKey('Ctrl+Plus', 'linux'));
  });

  it('hotkeyPlatform sees Wayland from XDG_SESSION_TYPE on Linux', () => {
    expect(hotkeyPlatform({ XDG_SESSION_TYPE: 'wayland' }, 'linux')).toEqual({ os: 'linux', wayland: true });
    expect(hotkeyPlatform({ XDG_SESSION_TYPE: 'x11' }, 'linux').wayland).toBe(false);
    expect(hotkeyPlatform({}, 'linux').wayland).toBe(false);
  });

  it('skillHotkeysFrom takes the unshadowed skills with a hotkey, not those for models only', () => {
    const skill = (id: string, hotkey: string | null, extra: Partial<SkillSummary> = {}) =>
      ({
        id,
        shadowedBy: null,
        userInvocable: true,
        meta: { hotkey: hotkey ? { accelerator: hotkey, display: hotkey } : null, enabled: true },
        ...extra,
      }) as SkillSummary;
    expect(
      skillHotkeysFrom([
        skill('b', 'Alt+B'),
        skill('a', 'Alt+A'),
        skill('a', 'Alt+A', { shadowedBy: { source: 'user', path: '/x' } } as Partial<SkillSummary>),
        skill('c', null),
        skill('d', 'Alt+D', { userInvocable: false }),
      ]),
    ).toEqual([hk('a', 'Alt+A'), hk('b', 'Alt+B')]);
  });
});
