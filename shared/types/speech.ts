import { z } from 'zod';
import { ErrorWords } from '../ipc/result';
import { Accelerator } from './hotkey';
import { SkillId } from './skill';

// Voice input: speech to text through an endpoint speaking OpenAI's `/v1/audio/transcriptions`, recordings
// uploaded in chunks (a WebSocket frame is limited to 1 MiB), and the transcript as a run's input.

/** The recording limit's bounds, in seconds (default 10 minutes). */
export const SPEECH_LIMIT = { min: 5, max: 3600, default: 600 } as const;

/** The audio a file or a recording may be, by container (what `speech:finish` and the CLI accept). */
export const AUDIO_CONTAINERS = ['wav', 'mp3', 'm4a', 'webm', 'ogg'] as const;
export const AudioContainer = z.enum(AUDIO_CONTAINERS);
export type AudioContainer = z.infer<typeof AudioContainer>;

const ModelName = z.string().trim().min(1).max(256);
/** An ISO-639-1 code (`en`, `zh`), or null: the endpoint detects the language. */
const Language = z
  .string()
  .trim()
  .regex(/^[a-z]{2,3}$/, 'a language is an ISO-639-1 code such as en, fr or zh')
  .nullable();

/** Settings › Speech. */
export const SpeechSettings = z.object({
  /**
   * The configured provider (by name) whose base URL and key transcription uses: an `openai` one, or an
   * `openai-compatible` one (Groq, a local whisper.cpp server, …). null: the default provider.
   */
  provider: z.string().max(64).nullable(),
  /** `whisper-1`, `gpt-4o-mini-transcribe`, a local model's name. */
  model: ModelName,
  language: Language,
  /** Recordings and files longer than this are refused. */
  maxSeconds: z.number().int().min(SPEECH_LIMIT.min).max(SPEECH_LIMIT.max),
  /** Keep the audio of a voice run beside it (off: only the transcript and the length are kept). */
  keepAudio: z.boolean(),
  /** The global dictate key: record, then insert what was said at the cursor. null: none. */
  dictateHotkey: Accelerator.nullable(),
  /** Per skill, a key that records and runs the skill on what was said. */
  voiceHotkeys: z.record(SkillId, Accelerator),
});
export type SpeechSettings = z.infer<typeof SpeechSettings>;

/**
 * How the desktop app bound one of the voice keys: `registered`; `taken` — another application holds it
 * (the OS refused it); `conflict` — a skill's hotkey or the launcher's key is now the same key.
 */
export const VoiceKeyState = z.object({
  accelerator: z.string(),
  /** `dictate` for the dictate key. */
  skillId: z.string(),
  state: z.enum(['registered', 'conflict', 'taken']),
});
export type VoiceKeyState = z.infer<typeof VoiceKeyState>;

/** `speech:settings` / `speech:update`: the settings, and how the desktop app bound their keys. */
export const SpeechSettingsView = SpeechSettings.extend({
  /** null: no global keys in this host (the headless host, the CLI). */
  keyStates: z.array(VoiceKeyState).nullable(),
});
export type SpeechSettingsView = z.infer<typeof SpeechSettingsView>;

export const SpeechSettingsPatch = z
  .object({
    provider: SpeechSettings.shape.provider.optional(),
    model: ModelName.optional(),
    language: Language.optional(),
    maxSeconds: SpeechSettings.shape.maxSeconds.optional(),
    keepAudio: z.boolean().optional(),
    dictateHotkey: Accelerator.nullable().optional(),
    /** One skill's voice key (null removes it). */
    voiceHotkey: z.object({ skillId: SkillId, accelerator: Accelerator.nullable() }).strict().optional(),
  })
  .strict();
export type SpeechSettingsPatch = z.input<typeof SpeechSettingsPatch>;

/** `speech:test`: the built-in sample sent with the settings given (or the saved ones). */
export const SpeechTestInput = z
  .object({
    provider: SpeechSettings.shape.provider.optional(),
    model: ModelName.optional(),
    language: Language.optional(),
  })
  .strict();

export const SpeechTestResult = z.object({
  ok: z.boolean(),
  /** "ok" or what to fix (English). */
  message: z.string(),
  words: ErrorWords.optional(),
  /** What the endpoint heard in the sample (it says "Hello from Skilldeck"). */
  transcript: z.string().nullable(),
  /** Where the sample went: the endpoint and model. */
  endpoint: z.string().nullable(),
  model: z.string().nullable(),
  latencyMs: z.number(),
});
export type SpeechTestResult = z.infer<typeof SpeechTestResult>;

export const RecordingId = z.string().regex(/^rec_[0-9A-Za-z_-]{6,64}$/, 'not a recording id');

/** A base64 chunk of a recording: at most 512 KiB of audio, so a frame stays under the 1 MiB limit. */
export const AudioChunk = z
  .string()
  .max(Math.ceil((512 * 1024) / 3) * 4)
  .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'a chunk is base64');

export const SpeechBegin = z.object({ recordingId: RecordingId, maxSeconds: z.number().int() });

export const SpeechAppend = z.object({ recordingId: RecordingId, chunk: AudioChunk }).strict();

export const SpeechFinish = z
  .object({
    recordingId: RecordingId,
    /** The recorder's MIME type (`audio/webm;codecs=opus`); the bytes decide, this only helps. */
    mimeType: z.string().max(200).optional(),
    /**
     * The loudest level the recorder's meter saw (0–1): below the silence threshold the audio is not
     * sent (no endpoint is asked to transcribe silence, which some answer with invented words).
     */
    peakLevel: z.number().min(0).max(1).optional(),
    /** Words to help the endpoint (names, terms): OpenAI's `prompt`. */
    prompt: z.string().max(2000).optional(),
  })
  .strict();

/** A recording turned into text; `recordingId` is what `runs:start` `speech` names. */
export const Transcript = z.object({
  recordingId: RecordingId,
  text: z.string(),
  audioMs: z.number().int().nonnegative(),
  container: AudioContainer,
  /** The language the endpoint reports (verbose_json), when it does. */
  language: z.string().nullable(),
});
export type Transcript = z.infer<typeof Transcript>;

/** What a voice run keeps (`runs:get` `speech`). */
export const RunSpeech = z.object({
  transcript: z.string(),
  audioMs: z.number().int().nonnegative(),
  /** The kept audio's file, absolute; null unless Settings › Speech keeps audio. */
  audioFile: z.string().nullable(),
});
export type RunSpeech = z.infer<typeof RunSpeech>;
