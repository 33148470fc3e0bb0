// Settings › Speech says how the desktop app bound the dictate and voice keys: a real core, the desktop
// triggers attached with a registrar where another application holds one key.
import { afterEach, describe, expect, it } from 'vitest';
import { createTestCore, type TestCore } from '../../core/test-support';
import { createDesktopTriggers } from './desktop-triggers';
import { fakeShortcuts } from './test-registrar';

const recorder = {
  active: false,
  start: () => true,
  stop: () => undefined,
  cancel: () => undefined,
  onEnded: () => undefined,
};

let test: TestCore | null = null;
afterEach(async () => {
  await test?.dispose();
  test = null;
});

describe('the voice keys’ states in Settings › Speech', () => {
  it('a key another application holds is said as taken; a new key answers registered; headless says null', async () => {
    test = createTestCore({ watchSkills: false });
    const { core } = test;
    const headless = await core.handlers['speech:settings'](undefined);
    expect(headless.keyStates).toBeNull();

    const os = fakeShortcuts(['Control+Alt+V']);
    const logged: string[] = [];
    const triggers = createDesktopTriggers({
      registrar: os.registrar,
      platform: { os: 'linux', wayland: false },
      log: (message) => void logged.push(message),
    });
    triggers.attach({ core, dashboard: { show: () => undefined }, recorder }, ['skilldeck']);
    try {
      const read = await core.handlers['speech:settings'](undefined);
      expect(read.dictateHotkey).toBe('Control+Alt+V');
      expect(read.keyStates).toEqual([{ accelerator: 'Control+Alt+V', skillId: 'dictate', state: 'taken' }]);

      // another key: the answer to the change already says how it was bound
      const moved = await core.handlers['speech:update']({ dictateHotkey: 'Control+Alt+D' });
      expect(moved.keyStates).toEqual([
        { accelerator: 'Control+Alt+D', skillId: 'dictate', state: 'registered' },
      ]);
      expect(os.keys.has('Control+Alt+D')).toBe(true);

      const none = await core.handlers['speech:update']({ dictateHotkey: null });
      expect(none.keyStates).toEqual([]);
      expect(logged).toEqual(['voice key Control+Alt+V of dictate: another application has it']);
    } finally {
      await triggers.hotkeys.sync(); // the skill hotkeys' read that attach started, done before the core closes
      triggers.stop();
    }
  });
});
