// One transcription through an endpoint speaking OpenAI's `POST {baseURL}/audio/transcriptions`
// (multipart: file, model, language, prompt, response_format json / verbose_json) — OpenAI, Groq, a local
// whisper.cpp server, any OpenAI-compatible server. It uses the AI SDK's OpenAI transcription model, calling
// its `doGenerate` with the media type probed from the bytes: `experimental_transcribe` guesses the type
// from a few signatures that miss WebM and M4A (it would send a browser's WebM as `audio.wav`) and retries
// and logs on its own. Our retries: one more attempt on 408/409/429/5xx and network errors. The key comes
// from the provider's pool as a chat request's does: a key refused (401/403) or rate-limited (429) is
// blamed and the same upload moves on to the next key at once.
import { toModelError, type CallTarget } from '../providers/errors';
import { ModelError } from '../providers/gateway';
import type { KeyRotation, LeasedKey } from '../providers/key-pool';
import type { ProbedAudio } from './audio-probe';
import { SpeechError } from './speech-error';

export interface SpeechTarget extends CallTarget {
  /** One upload's walk over the provider's keys; null or empty: no key is sent (a local server). */
  keys: KeyRotation | null;
}

export interface TranscribeRequest {
  audio: Uint8Array;
  probed: Pick<ProbedAudio, 'mediaType' | 'durationMs'>;
  language?: string | null;
  prompt?: string;
  signal?: AbortSignal;
}

export interface TranscribeResult {
  text: string;
  language: string | null;
}

export interface TranscriberOptions {
  /** Tests and hosts with their own HTTP stack; default the global fetch. */
  fetch?: typeof fetch;
  /** Attempts in all (default 2). */
  maxAttempts?: number;
  /** Wait before the next attempt when the endpoint does not say (default 1 s; Retry-After capped at 10 s). */
  retryDelayMs?: number;
  /** How long one attempt may take: this plus half the audio's length (default 60 s). */
  timeoutMs?: number;
}

/**
 * The fields of a transcription answer we use. Servers differ in the shape of `segments` (whisper.cpp and
 * others leave some of OpenAI's fields out), which the SDK's schema would refuse though we never read them.
 */
function keepOnlyWhatWeRead(fetchImpl: typeof fetch): typeof fetch {
  return async (input, init) => {
    const response = await fetchImpl(input, init);
    const type = response.headers.get('content-type') ?? '';
    if (!response.ok || !type.includes('json')) return response;
    const raw = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return new Response(raw, { status: response.status, headers: response.headers });
    }
    const { text, language, duration } = (body ?? {}) as Record<string, unknown>;
    const kept = {
      text,
      ...(typeof language === 'string' ? { language } : {}),
      ...(typeof duration === 'number' ? { duration } : {}),
    };
    const headers = new Headers(response.headers);
    headers.delete('content-length');
    return new Response(JSON.stringify(kept), { status: response.status, headers });
  };
}

/** An endpoint's refusal in words: a 404 here most often means the server has no speech to text. */
function endpointError(error: unknown, target: SpeechTarget, apiKey: string | null): SpeechError {
  const model = toModelError(error, target, apiKey);
  if (model.details.status === 404) {
    const message = `${target.provider} answered 404 for ${target.baseUrl}/audio/transcriptions with the model "${target.model}" — it may not offer speech to text, or the model name is wrong`;
    return new SpeechError(
      'endpoint',
      message,
      {
        key: 'speech.notFound',
        values: {
          provider: target.provider,
          url: `${target.baseUrl}/audio/transcriptions`,
          model: target.model,
        },
      },
      { cause: error },
    );
  }
  if (model.details.status === 413) {
    return new SpeechError(
      'endpoint',
      `${target.provider} refused the audio as too large (413) — record less at a time`,
      { key: 'speech.endpointTooLarge', values: { provider: target.provider } },
      { cause: error },
    );
  }
  return fromModelError(model, error);
}

/** The model error behind an endpoint's refusal: what the key pool judges a key by. */
const modelErrorOf = new WeakMap<SpeechError, ModelError>();

