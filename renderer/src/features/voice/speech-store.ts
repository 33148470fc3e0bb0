import { create } from 'zustand';
import type { Client } from '../../../../shared/ipc/client';
import type {
  SpeechSettingsPatch,
  SpeechSettingsView,
  SpeechTestResult,
} from '../../../../shared/types/speech';
import { errorText } from '../../i18n/error-text';

export interface SpeechState {
  /** null until the first `speech:settings` answer; with how the desktop app bound the keys. */
  settings: SpeechSettingsView | null;
  error: string | null;
  test: { running: boolean; result: SpeechTestResult | null };
  load(): Promise<void>;
  /** Saved at once; the host's refusal (a key taken, an unknown provider) comes back as the string. */
  update(patch: SpeechSettingsPatch): Promise<string | null>;
  runTest(): Promise<void>;
}

/** Settings › Speech. */
export function createSpeechStore(client: Client) {
  const useSpeechStore = create<SpeechState>()((set, get) => ({
    settings: null,
    error: null,
    test: { running: false, result: null },
    async load() {
      const result = await client.request('speech:settings', undefined);
      if (result.ok) set({ settings: result.value, error: null });
      else set({ error: errorText(result.error) });
    },
    async update(patch) {
      // shown at once (a checkbox follows the click), then what the host kept, or back on a refusal
      const before = get().settings;
      const { voiceHotkey: _key, ...plain } = patch;
      if (before) set({ settings: { ...before, ...plain } });
      const result = await client.request('speech:update', patch);
      if (!result.ok) {
        set({ settings: before });
        return errorText(result.error);
      }
      set({ settings: result.value, error: null });
      return null;
    },
    async runTest() {
      if (get().test.running) return;
      set({ test: { running: true, result: null } });
      const result = await client.request('speech:test', {});
      set({
        test: {
          running: false,
          result: result.ok
            ? result.value
            : {
                ok: false,
                message: errorText(result.error),
                transcript: null,
                endpoint: null,
                model: null,
                latencyMs: 0,
              },
        },
      });
    },
  }));
  // read again rather than taken from the event: the answer also says how the desktop app bound the keys,
  // which a skill's hotkey moving (hotkeys:changed) can change too
  const reload = () => void (useSpeechStore.getState().settings && useSpeechStore.getState().load());
  client.on('speech:changed', reload);
  client.on('hotkeys:changed', reload);
  return useSpeechStore;
}

export type SpeechStore = ReturnType<typeof createSpeechStore>;
