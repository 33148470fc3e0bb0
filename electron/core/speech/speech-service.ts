// Voice input's core: audio (a recording's chunks or a file's bytes) checked — is it audio, how long, was
// anything heard — then transcribed through the provider Settings › Speech names, and kept for the run
// that uses it. The transcript and the audio's length go with the run; the audio only when the user keeps it.
import fs from 'node:fs';
import path from 'node:path';
import type { SpeechTestResult, Transcript } from '../../../shared/types/speech';
import { writeFileAtomic } from '../fs/atomic-write';
import type { KeyPool } from '../providers/key-pool';
import { DEFAULT_BASE_URLS } from '../providers/language-model';
import type { ProviderRepo } from '../store/providers';
import type { SettingsStore } from '../store/settings';
import { createRecordingStore, newRecordingId, type RecordingStore } from './recordings';
import { SpeechError, speechErrors } from './speech-error';
import { readSpeechSettings } from './speech-settings';
import {
  createTranscriber,
  type SpeechTarget,
  type Transcriber,
  type TranscriberOptions,
} from './transcriber';

/** Below this peak level (0–1) the recorder heard nothing worth sending (about −40 dBFS). */
export const SILENCE_LEVEL = 0.01;
/** Shorter than this, nothing was recorded. */
const MIN_AUDIO_MS = 200;

/** Whisper marks sound it cannot put in words (`[BLANK_AUDIO]`, `(silence)`, `[Music]`): no speech. */
export function heardNothing(text: string): boolean {
  return text.replace(/\[[^\]]*\]|\([^)]*\)|[\s\p{P}]/gu, '') === '';
}

export interface SpeechServiceDeps {
  settings: SettingsStore;
  providers: Pick<ProviderRepo, 'getByName' | 'getDefault'>;
  /** The providers' key pools, as chat requests use them. */
  keys: Pick<KeyPool, 'rotation'>;
  dataDir: string;
  transcriber?: Transcriber | TranscriberOptions;
  recordings?: RecordingStore;
}

export interface TranscribeOptions {
  /** How the audio is named in a refusal ("rec.txt"; default "the recording"). */
  what?: string;
  /** The recorder's loudest level (0–1). */
  peakLevel?: number;
  prompt?: string;
  /** An open recording these bytes are (kept under its id); default a new id. */
  recordingId?: string;
  /** Over the setting (the CLI's --language). */
  language?: string | null;
  signal?: AbortSignal;
}

/** What a run takes from its recording. */
export interface SpokenInput {
  transcript: string;
  audioMs: number;
  audio: Uint8Array;
  extension: string;
}

