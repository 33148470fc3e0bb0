import { create } from 'zustand';
import type { Client } from '../../../../shared/ipc/client';
import type { HotkeyTestInput } from '../../../../shared/types/desktop';
import type { DesktopCheckReport } from '../../../../shared/types/desktop-check';
import { errorText } from '../../i18n/error-text';

export type HotkeyProof = 'waiting' | 'fired' | 'silent' | null;

export interface DesktopCheckState {
  report: DesktopCheckReport | null;
  running: boolean;
  error: string | null;
  /** The page's own reading of its test field after the paste: did the text arrive? */
  fieldConfirmed: boolean | null;
  proof: HotkeyProof;
  /** Runs the check; `readField` reads the test field once the host has pasted. */
  run(input: { sample: string; insert: string }, readField: () => string): Promise<void>;
  /** Waits for a press of a skill's hotkey or the launcher's (`hotkeys:test`): proof that a binding fires. */
  proveHotkey(target: HotkeyTestInput): Promise<void>;
}

export function createDesktopCheckStore(client: Client) {
  return create<DesktopCheckState>()((set) => ({
    report: null,
    running: false,
    error: null,
    fieldConfirmed: null,
    proof: null,
    async run(input, readField) {
      set({ running: true, error: null, fieldConfirmed: null, proof: null });
      const result = await client.request('desktop:check', input);
      if (!result.ok) {
        set({ running: false, error: errorText(result.error) });
        return;
      }
      const pasted = result.value.parts.find((p) => p.part === 'paste');
      set({
        running: false,
        report: result.value,
        fieldConfirmed: pasted?.state === 'ok' ? readField().includes(input.insert) : null,
      });
    },
    async proveHotkey(target) {
      set({ proof: 'waiting' });
      const result = await client.request('hotkeys:test', target);
      set({ proof: result.ok && result.value.fired ? 'fired' : 'silent' });
    },
  }));
}

export type DesktopCheckStore = ReturnType<typeof createDesktopCheckStore>;
