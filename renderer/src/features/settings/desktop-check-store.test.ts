import { describe, expect, it } from 'vitest';
import { createClient } from '../../../../shared/ipc/client';
import type { CheckPart, DesktopCheckReport } from '../../../../shared/types/desktop-check';
import { createFakeTransport } from '../../stores/fake-transport';
import { createDesktopCheckStore } from './desktop-check-store';

const paste = (state: CheckPart['state']): CheckPart => ({
  part: 'paste',
  state,
  code: state === 'ok' ? 'paste.sent' : 'paste.failed',
  values: {},
  said: '',
  fixCode: null,
  fix: null,
});
const report = (parts: CheckPart[]): DesktopCheckReport => ({
  available: true,
  session: { kind: 'x11', compositor: null, desktop: '' },
  parts,
  hotkeyRoute: 'global-shortcut',
  bindCommand: 'skilldeck run translate --trigger',
  bindSkill: 'translate',
  testSkill: 'translate',
  testAccelerator: 'Ctrl+Alt+T',
});

function store(parts: CheckPart[], fired = true) {
  const fake = createFakeTransport({
    'desktop:check': () => ({ ok: true, value: report(parts) }),
    'hotkeys:test': () => ({ ok: true, value: { fired } }),
  });
  return { fake, store: createDesktopCheckStore(createClient(fake.transport)) };
}

describe('the desktop check store', () => {
  it('confirms the paste from the test field itself: the text arrived, or it did not', async () => {
    const { store: arrived, fake } = store([paste('ok')]);
    await arrived.getState().run({ sample: 'S', insert: 'P' }, () => 'P');
    expect(arrived.getState().fieldConfirmed).toBe(true);
    expect(fake.callsOf('desktop:check')[0]!.input).toEqual({ sample: 'S', insert: 'P' });

    const { store: lost } = store([paste('ok')]);
    await lost.getState().run({ sample: 'S', insert: 'P' }, () => 'S');
    expect(lost.getState().fieldConfirmed).toBe(false);

    const { store: refused } = store([paste('failed')]);
    await refused.getState().run({ sample: 'S', insert: 'P' }, () => 'S');
    expect(refused.getState().fieldConfirmed).toBeNull(); // the host already said it failed
  });

  it('proves a hotkey only by a press (hotkeys:test)', async () => {
    const { store: pressed } = store([], true);
    await pressed.getState().proveHotkey({ skillId: 'translate' });
    expect(pressed.getState().proof).toBe('fired');
    const { store: silent, fake } = store([], false);
    await silent.getState().proveHotkey({ launcher: true });
    expect(silent.getState().proof).toBe('silent');
    expect(fake.callsOf('hotkeys:test')[0]!.input).toEqual({ launcher: true });
  });
});