export function createSpeechService(deps: SpeechServiceDeps) {
  const transcriber =
    deps.transcriber && 'transcribe' in deps.transcriber
      ? deps.transcriber
      : createTranscriber(deps.transcriber ?? {});
  const recordings = deps.recordings ?? createRecordingStore();

  /** The endpoint, model and key transcription uses (the given overrides over Settings › Speech). */
  async function target(over: { provider?: string | null; model?: string } = {}): Promise<SpeechTarget> {
    const saved = readSpeechSettings(deps.settings);
    const name = over.provider === undefined ? saved.provider : over.provider;
    const record = name ? deps.providers.getByName(name) : deps.providers.getDefault();
    if (name && !record) throw speechErrors.unknownProvider(name);
    if (!record) throw speechErrors.noProvider();
    if (record.kind === 'anthropic') throw speechErrors.noSpeechApi(record.name);
    const baseUrl = record.baseUrl ?? DEFAULT_BASE_URLS[record.kind];
    if (!baseUrl) throw speechErrors.noProvider();
    const keys = await deps.keys.rotation(record.id, record.name);
    // OpenAI always wants a key: say so instead of sending audio to be refused (a local server may need none)
    if (keys.size === 0 && record.kind === 'openai') throw speechErrors.noKey(record.name);
    return { provider: record.name, baseUrl, model: over.model ?? saved.model, keys };
  }

  async function transcribe(
    audio: Uint8Array,
    options: TranscribeOptions & { target?: SpeechTarget } = {},
  ): Promise<Transcript> {
    const settings = readSpeechSettings(deps.settings);
    const what = options.what ?? 'the recording';
    if (audio.length === 0) throw speechErrors.emptyRecording();
    // music-metadata and ebml load with the first recording, not with the core
    const { probeAudio } = await import('./audio-probe');
    const probed = await probeAudio(audio, what);
    if (probed.durationMs > settings.maxSeconds * 1000)
      throw speechErrors.tooLong(probed.durationMs / 1000, settings.maxSeconds);
    if (probed.durationMs < MIN_AUDIO_MS) throw speechErrors.emptyRecording();
    if (options.peakLevel !== undefined && options.peakLevel < SILENCE_LEVEL) throw speechErrors.silence();
    const to = options.target ?? (await target());
    const result = await transcriber.transcribe(to, {
      audio,
      probed,
      language: options.language === undefined ? settings.language : options.language,
      ...(options.prompt ? { prompt: options.prompt } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const text = result.text.trim();
    if (heardNothing(text)) throw speechErrors.silence();
    const transcript: Transcript = {
      recordingId: options.recordingId ?? newRecordingId(),
      text,
      audioMs: probed.durationMs,
      container: probed.container,
      language: result.language,
    };
    recordings.finish({ ...transcript, audio, extension: probed.extension });
    return transcript;
  }

  return {
    recordings,
    target,
    /** A file's or a recording's bytes transcribed; the transcript waits for its run under its id. */
    transcribe,
    /** An open recording (its chunks uploaded) transcribed; a failure drops it. */
    async finish(recordingId: string, options: Omit<TranscribeOptions, 'recordingId' | 'what'> = {}) {
      const audio = recordings.close(recordingId);
      try {
        return await transcribe(audio, { ...options, recordingId });
      } catch (error) {
        recordings.drop(recordingId);
        throw error;
      }
    },
    /** Test connection: the built-in sample through the settings given over the saved ones. */
    async test(over: { provider?: string | null; model?: string; language?: string | null }) {
      const started = Date.now();
      let to: SpeechTarget | undefined;
      try {
        to = await target(over);
        // the sample (58 KB of source) is read when a test asks for it, not with every core
        const { TEST_SAMPLE_WAV } = await import('./test-sample');
        const heard = await transcribe(TEST_SAMPLE_WAV, {
          target: to,
          what: 'the test sample',
          ...(over.language !== undefined ? { language: over.language } : {}),
        });
        recordings.drop(heard.recordingId);
        const result: SpeechTestResult = {
          ok: true,
          message: 'ok',
          transcript: heard.text,
          endpoint: to.baseUrl,
          model: to.model,
          latencyMs: Date.now() - started,
        };
        return result;
      } catch (error) {
        if (!(error instanceof SpeechError)) throw error;
        const result: SpeechTestResult = {
          ok: false,
          message: error.message,
          ...(error.words ? { words: error.words } : {}),
          transcript: null,
          endpoint: to?.baseUrl ?? null,
          model: to?.model ?? null,
          latencyMs: Date.now() - started,
        };
        return result;
      }
    },
    /** The transcribed recording a run names, taken (a run uses a recording once). */
    take(recordingId: string): SpokenInput {
      const r = recordings.take(recordingId);
      return { transcript: r.text, audioMs: r.audioMs, audio: r.audio, extension: r.extension };
    },
    /** Where a run's audio is kept when Settings › Speech says so; null otherwise. */
    async keepAudio(runId: string, spoken: SpokenInput): Promise<string | null> {
      if (!deps.settings.get('speech.keepAudio')) return null;
      const file = path.join(deps.dataDir, 'recordings', `${runId}.${spoken.extension}`);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      await writeFileAtomic(file, spoken.audio);
      return file;
    },
  };
}

export type SpeechService = ReturnType<typeof createSpeechService>;
