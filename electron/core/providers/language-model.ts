// Builds the AI SDK model for one provider configuration and key. Each kind's SDK is imported the first
// time a provider of that kind is called (~60 ms each to load): a run loads only the one it uses.
import type { LanguageModelV3 } from '@ai-sdk/provider';
import crypto from 'node:crypto';
import type { ProviderKind } from './gateway';

export const DEFAULT_BASE_URLS: Record<ProviderKind, string | null> = {
  openai: 'https://api.openai.com/v1',
  anthropic: 'https://api.anthropic.com/v1',
  'openai-compatible': null,
};

export interface ModelTarget {
  kind: ProviderKind;
  name: string;
  baseUrl: string;
  model: string;
  apiKey: string | null;
  fetch?: typeof fetch;
}

export async function createLanguageModel(target: ModelTarget): Promise<LanguageModelV3> {
  const { baseUrl: baseURL, fetch } = target;
  // An empty key (not undefined): the SDK would otherwise read OPENAI_API_KEY / ANTHROPIC_API_KEY from
  // the environment, a key the user never gave this provider. The provider then answers 401, which says what to do.
  const apiKey = target.apiKey ?? '';
  switch (target.kind) {
    case 'openai': {
      const { createOpenAI } = await import('@ai-sdk/openai');
      // `.chat`: plain `openai(model)` calls /v1/responses, which compatible servers lack.
      return createOpenAI({ baseURL, apiKey, fetch }).chat(target.model);
    }
    case 'anthropic': {
      const { createAnthropic } = await import('@ai-sdk/anthropic');
      return createAnthropic({ baseURL, apiKey, fetch })(target.model);
    }
    case 'openai-compatible': {
      const { createOpenAICompatible } = await import('@ai-sdk/openai-compatible');
      return createOpenAICompatible({
        name: target.name,
        baseURL,
        apiKey: target.apiKey ?? undefined,
        fetch,
        includeUsage: true,
        // only read when a call asks for JSON of a schema (the quality judge): `response_format`
        // json_schema, which Ollama, LM Studio, vLLM and OpenRouter take (a server that refuses it gets
        // the judge's second try without it)
        supportsStructuredOutputs: true,
      }).chatModel(target.model);
    }
  }
}

const MODEL_CACHE_SIZE = 16;
const modelCache = new Map<string, LanguageModelV3>();

/**
 * The same as createLanguageModel, reusing the instance for an identical target: building a provider
 * builds its zod chunk schemas, which costs milliseconds per call. Keyed by a hash of the key, never the
 * key itself; a custom `fetch` (tests) bypasses the cache.
 */
export async function languageModelFor(target: ModelTarget): Promise<LanguageModelV3> {
  if (target.fetch) return createLanguageModel(target);
  const keyHash = target.apiKey === null ? '-' : crypto.hash('sha256', target.apiKey, 'hex');
  const cacheKey = [target.kind, target.name, target.baseUrl, target.model, keyHash].join('\n');
  let model = modelCache.get(cacheKey);
  if (model) {
    modelCache.delete(cacheKey); // re-insert: most recently used last
  } else {
    model = await createLanguageModel(target);
    if (modelCache.size >= MODEL_CACHE_SIZE) modelCache.delete(modelCache.keys().next().value!);
  }
  modelCache.set(cacheKey, model);
  return model;
}
