// The `providers:*` channels. A key goes into the SecretStore port and never comes back out: outputs
// carry each key's label and health only, and errors never quote a key.
import { randomUUID } from 'node:crypto';
import type { Handlers } from '../../../shared/ipc/contract';
import { AppError, type ErrorWords } from '../../../shared/ipc/result';
import type { KeyTestResult, ProviderTestResult } from '../../../shared/types/provider';
import type { SecretStorePort } from '../platform';
import type { ProviderKeyRepo } from '../store/provider-keys';
import type { ProviderRecord, ProviderRepo } from '../store/providers';
import { httpMessage, httpWords, networkError, networkWords } from './errors';
import { ModelError, type ModelGateway } from './gateway';
import { createKeyHandlers, keyVault } from './key-handlers';
import { maskKey, type KeyPool, type PoolEntry } from './key-pool';
import { DEFAULT_BASE_URLS } from './language-model';
import type { ProviderLimits } from './provider-limits';

export interface ProviderHandlerDeps {
  repo: ProviderRepo;
  /** The pools' stored keys (labels, order, refusals; the keys are in `secrets`). */
  keys: ProviderKeyRepo;
  pool: KeyPool;
  secrets: SecretStorePort;
  gateway: ModelGateway;
  /** Told when a provider's keys were added, edited or removed. */
  onChange?: (providerId: string) => void;
  fetch?: typeof fetch;
  /** How long `providers:test` waits (default 10 s). */
  testTimeoutMs?: number;
  now?: () => number;
  /** Each provider's requests at once (the setting `providers.concurrency`). */
  limits?: ProviderLimits;
}

type ProviderChannel =
  | 'providers:list'
  | 'providers:save'
  | 'providers:delete'
  | 'providers:test'
  | 'providers:models'
  | 'providers:addKey'
  | 'providers:editKey'
  | 'providers:removeKey';

type ModelListing =
  | { kind: 'listed'; models: string[] }
  | { kind: 'no-list' }
  | { kind: 'failed'; message: string; words?: ErrorWords; status?: number; said?: string };

/** What an error body says: its `error.message` (OpenAI, Anthropic) or `message`, else the text itself. */
function errorMessageOf(text: string): string {
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown };
    const message = typeof body.error === 'object' ? body.error.message : (body.error ?? body.message);
    if (typeof message === 'string' && message.trim() !== '') return message.trim();
  } catch {
    // not JSON: the text as it came
  }
  return text.trim();
}

/** How long a provider's model list is kept before the endpoint is asked again. */
const MODEL_LIST_TTL_MS = 60_000;

const NOT_HELD =
  "not in this program's secret store (kept only while `skilldeck serve` ran, or typed in another program) — enter the key again";

