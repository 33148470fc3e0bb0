// The dictate key and the skills' voice keys (Settings › Speech): each a global shortcut that opens the
// recording indicator for its skill (the dictate key: the built-in `dictate`, which inserts what was said),
// press-or-hold (push-to-talk.ts). While a recording is on, Esc is taken globally to cancel it and given
// back when it ends. A key another application holds is refused by the OS and left unbound: logged, and its
// state (`states()`) shown beside the key in Settings › Speech.
import type { SpeechSettings, VoiceKeyState } from '../../../shared/types/speech';
import type { ShortcutRegistrar } from './hotkeys';
import { createPushToTalk, type PushToTalk, type PushToTalkOptions } from './push-to-talk';

/** The skill the dictate key runs: it inserts what was said without a model call. */
export const DICTATE_SKILL = 'dictate';
const ESCAPE = 'Escape';

/** What the keys drive: the recording indicator (windows/recorder-window.ts). */
export interface VoiceRecorder {
  readonly active: boolean;
  start(purpose: { skillId: string }): boolean;
  stop(): void;
  cancel(): void;
}

export interface VoiceKeysOptions {
  registrar: ShortcutRegistrar;
  recorder: VoiceRecorder;
  /** Skill hotkeys and the launcher's key are registered by the hotkey manager: never taken here. */
  takenElsewhere?: (accelerator: string) => boolean;
  log?: (message: string) => void;
  pushToTalk?: PushToTalkOptions;
}

export type { VoiceKeyState };

export interface VoiceKeys {
  /** Binds the keys of these settings (the ones bound before are given back first). */
  sync(settings: Pick<SpeechSettings, 'dictateHotkey' | 'voiceHotkeys'>): VoiceKeyState[];
  /** How the last sync bound each key. */
  states(): readonly VoiceKeyState[];
  /** The recording ended (done, cancelled, its window closed): Esc is given back. */
  ended(): void;
  /** The tray's pause: no key records while paused. */
  pause(paused: boolean): void;
  dispose(): void;
}

export function createVoiceKeys(options: VoiceKeysOptions): VoiceKeys {
  const { registrar, recorder } = options;
  const log = options.log ?? ((message) => console.error(`[skilldeck] ${message}`));
  const bound: string[] = [];
  let escape = false;
  let paused = false;
  let current: { skillId: string; ptt: PushToTalk } | null = null;
  let states: VoiceKeyState[] = [];

  const takeEscape = () => {
    if (escape) return;
    escape = registrar.register(ESCAPE, () => recorder.cancel());
    if (!escape) log('Esc could not be taken while recording: cancel with the indicator’s button');
  };
  const giveEscapeBack = () => {
    if (escape) registrar.unregister(ESCAPE);
    escape = false;
  };

  const press = (skillId: string) => {
    if (paused) return;
    if (current && current.skillId !== skillId) return; // another key's recording is on
    if (!current) {
      if (recorder.active) return;
      const ptt = createPushToTalk(
        {
          start: () => {
            if (recorder.start({ skillId })) takeEscape();
            else current = null;
          },
          stop: () => recorder.stop(),
        },
        options.pushToTalk,
      );
      current = { skillId, ptt };
    }
    current.ptt.press();
  };

  const release = () => {
    for (const accelerator of bound.splice(0)) registrar.unregister(accelerator);
  };

  return {
    sync(settings) {
      release();
      const wanted = [
        ...(settings.dictateHotkey ? [{ accelerator: settings.dictateHotkey, skillId: DICTATE_SKILL }] : []),
        ...Object.entries(settings.voiceHotkeys).map(([skillId, accelerator]) => ({ accelerator, skillId })),
      ];
      states = wanted.map(({ accelerator, skillId }): VoiceKeyState => {
        if (options.takenElsewhere?.(accelerator)) {
          log(`voice key ${accelerator} of ${skillId} is a skill's hotkey or the launcher's: left unbound`);
          return { accelerator, skillId, state: 'conflict' };
        }
        if (!registrar.register(accelerator, () => press(skillId))) {
          log(`voice key ${accelerator} of ${skillId}: another application has it`);
          return { accelerator, skillId, state: 'taken' };
        }
        bound.push(accelerator);
        return { accelerator, skillId, state: 'registered' };
      });
      return states;
    },
    states: () => states,
    ended() {
      current?.ptt.reset();
      current = null;
      giveEscapeBack();
    },
    pause(value) {
      paused = value;
    },
    dispose() {
      release();
      states = [];
      giveEscapeBack();
      current = null;
    },
  };
}
