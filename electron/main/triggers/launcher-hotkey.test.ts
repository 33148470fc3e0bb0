// The launcher's global key in the hotkey manager, against a fake globalShortcut: registered beside the
// skills' keys, left unbound when a skill or another application has it, paused and turned off.
import { describe, expect, it } from 'vitest';
import { HotkeysOverview } from '../../../shared/types/desktop';
import { createHotkeyManager, OS_REFUSED_MESSAGE, type ShortcutRegistrar, type SkillHotkey } from './hotkeys';

class FakeRegistrar implements ShortcutRegistrar {
  readonly held = new Map<string, () => void>();
  readonly taken = new Set<string>();
  register(accelerator: string, callback: () => void): boolean {
    if (this.taken.has(accelerator) || this.held.has(accelerator)) return false;
    this.held.set(accelerator, callback);
    return true;
  }
  unregister(accelerator: string): void {
    this.held.delete(accelerator);
  }
  isRegistered(accelerator: string): boolean {
    return this.held.has(accelerator);
  }
}

function setup(list: SkillHotkey[], key: string | null = 'Control+Alt+Space') {
  const registrar = new FakeRegistrar();
  const state = { list, key, launched: 0, triggered: [] as string[] };
  const manager = createHotkeyManager({
    registrar,
    listSkillHotkeys: () => state.list,
    onTrigger: (input) => void state.triggered.push(input.skillId),
    launcher: {
      key: () => state.key,
      defaultKey: 'Control+Alt+Space',
      onPress: () => void state.launched++,
    },
    emit: (overview) => void HotkeysOverview.parse(overview),
    platform: { os: 'linux', wayland: false },
    log: () => undefined,
  });
  return { registrar, state, manager };
}

describe("the launcher's key", () => {
  it('is registered by default and its press opens the launcher, not a skill', async () => {
    const { registrar, state, manager } = setup([{ skillId: 'polish', accelerator: 'Alt+P', enabled: true }]);
    const overview = await manager.sync();
    expect(overview.launcher).toEqual({
      accelerator: 'Control+Alt+Space',
      isDefault: true,
      state: 'registered',
      message: null,
    });
    registrar.held.get('Control+Alt+Space')!();
    expect(state.launched).toBe(1);
    expect(state.triggered).toEqual([]);
  });

  it('is left unbound when a skill has the same key (in any spelling): the skill keeps it', async () => {
    const { registrar, state, manager } = setup([
      { skillId: 'polish', accelerator: 'Ctrl+Alt+Space', enabled: true },
    ]);
    const { launcher, hotkeys } = await manager.sync();
    expect(hotkeys[0]!.state).toBe('registered');
    expect(launcher).toMatchObject({ state: 'conflict', conflictWith: 'polish' });
    registrar.held.get('Ctrl+Alt+Space')!();
    expect(state.triggered).toEqual(['polish']);
    expect(state.launched).toBe(0);
    // the skill lets go of it: the launcher takes it at the next sync
    state.list = [];
    expect((await manager.sync()).launcher!.state).toBe('registered');
    expect(registrar.held.has('Control+Alt+Space')).toBe(true);
  });

  it('says so when another application has the key, and follows a change of key, pause and off', async () => {
    const { registrar, state, manager } = setup([]);
    registrar.taken.add('Control+Alt+Space');
    expect((await manager.sync()).launcher).toMatchObject({ state: 'conflict', message: OS_REFUSED_MESSAGE });
    state.key = 'Super+Space';
    expect((await manager.sync()).launcher).toMatchObject({ state: 'registered', isDefault: false });
    expect([...registrar.held.keys()]).toEqual(['Super+Space']);
    expect(manager.pause(true).launcher!.state).toBe('paused');
    expect(registrar.held.size).toBe(0);
    expect(manager.pause(false).launcher!.state).toBe('registered');
    state.key = null;
    expect((await manager.sync()).launcher).toMatchObject({ accelerator: null, state: 'off' });
    expect(registrar.held.size).toBe(0);
    state.key = 'Space';
    expect((await manager.sync()).launcher).toMatchObject({ state: 'invalid' });
    manager.dispose();
  });
});

describe("the launcher's key, proved by a press", () => {
  it('a press during test() answers the test and does not open the launcher; the next press opens it', async () => {
    const { registrar, state, manager } = setup([]);
    await manager.sync();
    const proof = manager.test({ launcher: true });
    registrar.held.get('Control+Alt+Space')!();
    await expect(proof).resolves.toBe(true);
    expect(state.launched).toBe(0);
    registrar.held.get('Control+Alt+Space')!();
    expect(state.launched).toBe(1);
  });

  it('answers false at once when the launcher holds no key (off, or a skill has it); letting go ends an open test', async () => {
    const { state, manager } = setup([
      { skillId: 'polish', accelerator: 'Control+Alt+Space', enabled: true },
    ]);
    await manager.sync();
    await expect(manager.test({ launcher: true })).resolves.toBe(false); // the skill holds the key
    state.list = [];
    await manager.sync();
    const open = manager.test({ launcher: true });
    state.key = null;
    await manager.sync();
    await expect(open).resolves.toBe(false);
  });
});
