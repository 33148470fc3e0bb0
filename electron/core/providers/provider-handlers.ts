// The `providers:*` channels. A key goes into the SecretStore port and never comes back out: outputs
// carry `hasKey` only, and errors never quote it.
import { randomUUID } from 'node:crypto';
import type { Handlers } from '../../../shared/ipc/contract';
import { AppError, type ErrorWords } from '../../../shared/ipc/result';
import type { Provider, ProviderTestResult } from '../../../shared/types/provider';
import type { SecretStorePort } from '../platform';
import type { ProviderRecord, ProviderRepo } from '../store/providers';
import { httpMessage, httpWords, networkError, networkWords } from './errors';
import { ModelError, type ModelGateway } from './gateway';
import { DEFAULT_BASE_URLS } from './language-model';
import { providerSecretName } from './model-gateway';

export interface ProviderHandlerDeps {
  repo: ProviderRepo;
  secrets: SecretStorePort;
  gateway: ModelGateway;
  fetch?: typeof fetch;
  /** How long `providers:test` waits (default 10 s). */
  testTimeoutMs?: number;
  now?: () => number;
}

type ProviderChannel =
  'providers:list' | 'providers:save' | 'providers:delete' | 'providers:test' | 'providers:models';

type ModelListing =
  | { kind: 'listed'; models: string[] }
  | { kind: 'no-list' }
  | { kind: 'failed'; message: string; words: ErrorWords };

/** How long a provider's model list is kept before the endpoint is asked again. */
const MODEL_LIST_TTL_MS = 60_000;

export function createProviderHandlers(deps: ProviderHandlerDeps): Pick<Handlers, ProviderChannel> {
  const { repo, secrets } = deps;
  const now = deps.now ?? Date.now;
  const fetchImpl = deps.fetch ?? globalThis.fetch;
  /** The endpoints' model lists, by provider id (a failed listing is not kept: the next ask retries). */
  const listings = new Map<string, { at: number; listing: ModelListing }>();

  const toProvider = async (record: ProviderRecord): Promise<Provider> => ({
    ...record,
    hasKey: (await secrets.get(providerSecretName(record.id))) !== null,
  });

  const require = (id: string) => {
    const record = repo.get(id);
    if (!record) throw new AppError('NOT_FOUND', `no provider with id "${id}"`);
    return record;
  };

  /** Asks the endpoint for its models: the list, or the answer that says why not. */
  async function fetchModels(record: ProviderRecord): Promise<ModelListing> {
    const baseUrl = (record.baseUrl ?? DEFAULT_BASE_URLS[record.kind] ?? '').replace(/\/+$/, '');
    const key = await secrets.get(providerSecretName(record.id));
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
      (text) => (key ? text.split(key).join('***') : text).slice(0, 200),
      () => '',
    );
    return {
      kind: 'failed',
      message: httpMessage(res.status, target, said),
      words: httpWords(res.status, target, said),
    };
  }

  /** Lists the endpoint's models; on a 404 (no /models there) falls back to a one-token call. */
  async function probe(record: ProviderRecord): Promise<ProviderTestResult> {
    const started = now();
    const result = (ok: boolean, message: string, models: string[] = [], words?: ErrorWords) => ({
      ok,
      message,
      ...(words ? { words } : {}),
      models,
      latencyMs: now() - started,
    });
    const listing = await fetchModels(record);
    if (listing.kind === 'listed') return result(true, 'ok', listing.models);
    if (listing.kind === 'failed') return result(false, listing.message, [], listing.words);
    try {
      await deps.gateway.streamText({
        providerName: record.name,
        system: 'Answer with the single word: ok',
        messages: [{ role: 'user', content: 'ok?' }],
        maxOutputTokens: 5,
        signal: AbortSignal.timeout(deps.testTimeoutMs ?? 10_000),
        onToken: () => {},
      });
      return result(true, 'ok');
    } catch (error) {
      return error instanceof ModelError
        ? result(false, error.message, [], error.details.words)
        : result(false, 'the test call failed');
    }
  }

  return {
    'providers:list': () => Promise.all(repo.list().map(toProvider)),

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
      if (typeof input.apiKey === 'string') await secrets.set(providerSecretName(id), input.apiKey);
      else if (input.apiKey === null) await secrets.delete(providerSecretName(id));
      return toProvider(record);
    },

    'providers:delete': async ({ id }) => {
      require(id);
      // a store that cannot write (the CLI's environment keys) holds nothing to delete for it
      if ((await secrets.get(providerSecretName(id))) !== null) await secrets.delete(providerSecretName(id));
      repo.delete(id);
      return { id };
    },

    'providers:test': ({ id }) => probe(require(id)),

    'providers:models': async ({ id }) => {
      const record = require(id);
      const cached = listings.get(id);
      const listing =
        cached && now() - cached.at < MODEL_LIST_TTL_MS ? cached.listing : await fetchModels(record);
      if (listing.kind !== 'failed') listings.set(id, { at: now(), listing });
      const listed = listing.kind === 'listed' ? listing.models : [];
      const models = [
        ...new Set([...(record.defaultModel ? [record.defaultModel] : []), ...record.knownModels, ...listed]),
      ];
      return {
        models,
        listed: listing.kind === 'listed',
        ...(listing.kind === 'failed' ? { message: listing.message, words: listing.words } : {}),
      };
    },
  };
}
