import { describe, expect, it } from 'vitest';
import type { HotkeysOverview } from '../../../../shared/types/desktop';
import { skill } from '../../stores/fake-transport';
import { hotkeyRows } from './hotkey-rows';

const key = (display: string) => ({ accelerator: display, display });
const headless: HotkeysOverview = { available: false, paused: false, note: null, hotkeys: [] };
const rows = (...args: Parameters<typeof hotkeyRows>) =>
  hotkeyRows(...args).map((r) => [r.skillId, r.display, r.state]);

describe('hotkeyRows', () => {
  it('lists each skill that has a hotkey, though the headless host registers none', () => {
    const skills = [
      skill('translate', { hotkey: key('Ctrl+Alt+T') }),
      skill('explain'),
      skill('polish', { hotkey: key('Ctrl+Alt+P'), enabled: false }),
    ];
    expect(rows(skills, headless)).toEqual([
      ['polish', 'Ctrl+Alt+P', 'skillOff'],
      ['translate', 'Ctrl+Alt+T', 'desktopOnly'],
    ]);
  });

  it("takes the desktop app's registration state; a turned-off skill it leaves out is still listed", () => {
    const desktop: HotkeysOverview = {
      available: true,
      paused: false,
      note: null,
      hotkeys: [{ skillId: 'translate', accelerator: 'Ctrl+Alt+T', state: 'conflict', message: 'taken' }],
    };
    const skills = [
      skill('translate', { hotkey: key('Ctrl+Alt+T') }),
      skill('polish', { hotkey: key('Ctrl+Alt+P'), enabled: false }),
      skill('memo', { hotkey: key('F8') }),
    ];
    const listed = hotkeyRows(skills, desktop);
    expect(listed.map((r) => [r.skillId, r.state])).toEqual([
      ['memo', 'pending'],
      ['polish', 'skillOff'],
      ['translate', 'conflict'],
    ]);
    expect(listed.find((r) => r.skillId === 'translate')?.status?.message).toBe('taken');
  });

  it('leaves out a shadowed copy, and is empty when no skill has a hotkey', () => {
    const shadowed = {
      ...skill('translate', { hotkey: key('F2') }),
      shadowedBy: { source: 'user' as const, path: '/x' },
    };
    expect(rows([shadowed, skill('explain')], headless)).toEqual([]);
    expect(rows([skill('explain')], null)).toEqual([]);
  });
});
