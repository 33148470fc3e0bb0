// The speech flags of `transcribe` and `run --audio` (--provider/--base-url/--api-key-env as an endpoint,
// --speech-model, --language), checked before anything heavy is loaded: a usage error answers at once.
import fs from 'node:fs';
import type { ProviderKind } from '../core/providers/gateway';

/** An endpoint given on the command line: its kind, base URL and the variable holding its key. */
export interface SpeechEndpointFlags {
  provider: ProviderKind;
  baseUrl?: string;
  /** `--api-key-env A,B,C` as given (checked): the variables holding the keys, taken in turn as a pool. */
  apiKeyEnv?: string;
}

/** What chooses the endpoint and how it listens. */
export interface SpeechFlags {
  /** This endpoint, over Settings › Speech (transcribe's --provider/--base-url, run's --speech-base-url). */
  endpoint?: SpeechEndpointFlags;
  /** Used when Settings › Speech has no provider to use (run's --provider: the chat model's endpoint). */
  fallback?: SpeechEndpointFlags;
  /** The transcription model (over Settings › Speech's). */
  speechModel?: string;
  /** ISO-639-1 (over Settings › Speech's); absent: the setting, which may let the endpoint detect it. */
  language?: string;
}

type SpeechValues = { 'speech-model'?: string; language?: string };
type EndpointValues = { 'base-url'?: string; 'api-key-env'?: string };

/** A file's bytes, or why it cannot be read (a usage problem: exit 2). */
export function readAudioFile(file: string): { bytes: Uint8Array } | { problem: string } {
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  if (!stat) return { problem: `--audio ${file}: no such file` };
  if (!stat.isFile()) return { problem: `${file} is not a file` };
  try {
    return { bytes: new Uint8Array(fs.readFileSync(file)) };
  } catch (error) {
    return { problem: `${file} cannot be read: ${(error as Error).message}` };
  }
}

/** An endpoint from `--provider`, a base URL and a key variable (Anthropic has no speech to text). */
export function endpointOf(
  provider: string | undefined,
  values: EndpointValues,
): SpeechEndpointFlags | undefined {
  if (provider !== 'openai' && provider !== 'openai-compatible') return undefined;
  return {
    provider,
    ...(values['base-url'] !== undefined ? { baseUrl: values['base-url'] } : {}),
    ...(values['api-key-env'] !== undefined ? { apiKeyEnv: values['api-key-env'] } : {}),
  };
}

/** --speech-model and --language, checked, with the endpoint flags. */
export function speechFlags(
  values: SpeechValues,
  endpoints: Pick<SpeechFlags, 'endpoint' | 'fallback'>,
): { flags: SpeechFlags } | { problem: string } {
  const language = values.language;
  if (language !== undefined && !/^[a-z]{2,3}$/.test(language))
    return { problem: `--language takes an ISO-639-1 code such as en, fr or zh, not "${language}"` };
  return {
    flags: {
      ...(endpoints.endpoint ? { endpoint: endpoints.endpoint } : {}),
      ...(endpoints.fallback ? { fallback: endpoints.fallback } : {}),
      ...(values['speech-model'] !== undefined ? { speechModel: values['speech-model'] } : {}),
      ...(language !== undefined ? { language } : {}),
    },
  };
}
