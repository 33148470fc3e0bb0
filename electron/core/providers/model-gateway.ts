// createModelGateway: the ModelGateway over the AI SDK's provider models, with our own retries (only before
// the first token, so text shown is never streamed twice), first-chunk and idle timeouts, and cancel through
// the AbortSignal. It calls the model's `doStream` itself rather than `streamText`: the engine does its own
// retries, loop and events, and streamText's extra stream stages cost ~1 ms per call (bench/engine).
import type {
  JSONSchema7,
  LanguageModelV3FunctionTool,
  LanguageModelV3Prompt,
  LanguageModelV3StreamPart,
} from '@ai-sdk/provider';
import type { SecretStorePort } from '../platform';
import type { ProviderRecord } from '../store/providers';
import { toModelError, type CallTarget } from './errors';
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
import { createOllamaProbe, OLLAMA_BASE_URL } from './ollama-probe';
import { createReasoningCollector } from './reasoning';

/** Where provider configurations come from: the SQLite repo, or one ad-hoc config for a CLI run. */
export interface ProviderSource {
  list(): ProviderRecord[];
  getByName(name: string): ProviderRecord | undefined;
  getDefault(): ProviderRecord | undefined;
}

/** The SecretStore name of a provider's key. */
export const providerSecretName = (providerId: string) => `provider:${providerId}`;

export interface ModelGatewayOptions {
  providers: ProviderSource;
  secrets: SecretStorePort;
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

/** The AI SDK's prompt shape for a system text, text turns, tool calls and tool results. */
function toPrompt(request: StreamTextRequest): LanguageModelV3Prompt {
  const prompt: LanguageModelV3Prompt = [];
  if (request.system !== '') prompt.push({ role: 'system', content: request.system });
  for (const m of request.messages) {
    if (m.role === 'user') prompt.push({ role: 'user', content: [{ type: 'text', text: m.content }] });
    else if (m.role === 'assistant') {
      prompt.push({
        role: 'assistant',
        content: [
          ...(m.reasoning ?? []).map((r) => ({
            type: 'reasoning' as const,
            text: r.text,
            providerOptions: r.providerOptions,
          })),
          ...(m.content !== '' ? [{ type: 'text' as const, text: m.content }] : []),
          ...(m.toolCalls ?? []).map((c) => ({
            type: 'tool-call' as const,
            toolCallId: c.id,
            toolName: c.name,
            input: c.input,
          })),
        ],
      });
    } else {
      prompt.push({
        role: 'tool',
        content: m.results.map((r) => ({
          type: 'tool-result' as const,
          toolCallId: r.id,
          toolName: r.name,
          output: r.isError
            ? { type: 'error-text' as const, value: r.output }
            : { type: 'text' as const, value: r.output },
        })),
      });
    }
  }
  return prompt;
}

const toModelTools = (request: StreamTextRequest): LanguageModelV3FunctionTool[] | undefined =>
  request.tools?.map((t) => ({
    type: 'function',
    name: t.name,
    description: t.description,
    inputSchema: t.inputSchema as JSONSchema7,
  }));

/** A tool call's JSON input; text that is not JSON is kept as `{ _raw }` for the tool to refuse clearly. */
function parseToolInput(text: string): unknown {
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return { _raw: text };
  }
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

    let reader: ReadableStreamDefaultReader<LanguageModelV3StreamPart> | undefined;
    let finished = false;
    try {
      const model = languageModelFor({ ...target, name: target.provider, apiKey, fetch: options.fetch });
      const { stream } = await model.doStream({
        prompt: toPrompt(request),
        tools: toModelTools(request),
        maxOutputTokens:
          request.maxOutputTokens ?? target.maxOutputTokens ?? options.defaultMaxOutputTokens ?? 4096,
        providerOptions: effortOptions(target.kind, request.effort),
        abortSignal: controller.signal,
      });
      reader = stream.getReader();
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
      throw toModelError(error, target, apiKey);
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
      const apiKey =
        target.providerId === null ? null : await options.secrets.get(providerSecretName(target.providerId));
      // OpenAI and Anthropic always want a key: without one, say so instead of sending a request to be
      // refused (an openai-compatible server such as Ollama may need none)
      if (apiKey === null && target.providerId !== null && target.kind !== 'openai-compatible') {
        throw new ModelError(
          'no-provider',
          `provider "${target.provider}" has no API key — add it in Settings`,
          {
            words: { key: 'provider.noKey', values: { provider: target.provider } },
          },
        );
      }
      const shown = { text: '' };
      for (let attempt = 1; ; attempt += 1) {
        try {
          const end = await attemptOnce(target, apiKey, request, shown);
          return { text: shown.text, provider: target.provider, model: target.model, ...end };
        } catch (caught) {
          const error = caught instanceof ModelError ? caught : toModelError(caught, target, apiKey);
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
          if (error.code === 'cancelled' || !error.details.retryable || attempt >= maxAttempts) throw error;
          const delayMs = retryDelay(attempt, error);
          request.onRetry?.({ attempt, delayMs, error });
          try {
            await sleep(delayMs, request.signal);
          } catch {
            throw cancelled();
          }
        }
      }
    },
  };
}
