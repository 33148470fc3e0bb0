// Settings › Speech read and changed as one object over the `speech.*` keys of store/settings.ts. A voice
// key is one key combination held by one thing: not a skill's hotkey, the launcher's, the dictate key or
// another skill's voice key.
import { AppError } from '../../../shared/ipc/result';
import { acceleratorKey } from '../../../shared/types/hotkey';
import type { SpeechSettings, SpeechSettingsPatch } from '../../../shared/types/speech';
import type { ProviderRepo } from '../store/providers';
import type { SettingsStore } from '../store/settings';
import { speechErrors } from './speech-error';

export function readSpeechSettings(settings: SettingsStore): SpeechSettings {
  return {
    provider: settings.get('speech.provider'),
    model: settings.get('speech.model'),
    language: settings.get('speech.language'),
    maxSeconds: settings.get('speech.maxSeconds'),
    keepAudio: settings.get('speech.keepAudio'),
    dictateHotkey: settings.get('speech.dictateHotkey'),
    voiceHotkeys: settings.get('speech.voiceHotkeys'),
  };
}

export interface SpeechSettingsDeps {
  settings: SettingsStore;
  providers: Pick<ProviderRepo, 'getByName'>;
  /** Who else holds this key (a skill's hotkey, the launcher), in words; null when nobody does. */
  keyHolder: (accelerator: string) => string | null;
  platform?: string;
}

/** Applies a patch (checked first, written only when all of it is acceptable); the settings after it. */
export function updateSpeechSettings(deps: SpeechSettingsDeps, patch: SpeechSettingsPatch): SpeechSettings {
  const { settings } = deps;
  const os = deps.platform ?? process.platform;
  const current = readSpeechSettings(settings);
  if (patch.provider) {
    const record = deps.providers.getByName(patch.provider);
    if (!record) throw speechErrors.unknownProvider(patch.provider);
    if (record.kind === 'anthropic') throw speechErrors.noSpeechApi(record.name);
  }
  const same = (a: string, b: string) => acceleratorKey(a, os) === acceleratorKey(b, os);
  const refuseTaken = (accelerator: string, mine: { skillId?: string; dictate?: boolean }) => {
    const other = deps.keyHolder(accelerator);
    const dictate = current.dictateHotkey;
    const voiceOf = Object.entries(current.voiceHotkeys).find(
      ([skillId, key]) => skillId !== mine.skillId && same(key, accelerator),
    )?.[0];
    const holder =
      other ??
      (!mine.dictate && dictate && same(dictate, accelerator) ? 'the dictate key' : null) ??
      (voiceOf ? `the voice key of "${voiceOf}"` : null);
    if (holder)
      throw new AppError('CONFLICT', `${accelerator} is already ${holder}: pick another key`, {
        words: { key: 'speech.keyTaken', values: { key: accelerator, holder } },
      });
  };
  if (patch.dictateHotkey) refuseTaken(patch.dictateHotkey, { dictate: true });
  if (patch.voiceHotkey?.accelerator)
    refuseTaken(patch.voiceHotkey.accelerator, { skillId: patch.voiceHotkey.skillId });

  if (patch.provider !== undefined) settings.set('speech.provider', patch.provider);
  if (patch.model !== undefined) settings.set('speech.model', patch.model);
  if (patch.language !== undefined) settings.set('speech.language', patch.language);
  if (patch.maxSeconds !== undefined) settings.set('speech.maxSeconds', patch.maxSeconds);
  if (patch.keepAudio !== undefined) settings.set('speech.keepAudio', patch.keepAudio);
  if (patch.dictateHotkey !== undefined) settings.set('speech.dictateHotkey', patch.dictateHotkey);
  if (patch.voiceHotkey) {
    const { skillId, accelerator } = patch.voiceHotkey;
    const others = Object.entries(current.voiceHotkeys).filter(([id]) => id !== skillId);
    const next = accelerator === null ? others : [...others, [skillId, accelerator] as const];
    settings.set('speech.voiceHotkeys', Object.fromEntries(next));
  }
  return readSpeechSettings(settings);
}
