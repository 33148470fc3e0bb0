// createModelGateway: the ModelGateway over the AI SDK's provider models, with our own retries (only before
// the first token, so text shown is never streamed twice), first-chunk and idle timeouts, and cancel through
// the AbortSignal. It calls the model's `doStream` itself rather than `streamText`: the engine does its own
// retries, loop and events, and streamText's extra stream stages cost ~1 ms per call (bench/engine).
import type { JSONSchema7, LanguageModelV3CallOptions } from '@ai-sdk/provider';
import type { SecretStorePort } from '../platform';
import type { ProviderRecord } from '../store/providers';
import { isPlainCompatibleChat, streamCompatibleChat, type PartReader } from './compatible-chat';
import { toModelError, type CallTarget } from './errors';
import { createKeyPool, type KeyPool, type LeasedKey } from './key-pool';
import { singleKeySource } from './key-sources';
import {
  ModelError,
  type ModelGateway,
  type ProviderKind,
  type ResolvedModel,
  type StreamTextRequest,
  type StreamTextResult,
  type ToolCallPart,
} from './gateway';
import { effortOptions } from './effort';
import { DEFAULT_BASE_URLS, languageModelFor } from './language-model';
import { parseToolInput, toModelTools, toPrompt } from './model-prompt';
import { createOllamaProbe, OLLAMA_BASE_URL } from './ollama-probe';
import { createReasoningCollector } from './reasoning';

/** Where provider configurations come from: the SQLite repo, or one ad-hoc config for a CLI run. */
export interface ProviderSource {
  list(): ProviderRecord[];
  getByName(name: string): ProviderRecord | undefined;
  getDefault(): ProviderRecord | undefined;
}

export { providerSecretName } from './key-sources';

export interface ModelGatewayOptions {
  providers: ProviderSource;
  /** The providers' key pools (the app's: stored keys, adopting a pre-pool key). */
  keys?: KeyPool;
  /** Without `keys`: each provider's one key under `provider:<id>` in this store. */
  secrets?: SecretStorePort;
  /** The clock for cool-downs and Retry-After dates (tests advance their own; default Date.now). */
  now?: () => number;
  /** For tests and hosts with their own HTTP stack; default the global fetch. */
  fetch?: typeof fetch;
  /** The default provider probed when none is configured; `baseUrl: null` turns the probe off. */
  ollama?: { baseUrl?: string | null; timeoutMs?: number; cacheMs?: number };
  /** Wait for the first text delta (default 30 s). */
  firstChunkTimeoutMs?: number;
  /** Wait between two deltas (default 30 s). */
  idleTimeoutMs?: number;
  /** Attempts in all, the first included (default 3). */
  maxAttempts?: number;
  /** Backoff: base × 2^(attempt−1), capped, with jitter (defaults 500 ms, 8 s). */
  retryBaseDelayMs?: number;
  retryMaxDelayMs?: number;
  /** The longest Retry-After honoured (default 30 s). */
  retryAfterCapMs?: number;
  /** When neither the request nor the provider sets one (default 4096). */
  defaultMaxOutputTokens?: number;
  /** For tests: the jitter source (default Math.random). */
  random?: () => number;
}

interface Target extends CallTarget {
  kind: ProviderKind;
  providerId: string | null;
  maxOutputTokens: number | null;
}

const abortError = () => Object.assign(new Error('aborted'), { name: 'AbortError' });

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(abortError());
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

const cancelled = () => new ModelError('cancelled', 'the model call was cancelled');

/** Said whenever a run needs a model and none is configured or found (the CLI adds its own hint to it). */
export const NO_PROVIDER_MESSAGE = 'no provider configured — add one in Settings';

/**
 * The call options asking for JSON of a schema. Anthropic: the forced `json` tool (older and proxied
 * Anthropic models take tools, not every one takes `output_format`; the SDK switches to `output_format`
 * itself for a model that refuses forced tool use).
 */
function structuredOutput(
  kind: ProviderKind,
  format: NonNullable<StreamTextRequest['responseFormat']>,
): Pick<LanguageModelV3CallOptions, 'responseFormat' | 'providerOptions'> {
  return {
    responseFormat: {
      type: 'json',
      schema: format.schema as JSONSchema7,
      name: format.name,
      ...(format.description ? { description: format.description } : {}),
    },
    ...(kind === 'anthropic' ? { providerOptions: { anthropic: { structuredOutputMode: 'jsonTool' } } } : {}),
  };
}

