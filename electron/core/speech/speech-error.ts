// What goes wrong with voice input, each with a message a user can act on and its words for the
// dashboard's language (errors:speech.<code>). Messages never carry the audio or the key.
import { AppError, type ErrorCode, type ErrorWords } from '../../../shared/ipc/result';

export type SpeechErrorCode =
  | 'not-audio'
  | 'too-long'
  | 'too-large'
  | 'empty-recording'
  | 'silence'
  | 'unknown-recording'
  | 'too-many-recordings'
  | 'no-provider'
  | 'no-speech-api'
  | 'endpoint';

/** The IPC code each answers with. */
const IPC_CODE: Record<SpeechErrorCode, ErrorCode> = {
  'not-audio': 'BAD_REQUEST',
  'too-long': 'BAD_REQUEST',
  'too-large': 'BAD_REQUEST',
  'empty-recording': 'BAD_REQUEST',
  silence: 'BAD_REQUEST',
  'unknown-recording': 'NOT_FOUND',
  'too-many-recordings': 'CONFLICT',
  'no-provider': 'BAD_REQUEST',
  'no-speech-api': 'BAD_REQUEST',
  endpoint: 'BAD_REQUEST',
};

export class SpeechError extends AppError {
  constructor(
    readonly speechCode: SpeechErrorCode,
    message: string,
    words: ErrorWords,
    options: { cause?: unknown; retryable?: boolean } = {},
  ) {
    super(IPC_CODE[speechCode], message, { words, cause: options.cause });
    this.name = 'SpeechError';
    this.retryable = options.retryable ?? false;
  }
  readonly retryable: boolean;
}

const minutes = (seconds: number) =>
  seconds % 60 === 0 ? `${seconds / 60} min` : `${Math.round(seconds)} s`;

export const speechErrors = {
  notAudio: (what: string) =>
    new SpeechError(
      'not-audio',
      `${what} is not audio Skilldeck can read — use a WAV, MP3, M4A, WebM or Ogg file`,
      { key: 'speech.notAudio', values: { what } },
    ),
  tooLong: (seconds: number, limit: number) =>
    new SpeechError(
      'too-long',
      `the recording is ${minutes(Math.ceil(seconds))} long, over the limit of ${minutes(limit)} — record less, or raise the limit in Settings › Speech`,
      { key: 'speech.tooLong', values: { length: minutes(Math.ceil(seconds)), limit: minutes(limit) } },
    ),
  tooLarge: (mib: number) =>
    new SpeechError('too-large', `the recording is over ${mib} MiB — record less at a time`, {
      key: 'speech.tooLarge',
      values: { mib },
    }),
  emptyRecording: () =>
    new SpeechError(
      'empty-recording',
      'the recording is empty: no sound came from the microphone — check that it is connected and not muted',
      { key: 'speech.emptyRecording' },
    ),
  silence: () =>
    new SpeechError(
      'silence',
      'no speech was heard — speak closer to the microphone, or check that it is not muted',
      { key: 'speech.silence' },
    ),
  unknownRecording: (id: string) =>
    new SpeechError(
      'unknown-recording',
      `no recording ${id}: it was cancelled, used or expired — record again`,
      {
        key: 'speech.unknownRecording',
        values: { id },
      },
    ),
  tooManyRecordings: () =>
    new SpeechError('too-many-recordings', 'too many recordings at once — finish or cancel one first', {
      key: 'speech.tooManyRecordings',
    }),
  noProvider: () =>
    new SpeechError(
      'no-provider',
      'no provider for speech to text — add an OpenAI or OpenAI-compatible provider in Settings, then pick it in Settings › Speech',
      { key: 'speech.noProvider' },
    ),
  unknownProvider: (name: string) =>
    new SpeechError(
      'no-provider',
      `Settings › Speech names the provider "${name}", which is not configured — pick another one`,
      { key: 'speech.unknownProvider', values: { provider: name } },
    ),
  noKey: (name: string) =>
    new SpeechError('no-provider', `provider "${name}" has no API key — add it in Settings`, {
      key: 'provider.noKey',
      values: { provider: name },
    }),
  noSpeechApi: (name: string) =>
    new SpeechError(
      'no-speech-api',
      `"${name}" is an Anthropic provider, which has no speech to text — pick an OpenAI or OpenAI-compatible provider in Settings › Speech`,
      { key: 'speech.noSpeechApi', values: { provider: name } },
    ),
};