export function createProviderHandlers(deps: ProviderHandlerDeps): Pick<Handlers, ProviderChannel> {
  const { repo, pool } = deps;
  const now = deps.now ?? Date.now;
  const fetchImpl = deps.fetch ?? globalThis.fetch;
  const vault = keyVault(deps);
  /** The endpoints' model lists, by provider id (a failed listing is not kept: the next ask retries). */
  const listings = new Map<string, { at: number; listing: ModelListing }>();

  const require = (id: string) => {
    const record = repo.get(id);
    if (!record) throw new AppError('NOT_FOUND', `no provider with id "${id}"`);
    return record;
  };

  /** Asks the endpoint for its models with one key: the list, or the answer that says why not. */
  async function fetchModels(record: ProviderRecord, key: string | null): Promise<ModelListing> {
    const baseUrl = (record.baseUrl ?? DEFAULT_BASE_URLS[record.kind] ?? '').replace(/\/+$/, '');
    const headers: Record<string, string> =
      record.kind === 'anthropic'
        ? { 'x-api-key': key ?? '', 'anthropic-version': '2023-06-01' }
        : key
          ? { authorization: `Bearer ${key}` }
          : {};
    const target = { provider: record.name, model: record.defaultModel ?? '(none)', baseUrl };
    let res: Response;
    try {
      res = await fetchImpl(`${baseUrl}/models`, {
        headers,
        signal: AbortSignal.timeout(deps.testTimeoutMs ?? 10_000),
      });
    } catch {
      return { kind: 'failed', message: networkError(target).message, words: networkWords(target) };
    }
    if (res.ok) {
      const body = (await res.json().catch(() => ({}))) as { data?: { id?: unknown }[] };
      const models = (body.data ?? []).map((m) => m.id).filter((id): id is string => typeof id === 'string');
      return { kind: 'listed', models };
    }
    if (res.status === 404 || res.status === 405) return { kind: 'no-list' };
    const said = await res.text().then(
      (text) => {
        const words = errorMessageOf(text);
        return (key ? maskKey(words, key) : words).slice(0, 200);
      },
      () => '',
    );
    return {
      kind: 'failed',
      message: httpMessage(res.status, target, said),
      words: httpWords(res.status, target, said),
      status: res.status,
      said,
    };
  }

  /** A one-token call through the gateway, for an endpoint without a model list (with one key when given). */
  async function tinyCall(record: ProviderRecord, keyId?: string): Promise<ModelListing> {
    try {
      await deps.gateway.streamText({
        providerName: record.name,
        ...(keyId ? { keyId } : {}),
        system: 'Answer with the single word: ok',
        messages: [{ role: 'user', content: 'ok?' }],
        maxOutputTokens: 5,
        signal: AbortSignal.timeout(deps.testTimeoutMs ?? 10_000),
        onToken: () => {},
      });
      return { kind: 'listed', models: [] };
    } catch (error) {
      return error instanceof ModelError
        ? { kind: 'failed', message: error.message, words: error.details.words }
        : { kind: 'failed', message: 'the test call failed' };
    }
  }

  /** One key tested: a refusal sets it aside, an answer puts it back in use. */
  async function testKey(
    record: ProviderRecord,
    entry: PoolEntry,
  ): Promise<{ result: KeyTestResult; models: string[] }> {
    const value = await entry.read().catch(() => null);
    const base = { id: entry.id, label: entry.label };
    if (value === null) return { result: { ...base, ok: false, message: NOT_HELD }, models: [] };
    let listing = await fetchModels(record, value);
    if (listing.kind === 'no-list') listing = await tinyCall(record, entry.id);
    if (listing.kind === 'failed') {
      if (listing.status === 401 || listing.status === 403)
        pool.refuse(record.id, entry.id, { status: listing.status, reason: listing.said ?? '', at: now() });
      const words = listing.words ? { words: listing.words } : {};
      return { result: { ...base, ok: false, message: listing.message, ...words }, models: [] };
    }
    if (entry.refused) pool.reset(record.id, entry.id);
    return {
      result: { ...base, ok: true, message: 'ok' },
      models: listing.kind === 'listed' ? listing.models : [],
    };
  }

  /** Tests every key of the pool (or the endpoint alone when there is none). */
  async function probe(record: ProviderRecord): Promise<ProviderTestResult> {
    const started = now();
    const entries = await pool.entries(record.id);
    if (entries.length === 0) {
      let listing = await fetchModels(record, null);
      if (listing.kind === 'no-list') listing = await tinyCall(record);
      const latencyMs = now() - started;
      if (listing.kind === 'failed') {
        const words = listing.words ? { words: listing.words } : {};
        return { ok: false, message: listing.message, ...words, models: [], latencyMs, keys: [] };
      }
      return {
        ok: true,
        message: 'ok',
        models: listing.kind === 'listed' ? listing.models : [],
        latencyMs,
        keys: [],
      };
    }
    const tested = [];
    for (const entry of entries) tested.push(await testKey(record, entry));
    const keys = tested.map((t) => t.result);
    const failed = keys.find((k) => !k.ok);
    const models = tested.find((t) => t.result.ok)?.models ?? [];
    return {
      ok: !failed,
      message: failed ? failed.message : 'ok',
      ...(failed?.words ? { words: failed.words } : {}),
      models,
      latencyMs: now() - started,
      keys,
    };
  }

  /** The key a model list is asked with: the first one in use. */
  async function firstKey(record: ProviderRecord): Promise<string | null> {
    for (const entry of await pool.entries(record.id)) {
      if (entry.refused) continue;
      const value = await entry.read().catch(() => null);
      if (value !== null) return value;
    }
    return null;
  }

  return {
    'providers:list': () => Promise.all(repo.list().map(vault.toProvider)),

    'providers:save': async (input) => {
      const existing = input.id === undefined ? undefined : require(input.id);
      const id = existing?.id ?? randomUUID();
      const holder = repo.getByName(input.name);
      if (holder && holder.id !== id) {
        throw new AppError('CONFLICT', `a provider named "${holder.name}" already exists: pick another name`);
      }
      const record = repo.save(
        id,
        {
          kind: input.kind,
          name: input.name,
          baseUrl: input.baseUrl === undefined ? (existing?.baseUrl ?? null) : input.baseUrl,
          defaultModel:
            input.defaultModel === undefined ? (existing?.defaultModel ?? null) : input.defaultModel,
          knownModels: input.knownModels ?? existing?.knownModels ?? [],
          maxOutputTokens:
            input.maxOutputTokens === undefined ? (existing?.maxOutputTokens ?? null) : input.maxOutputTokens,
          // The first provider is the default: a skill without `provider:` should just work.
          isDefault: input.isDefault ?? existing?.isDefault ?? repo.list().length === 0,
        },
        now(),
      );
      if (input.concurrency !== undefined) deps.limits?.set(id, input.concurrency);
      if (typeof input.apiKey === 'string') await vault.setFirstKey(id, input.apiKey);
      else if (input.apiKey === null) await vault.removeAll(id);
      return vault.toProvider(record);
    },

    'providers:delete': async ({ id }) => {
      require(id);
      await vault.removeAll(id);
      repo.delete(id);
      deps.limits?.set(id, null);
      return { id };
    },

    'providers:test': ({ id }) => probe(require(id)),

    'providers:models': async ({ id }) => {
      const record = require(id);
      const cached = listings.get(id);
      const listing =
        cached && now() - cached.at < MODEL_LIST_TTL_MS
          ? cached.listing
          : await fetchModels(record, await firstKey(record));
      if (listing.kind !== 'failed') listings.set(id, { at: now(), listing });
      const listed = listing.kind === 'listed' ? listing.models : [];
      const models = [
        ...new Set([...(record.defaultModel ? [record.defaultModel] : []), ...record.knownModels, ...listed]),
      ];
      return {
        models,
        listed: listing.kind === 'listed',
        ...(listing.kind === 'failed'
          ? { message: listing.message, ...(listing.words ? { words: listing.words } : {}) }
          : {}),
      };
    },

    ...createKeyHandlers({ ...deps, vault, require }),
  };
}