/** What a request asks of the provider beyond the prompt: JSON of a schema, a thinking budget / effort. */
function callOptions(
  kind: ProviderKind,
  request: StreamTextRequest,
): Pick<LanguageModelV3CallOptions, 'responseFormat' | 'providerOptions'> {
  const structured = request.responseFormat ? structuredOutput(kind, request.responseFormat) : {};
  const effort = effortOptions(kind, request.effort);
  if (!effort) return structured;
  // both may speak for the same provider (Anthropic's jsonTool and its thinking): merge per provider
  const merged: Record<string, Record<string, unknown>> = { ...(structured.providerOptions ?? {}) };
  for (const [provider, values] of Object.entries(effort))
    merged[provider] = { ...merged[provider], ...values };
  return { ...structured, providerOptions: merged as LanguageModelV3CallOptions['providerOptions'] };
}

export function createModelGateway(options: ModelGatewayOptions): ModelGateway {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const ollamaUrl = options.ollama?.baseUrl === undefined ? OLLAMA_BASE_URL : options.ollama.baseUrl;
  const probeOllama = ollamaUrl
    ? createOllamaProbe({
        baseUrl: ollamaUrl,
        timeoutMs: options.ollama?.timeoutMs ?? 300,
        cacheMs: options.ollama?.cacheMs ?? 5000,
        fetch: fetchImpl,
      })
    : async () => null;
  const firstChunkTimeoutMs = options.firstChunkTimeoutMs ?? 30_000;
  const idleTimeoutMs = options.idleTimeoutMs ?? 30_000;
  const maxAttempts = Math.max(1, options.maxAttempts ?? 3);
  const baseDelay = options.retryBaseDelayMs ?? 500;
  const maxDelay = options.retryMaxDelayMs ?? 8000;
  const retryAfterCap = options.retryAfterCapMs ?? 30_000;
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;
  const noKeys = { get: async () => null, set: async () => {}, delete: async () => {} };
  const pool = options.keys ?? createKeyPool({ source: singleKeySource(options.secrets ?? noKeys), now });

  function fromRecord(record: ProviderRecord, model: string | undefined): Target {
    const baseUrl = record.baseUrl ?? DEFAULT_BASE_URLS[record.kind];
    if (!baseUrl) {
      throw new ModelError('no-provider', `provider "${record.name}" has no base URL — set it in Settings`, {
        words: { key: 'provider.noBaseUrl', values: { provider: record.name } },
      });
    }
    const chosen = model ?? record.defaultModel ?? record.knownModels[0];
    if (!chosen) {
      throw new ModelError(
        'no-provider',
        `provider "${record.name}" has no default model — set one in Settings or name a model in the skill`,
        { words: { key: 'provider.noModel', values: { provider: record.name } } },
      );
    }
    return {
      provider: record.name,
      kind: record.kind,
      baseUrl,
      model: chosen,
      providerId: record.id,
      maxOutputTokens: record.maxOutputTokens,
    };
  }

  async function ollamaTarget(model: string | undefined): Promise<Target | undefined> {
    const models = await probeOllama();
    if (!models || !ollamaUrl) return undefined;
    return {
      provider: 'ollama',
      kind: 'openai-compatible',
      baseUrl: ollamaUrl,
      model: model ?? models[0]!,
      providerId: null,
      maxOutputTokens: null,
    };
  }

  async function resolveTarget(providerName: string | undefined, model: string | undefined): Promise<Target> {
    if (providerName !== undefined) {
      const record = options.providers.getByName(providerName);
      if (record) return fromRecord(record, model);
      if (providerName.toLowerCase() === 'ollama') {
        const target = await ollamaTarget(model);
        if (target) return target;
      }
      const names = options.providers.list().map((p) => `"${p.name}"`);
      throw new ModelError(
        'unknown-provider',
        names.length > 0
          ? `unknown provider "${providerName}" — the configured ones are ${names.join(', ')}; fix the skill's provider field or add it in Settings`
          : `unknown provider "${providerName}" — no provider is configured; add one in Settings`,
        {
          words:
            names.length > 0
              ? { key: 'provider.unknown', values: { provider: providerName, configured: names.join(', ') } }
              : { key: 'provider.unknownNoneConfigured', values: { provider: providerName } },
        },
      );
    }
    const record = options.providers.getDefault();
    if (record) return fromRecord(record, model);
    const target = await ollamaTarget(model);
    if (target) return target;
    throw new ModelError('no-provider', NO_PROVIDER_MESSAGE, { words: { key: 'provider.none' } });
  }

  function retryDelay(attempt: number, error: ModelError): number {
    if (error.details.retryAfterMs !== undefined) return Math.min(error.details.retryAfterMs, retryAfterCap);
    const exponential = Math.min(baseDelay * 2 ** (attempt - 1), maxDelay);
    return Math.round(exponential * (0.5 + random() * 0.5));
  }

  /** One HTTP call; appends what it streams to `shown`. */
  async function attemptOnce(
    target: Target,
    apiKey: string | null,
    request: StreamTextRequest,
    shown: { text: string },
  ): Promise<Pick<StreamTextResult, 'usage' | 'finishReason' | 'toolCalls' | 'reasoning'>> {
    if (request.signal.aborted) throw cancelled();
    const controller = new AbortController();
    let reason: 'cancelled' | 'first-chunk' | 'idle' | undefined;
    const stop = (why: typeof reason) => {
      reason ??= why;
      controller.abort();
    };
    const onCancel = () => stop('cancelled');
    request.signal.addEventListener('abort', onCancel, { once: true });
    let timer = setTimeout(() => stop('first-chunk'), firstChunkTimeoutMs);
    const streamed = () => {
      clearTimeout(timer);
      timer = setTimeout(() => stop('idle'), idleTimeoutMs);
    };

    let reader: PartReader | undefined;
    let finished = false;
    const maxOutputTokens =
      request.maxOutputTokens ?? target.maxOutputTokens ?? options.defaultMaxOutputTokens ?? 4096;
    try {
      if (target.kind === 'openai-compatible' && isPlainCompatibleChat(request)) {
        // what the SDK would send, read without its stream stages (compatible-chat.ts)
        reader = await streamCompatibleChat({
          ...{ baseUrl: target.baseUrl, model: target.model, apiKey, maxOutputTokens, request },
          // the caller's fetch if it gave one (tests), else node:http, without undici's start-up cost
          ...{ signal: controller.signal, fetch: options.fetch },
        });
      } else {
        const model = await languageModelFor({
          ...target,
          name: target.provider,
          apiKey,
          fetch: options.fetch,
        });
        const { stream } = await model.doStream({
          prompt: toPrompt(request),
          tools: toModelTools(request),
          maxOutputTokens,
          abortSignal: controller.signal,
          ...callOptions(target.kind, request),
        });
        reader = stream.getReader();
      }
      const toolCalls: ToolCallPart[] = [];
      const reasoning = createReasoningCollector();
      for (;;) {
        const { done, value: part } = await reader.read();
        if (done) break;
        switch (part.type) {
          case 'text-delta':
            streamed();
            if (part.delta === '') break;
            shown.text += part.delta;
            request.onToken(part.delta);
            break;
          case 'reasoning-start':
            reasoning.start(part.id, part.providerMetadata);
            break;
          case 'reasoning-delta':
            streamed();
            reasoning.delta(part.id, part.delta, part.providerMetadata);
            break;
          case 'tool-input-delta':
            streamed();
            break;
          case 'tool-call':
            streamed();
            toolCalls.push({ id: part.toolCallId, name: part.toolName, input: parseToolInput(part.input) });
            break;
          case 'error':
            throw part.error;
          case 'finish':
            finished = true;
            return {
              toolCalls,
              ...(reasoning.parts().length > 0 ? { reasoning: reasoning.parts() } : {}),
              finishReason: part.finishReason.unified,
              usage: {
                inputTokens: part.usage.inputTokens.total ?? null,
                outputTokens: part.usage.outputTokens.total ?? null,
              },
            };
          default:
            break;
        }
      }
      throw new ModelError(
        'bad-response',
        `${target.provider} ended the stream without finishing the answer`,
        { retryable: true, words: { key: 'provider.endedEarly', values: { provider: target.provider } } },
      );
    } catch (error) {
      if (reason === 'cancelled') throw cancelled();
      if (reason === 'first-chunk') {
        throw new ModelError(
          'timeout',
          `${target.provider} sent nothing for ${firstChunkTimeoutMs} ms (model "${target.model}") — it may be overloaded or loading the model`,
          {
            retryable: false,
            words: {
              key: 'provider.silent',
              values: { provider: target.provider, ms: firstChunkTimeoutMs, model: target.model },
            },
          },
        );
      }
      if (reason === 'idle') {
        throw new ModelError(
          'timeout',
          `${target.provider} stopped streaming for ${idleTimeoutMs} ms in the middle of the answer`,
          {
            retryable: false,
            words: { key: 'provider.stalled', values: { provider: target.provider, ms: idleTimeoutMs } },
          },
        );
      }
      throw toModelError(error, target, apiKey, now);
    } finally {
      clearTimeout(timer);
      request.signal.removeEventListener('abort', onCancel);
      // A failed or abandoned stream is cancelled so its connection is released.
      if (reader && !finished) void reader.cancel().catch(() => undefined);
    }
  }

  return {
    async resolve(providerName, model): Promise<ResolvedModel> {
      const target = await resolveTarget(providerName, model);
      return { provider: target.provider, kind: target.kind, model: target.model };
    },

    async streamText(request) {
      const target = await resolveTarget(request.providerName, request.model);
      const rotation =
        target.providerId === null
          ? null
          : await pool.rotation(target.providerId, target.provider, request.keyId);
      // OpenAI and Anthropic always want a key: without one, say so instead of sending a request to be
      // refused (an openai-compatible server such as Ollama may need none)
      if (rotation?.size === 0 && target.kind !== 'openai-compatible') {
        throw new ModelError(
          'no-provider',
          `provider "${target.provider}" has no API key — add it in Settings`,
          {
            words: { key: 'provider.noKey', values: { provider: target.provider } },
          },
        );
      }
      const keyed = rotation !== null && rotation.size > 0 ? rotation : null;
      const shown = { text: '' };
      let key: LeasedKey | null = null;
      let lastError: ModelError | undefined;
      for (let attempt = 1; ;) {
        if (keyed && !key) {
          const next = await keyed.next();
          // a pool of one key that this request just tried: its own error says it best
          const unusable = () => (keyed.size === 1 && lastError ? lastError : keyed.unusable());
          if ('exhausted' in next) throw unusable();
          if ('waitMs' in next) {
            // every usable key is cooling down: wait for the soonest as a retry would, else say why not
            if (attempt >= maxAttempts || next.waitMs > retryAfterCap) throw unusable();
            request.onRetry?.({ attempt, delayMs: next.waitMs, error: lastError ?? keyed.unusable() });
            await sleep(next.waitMs, request.signal).catch(() => {
              throw cancelled();
            });
            keyed.cooled(next.keyId);
            attempt += 1;
            continue;
          }
          key = next.key;
        }
        const sentAt = performance.now();
        try {
          const end = await attemptOnce(target, key?.value ?? null, request, shown);
          return { text: shown.text, provider: target.provider, model: target.model, ...end };
        } catch (caught) {
          const error =
            caught instanceof ModelError ? caught : toModelError(caught, target, key?.value ?? null, now);
          if (shown.text !== '') {
            // Shown text is never streamed again: fail with it kept, the executor decides what to do.
            throw new ModelError(
              error.code,
              `${error.message} (after ${shown.text.length} characters of the answer)`,
              {
                ...error.details,
                partialText: shown.text,
                // the message has grown: its words would no longer say all of it
                words: undefined,
              },
            );
          }
          lastError = error;
          if (error.details.status === 429) request.onRateLimited?.({ provider: target.provider, sentAt });
          // a refused or rate-limited key: the same request moves on to the next key at once
          if (keyed && key && keyed.blame(key, error)) {
            key = null;
            continue;
          }
          if (error.code === 'cancelled' || !error.details.retryable || attempt >= maxAttempts) throw error;
          const delayMs = retryDelay(attempt, error);
          request.onRetry?.({ attempt, delayMs, error });
          try {
            await sleep(delayMs, request.signal);
          } catch {
            throw cancelled();
          }
          attempt += 1;
        }
      }
    },
  };
}
