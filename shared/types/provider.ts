import { z } from 'zod';
import { ErrorWords } from '../ipc/result';

// Model provider configurations as the dashboard sees them. The API key goes in (`apiKey` on save) and
// never comes out: outputs carry `hasKey` only.

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

export const Provider = z.object({
  id: ProviderId,
  kind: ProviderKind,
  name: z.string(),
  baseUrl: z.string().nullable(),
  defaultModel: z.string().nullable(),
  knownModels: z.array(z.string()),
  maxOutputTokens: z.number().int().nullable(),
  isDefault: z.boolean(),
  hasKey: z.boolean(),
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
    /** Write-only. Absent: keep the stored key; null: remove it. */
    apiKey: z.string().min(1).max(4096).nullable().optional(),
  })
  .strict()
  .refine((p) => p.kind !== 'openai-compatible' || Boolean(p.baseUrl), {
    path: ['baseUrl'],
    message: 'an OpenAI-compatible provider needs a base URL, e.g. http://127.0.0.1:11434/v1',
  });
export type ProviderSaveInput = z.infer<typeof ProviderSaveInput>;

export const ProviderTestResult = z.object({
  ok: z.boolean(),
  /** "ok" or the error a user can act on (English). */
  message: z.string(),
  /** The error as data, for the dashboard's language. */
  words: ErrorWords.optional(),
  /** Models the endpoint lists, when it lists them. */
  models: z.array(z.string()),
  latencyMs: z.number(),
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