/** A model error (the endpoint's, or the pool's "no usable key") as a speech error. */
function fromModelError(model: ModelError, cause: unknown = model): SpeechError {
  const error = new SpeechError(
    'endpoint',
    model.message,
    model.details.words ?? { key: 'speech.endpoint', values: { message: model.message } },
    { cause, retryable: model.details.retryable === true },
  );
  modelErrorOf.set(error, model);
  return error;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

/** The longest wait between attempts (a Retry-After, a key's cool-down). */
const MAX_WAIT_MS = 10_000;

export function createTranscriber(options: TranscriberOptions = {}) {
  const fetchImpl = keepOnlyWhatWeRead(options.fetch ?? globalThis.fetch);
  const maxAttempts = Math.max(1, options.maxAttempts ?? 2);

  async function once(
    target: SpeechTarget,
    apiKey: string | null,
    request: TranscribeRequest,
  ): Promise<TranscribeResult> {
    // the SDK is loaded on the first transcription, not with the core
    const { createOpenAI } = await import('@ai-sdk/openai');
    // an empty key, not undefined: the SDK would otherwise read OPENAI_API_KEY, a key never given here
    const provider = createOpenAI({ baseURL: target.baseUrl, apiKey: apiKey ?? '', fetch: fetchImpl });
    const model = provider.transcription(target.model);
    const limit = Math.round((options.timeoutMs ?? 60_000) + request.probed.durationMs / 2);
    const timeout = AbortSignal.timeout(limit);
    const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
    const openai: Record<string, string> = {};
    if (request.language) openai.language = request.language;
    if (request.prompt) openai.prompt = request.prompt;
    try {
      const result = await model.doGenerate({
        audio: request.audio,
        mediaType: request.probed.mediaType,
        providerOptions: { openai },
        abortSignal: signal,
      });
      return { text: result.text ?? '', language: result.language ?? null };
    } catch (error) {
      if (timeout.aborted && !request.signal?.aborted) {
        throw new SpeechError(
          'endpoint',
          `${target.provider} did not answer within ${Math.round(limit / 1000)} s`,
          {
            key: 'speech.timedOut',
            values: { provider: target.provider, seconds: Math.round(limit / 1000) },
          },
          { retryable: false },
        );
      }
      if (request.signal?.aborted) throw new ModelError('cancelled', 'the transcription was cancelled');
      throw endpointError(error, target, apiKey);
    }
  }

  const retryAfter = (error: SpeechError) => {
    const after = (error.cause as { responseHeaders?: Record<string, string> } | undefined)
      ?.responseHeaders?.['retry-after'];
    return after && /^\d+$/.test(after) ? Number(after) * 1000 : (options.retryDelayMs ?? 1000);
  };

  return {
    async transcribe(target: SpeechTarget, request: TranscribeRequest): Promise<TranscribeResult> {
      const keyed = target.keys !== null && target.keys.size > 0 ? target.keys : null;
      let key: LeasedKey | null = null;
      let last: SpeechError | undefined;
      for (let attempt = 1; ;) {
        if (keyed && !key) {
          const next = await keyed.next();
          // one key that this upload just tried: its own refusal says it best
          const unusable = () => (keyed.size === 1 && last ? last : fromModelError(keyed.unusable()));
          if ('exhausted' in next) throw unusable();
          if ('waitMs' in next) {
            // every usable key is cooling down: wait for the soonest as a retry would, else say why not
            if (attempt >= maxAttempts || next.waitMs > MAX_WAIT_MS) throw unusable();
            await sleep(next.waitMs, request.signal);
            if (request.signal?.aborted) throw new ModelError('cancelled', 'the transcription was cancelled');
            keyed.cooled(next.keyId);
            attempt += 1;
            continue;
          }
          key = next.key;
        }
        try {
          return await once(target, key?.value ?? null, request);
        } catch (error) {
          if (!(error instanceof SpeechError)) throw error;
          last = error;
          const model = modelErrorOf.get(error);
          // a refused or rate-limited key: the same upload moves on to the next key at once
          if (keyed && key && model && keyed.blame(key, model)) {
            key = null;
            continue;
          }
          if (!error.retryable || attempt >= maxAttempts || request.signal?.aborted) throw error;
          await sleep(Math.min(retryAfter(error), MAX_WAIT_MS), request.signal);
          attempt += 1;
        }
      }
    },
  };
}

export type Transcriber = ReturnType<typeof createTranscriber>;
