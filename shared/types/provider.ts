import { z } from 'zod';
import { ErrorWords } from '../ipc/result';

// Model provider configurations as the dashboard sees them. A provider holds a pool of API keys; a key
// goes in (`apiKey` on save, `key` on providers:addKey / editKey) and never comes out: outputs carry each
// key's label and health only.

export const ProviderKind = z.enum(['openai', 'anthropic', 'openai-compatible']);
export type ProviderKind = z.infer<typeof ProviderKind>;

export const ProviderId = z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'not a provider id');

/** What skills write in their `provider:` field. */
export const ProviderName = z
  .string()
  .trim()
  .min(1, 'a provider needs a name')
  .max(64)
  .regex(/^[^\s,"]+$/, 'a provider name has no spaces, commas or quotes (skills refer to it by name)');

const BaseUrl = z
  .url({ protocol: /^https?$/, error: 'the base URL must be an http(s) URL, e.g. http://127.0.0.1:11434/v1' })
  .max(2048);

const ModelName = z.string().trim().min(1).max(256);

/**
 * How many requests a run sends to one provider at once (a workflow's steps): 8 unless set in Settings ›
 * Providers. A 429 halves it for the rest of that run (engine/provider-limit.ts).
 */
export const MAX_PROVIDER_CONCURRENCY = 64;
export const ProviderConcurrency = z.number().int().min(1).max(MAX_PROVIDER_CONCURRENCY);
export const DEFAULT_PROVIDER_CONCURRENCY = 8;

/** The id of one key of a provider's pool. */
export const ProviderKeyId = z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'not a key id');

/** What a key is called in Settings and in errors ("Work", "Personal"); unique within its provider. */
export const KeyLabel = z
  .string()
  .trim()
  .min(1, 'a key needs a label')
  .max(64, 'a key label has at most 64 characters')
  .regex(/^[^\p{Cc}]+$/u, 'a key label is one line of text');

/** A key as typed or pasted: surrounding spaces and line breaks dropped (a pasted newline breaks auth). */
export const KeyValue = z
  .string()
  .trim()
  .min(1, 'the key is empty')
  .max(4096)
  .regex(/^[^\s]+$/, 'an API key has no spaces or line breaks inside');

/**
 * Whether a key is used: `ok` (tried in turn), `invalid` (the provider refused it with 401/403: not used
 * again until edited; `reason` is the provider's own words), `cooling` (rate-limited: skipped until
 * `until`, ms since the epoch), `missing` (this program's secret store does not hold it).
 */
export const KeyHealth = z.discriminatedUnion('state', [
  z.object({ state: z.literal('ok') }),
  z.object({ state: z.literal('invalid'), status: z.number().int(), reason: z.string(), since: z.number() }),
  z.object({ state: z.literal('cooling'), until: z.number() }),
  z.object({ state: z.literal('missing') }),
]);
export type KeyHealth = z.infer<typeof KeyHealth>;

/** One key of a pool as the dashboard sees it: never the key. */
export const ProviderKey = z.object({
  id: ProviderKeyId,
  label: z.string(),
  /** `environment`: given by `--api-key-env` when the host started; not editable here. */
  source: z.enum(['stored', 'environment']),
  health: KeyHealth,
});
export type ProviderKey = z.infer<typeof ProviderKey>;

export const Provider = z.object({
  id: ProviderId,
  kind: ProviderKind,
  name: z.string(),
  baseUrl: z.string().nullable(),
  defaultModel: z.string().nullable(),
  knownModels: z.array(z.string()),
  maxOutputTokens: z.number().int().nullable(),
  isDefault: z.boolean(),
  /** Requests a run sends to it at once (Settings › Providers; DEFAULT_PROVIDER_CONCURRENCY unless set). */
  concurrency: ProviderConcurrency,
  /** Whether any key of the pool is held here. */
  hasKey: z.boolean(),
  /** The pool, in the order keys were added (requests take them in turn). */
  keys: z.array(ProviderKey),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type Provider = z.infer<typeof Provider>;

export const ProviderSaveInput = z
  .object({
    /** Absent: a new provider. */
    id: ProviderId.optional(),
    kind: ProviderKind,
    name: ProviderName,
    /** Required for openai-compatible; openai and anthropic default to their public endpoints. */
    baseUrl: BaseUrl.nullable().optional(),
    defaultModel: ModelName.nullable().optional(),
    knownModels: z.array(ModelName).max(500).optional(),
    maxOutputTokens: z.number().int().min(1).max(1_000_000).nullable().optional(),
    isDefault: z.boolean().optional(),
    /** Requests a run sends to it at once; absent: unchanged (a new provider: the default). */
    concurrency: ProviderConcurrency.optional(),
    /**
     * Write-only, the one-key form: a new provider's first key ("Key 1"), or a new value for the pool's
     * first key. Absent: keep the keys; null: remove every key.
     */
    apiKey: KeyValue.nullable().optional(),
  })
  .strict()
  .refine((p) => p.kind !== 'openai-compatible' || Boolean(p.baseUrl), {
    path: ['baseUrl'],
    message: 'an OpenAI-compatible provider needs a base URL, e.g. http://127.0.0.1:11434/v1',
  });
export type ProviderSaveInput = z.infer<typeof ProviderSaveInput>;

export const ProviderAddKeyInput = z
  .object({
    providerId: ProviderId,
    /** Absent: "Key N". */
    label: KeyLabel.optional(),
    key: KeyValue,
  })
  .strict();
export type ProviderAddKeyInput = z.infer<typeof ProviderAddKeyInput>;

/** An edit puts the key back in use (it is no longer invalid or cooling down); `key` absent keeps it. */
export const ProviderEditKeyInput = z
  .object({
    providerId: ProviderId,
    keyId: ProviderKeyId,
    label: KeyLabel.optional(),
    key: KeyValue.optional(),
  })
  .strict();
export type ProviderEditKeyInput = z.infer<typeof ProviderEditKeyInput>;

export const ProviderRemoveKeyInput = z.object({ providerId: ProviderId, keyId: ProviderKeyId }).strict();

/** One key's answer to a connection test. */
export const KeyTestResult = z.object({
  id: ProviderKeyId,
  label: z.string(),
  ok: z.boolean(),
  message: z.string(),
  words: ErrorWords.optional(),
});
export type KeyTestResult = z.infer<typeof KeyTestResult>;

export const ProviderTestResult = z.object({
  ok: z.boolean(),
  /** "ok" or the error a user can act on (English). */
  message: z.string(),
  /** The error as data, for the dashboard's language. */
  words: ErrorWords.optional(),
  /** Models the endpoint lists, when it lists them. */
  models: z.array(z.string()),
  latencyMs: z.number(),
  /** Each key of the pool tested on its own (empty for a provider without keys). */
  keys: z.array(KeyTestResult),
});
export type ProviderTestResult = z.infer<typeof ProviderTestResult>;

/** The models a picker offers for one provider. */
export const ProviderModels = z.object({
  /** The default model, the models the user entered, then those the endpoint lists; no repeats. */
  models: z.array(z.string()),
  /** Whether the endpoint answered its model list (else `models` holds only what is stored). */
  listed: z.boolean(),
  /** Why the endpoint's list is missing (English), when it was asked and did not answer. */
  message: z.string().optional(),
  words: ErrorWords.optional(),
});
export type ProviderModels = z.infer<typeof ProviderModels>;
