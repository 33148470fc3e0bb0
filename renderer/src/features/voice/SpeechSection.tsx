import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SPEECH_LIMIT } from '../../../../shared/types/speech';
import { useStores } from '../../app/stores-context';
import { HotkeyRecorder } from '../skills/appearance/HotkeyRecorder';
import { platformOf } from '../skills/appearance/accelerator';
import { launcherDisplay } from '../settings/LauncherKeyField';
import { useVoiceKeyTrouble } from './voice-key-trouble';
import { VoiceKeys } from './VoiceKeys';
import './voice.css';

const MODELS = [
  'whisper-1',
  'gpt-4o-mini-transcribe',
  'gpt-4o-transcribe',
  'whisper-large-v3',
  'whisper-large-v3-turbo',
];
const LANGUAGES = ['en', 'zh', 'ja', 'ko', 'fr', 'de', 'es', 'it', 'pt', 'ru', 'ar', 'hi'];

/** A language's name in the page's language (`fr` → French / 法语). */
function languageName(code: string, pageLanguage: string): string {
  try {
    return new Intl.DisplayNames([pageLanguage], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Settings › Speech: where speech is turned into text, the recording limit, kept audio, the voice keys. */
export function SpeechSection() {
  const { t, i18n } = useTranslation('voice');
  const { useSpeechStore, useSettingsStore, useAppStore } = useStores();
  const settings = useSpeechStore((s) => s.settings);
  const loadError = useSpeechStore((s) => s.error);
  const test = useSpeechStore((s) => s.test);
  const { load, update, runTest } = useSpeechStore.getState();
  const providers = useSettingsStore((s) => s.providers);
  const hotkeys = useSettingsStore((s) => s.hotkeys);
  const hostPlatform = useAppStore((s) => s.info?.platform);
  const [error, setError] = useState<string | null>(null);
  const ids = { provider: useId(), model: useId(), models: useId(), language: useId(), limit: useId() };

  useEffect(() => void load(), [load]);

  const save = (patch: Parameters<typeof update>[0]) =>
    void update(patch).then((refused) =>
      setError(refused ? t('settings.saveError', { error: refused }) : null),
    );
  const speaking = (providers ?? []).filter((p) => p.kind !== 'anthropic');
  const fallback = (providers ?? []).find((p) => p.isDefault) ?? providers?.[0];
  const platform = platformOf(hostPlatform, typeof navigator === 'undefined' ? '' : navigator.platform);
  const dictate = settings?.dictateHotkey ?? null;
  const troubleOf = useVoiceKeyTrouble(settings?.keyStates, hostPlatform ?? '');
  const dictateTrouble = dictate ? troubleOf('dictate', dictate) : { status: undefined, conflict: null };

  return (
    <section className="panel speech-settings" id="speech" aria-labelledby="speech-title">
      <h2 id="speech-title">{t('settings.title')}</h2>
      <p className="muted">{t('settings.intro')}</p>
      {(loadError || error) && (
        <p className="form-error" role="alert">
          {error ?? loadError}
        </p>
      )}
      {settings && (
        <>
          <div className="speech-grid">
            <label className="field" htmlFor={ids.provider}>
              <span className="field-label">{t('settings.provider')}</span>
              <select
                id={ids.provider}
                className="input select"
                value={settings.provider ?? ''}
                onChange={(e) => save({ provider: e.target.value === '' ? null : e.target.value })}
              >
                <option value="">
                  {fallback
                    ? t('settings.defaultProvider', { name: fallback.name })
                    : t('settings.noDefault')}
                </option>
                {speaking.map((p) => (
                  <option key={p.id} value={p.name}>
                    {p.name}
                  </option>
                ))}
              </select>
            </label>
            <label className="field" htmlFor={ids.model}>
              <span className="field-label">{t('settings.model')}</span>
              <input
                id={ids.model}
                className="input"
                list={ids.models}
                key={settings.model}
                defaultValue={settings.model}
                spellCheck={false}
                onBlur={(e) => {
                  const model = e.target.value.trim();
                  if (model && model !== settings.model) save({ model });
                }}
                aria-describedby={`${ids.model}-hint`}
              />
              <datalist id={ids.models}>
                {MODELS.map((m) => (
                  <option key={m} value={m} />
                ))}
              </datalist>
              <span id={`${ids.model}-hint`} className="field-hint">
                {t('settings.modelHint')}
              </span>
            </label>
            <label className="field" htmlFor={ids.language}>
              <span className="field-label">{t('settings.language')}</span>
              <select
                id={ids.language}
                className="input select"
                value={settings.language ?? ''}
                onChange={(e) => save({ language: e.target.value === '' ? null : e.target.value })}
              >
                <option value="">{t('settings.autoLanguage')}</option>
                {LANGUAGES.map((code) => (
                  <option key={code} value={code}>
                    {languageName(code, i18n.language)}
                  </option>
                ))}
              </select>
            </label>
            <label className="field" htmlFor={ids.limit}>
              <span className="field-label">{t('settings.limit')}</span>
              <input
                id={ids.limit}
                className="input"
                type="number"
                min={1}
                max={SPEECH_LIMIT.max / 60}
                value={Math.round(settings.maxSeconds / 60)}
                onChange={(e) => {
                  const minutes = Number(e.target.value);
                  if (Number.isInteger(minutes) && minutes >= 1 && minutes <= SPEECH_LIMIT.max / 60)
                    save({ maxSeconds: minutes * 60 });
                }}
              />
            </label>
          </div>
          <label className="choice">
            <input
              type="checkbox"
              checked={settings.keepAudio}
              onChange={(e) => save({ keepAudio: e.target.checked })}
            />
            <span>
              <span className="choice-title">{t('settings.keepAudio')}</span>
              <span className="choice-hint">{t('settings.keepAudioHint')}</span>
            </span>
          </label>
          <div className="speech-test">
            <button
              type="button"
              className="button"
              disabled={test.running || (providers?.length ?? 0) === 0}
              onClick={() => void runTest()}
            >
              {test.running ? t('settings.testing') : t('settings.test')}
            </button>
            <p
              role="status"
              className={test.result?.ok === false ? 'form-error' : 'muted'}
              data-testid="speech-test"
            >
              {test.result &&
                (test.result.ok
                  ? t('settings.testOk', {
                      transcript: test.result.transcript,
                      ms: test.result.latencyMs,
                      model: test.result.model,
                    })
                  : t('settings.testFailed', {
                      error: test.result.words
                        ? t(test.result.words.key, { ns: 'errors', ...test.result.words.values })
                        : test.result.message,
                    }))}
            </p>
          </div>
          <h3>{t('settings.dictateKey')}</h3>
          <p className="muted">{t('settings.dictateHint')}</p>
          <HotkeyRecorder
            label={t('settings.dictateKey')}
            value={dictate ? { accelerator: dictate, display: launcherDisplay(dictate, platform) } : null}
            onChange={(hotkey) => save({ dictateHotkey: hotkey?.accelerator ?? null })}
            platform={platform}
            conflict={dictateTrouble.conflict}
            status={dictateTrouble.status}
            available={hotkeys?.available ?? false}
            paused={hotkeys?.paused ?? false}
          />
          <VoiceKeys settings={settings} platform={platform} troubleOf={troubleOf} onSave={save} />
        </>
      )}
    </section>
  );
}
