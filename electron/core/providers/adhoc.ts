// A provider given on the command line (`skilldeck run --provider … --base-url … --model … --api-key-env …`):
// used for that run only, never saved.
import type { SecretStorePort } from '../platform';
import type { ProviderRecord } from '../store/providers';
import { ModelError, type ModelGateway, type ProviderKind } from './gateway';
import { createKeyPool } from './key-pool';
import { environmentKeySource, type EnvironmentKey } from './key-sources';
import { createModelGateway, type ModelGatewayOptions, type ProviderSource } from './model-gateway';

export interface AdhocProviderFlags {
  kind: ProviderKind;
  /** Required for openai-compatible; openai and anthropic default to their public endpoints. */
  baseUrl?: string;
  model?: string;
  /** The keys of `--api-key-env A,B,C`, labelled by their variables; taken in turn as a pool. */
  apiKeys?: readonly EnvironmentKey[];
}

export const ADHOC_PROVIDER_ID = 'cli';

/** The one provider of a CLI run, as a source the gateway reads (named after its kind). */
export function adhocProviderSource(flags: AdhocProviderFlags): ProviderSource {
  if (flags.kind === 'openai-compatible' && !flags.baseUrl) {
    throw new ModelError(
      'no-provider',
      '--provider openai-compatible needs --base-url, e.g. http://127.0.0.1:11434/v1',
    );
  }
  const record: ProviderRecord = {
    id: ADHOC_PROVIDER_ID,
    kind: flags.kind,
    name: flags.kind,
    baseUrl: flags.baseUrl ?? null,
    defaultModel: flags.model ?? null,
    knownModels: [],
    maxOutputTokens: null,
    isDefault: true,
    createdAt: 0,
    updatedAt: 0,
  };
  return {
    list: () => [record],
    getByName: (name) => (name.toLowerCase() === record.name ? record : undefined),
    getDefault: () => record,
  };
}

/**
 * A gateway over the flags' provider alone. A skill's own `provider:` field is ignored in favour of the
 * flags (the command line is the more specific choice); its `model:` still applies unless `--model` is given.
 */
export function adhocProvider(
  flags: AdhocProviderFlags,
  /** Without `flags.apiKeys`: the provider's one key under `provider:cli` here (tests). */
  secrets: SecretStorePort,
  options: Omit<ModelGatewayOptions, 'providers' | 'secrets' | 'keys'> = {},
): ModelGateway {
  const keys =
    flags.apiKeys && flags.apiKeys.length > 0
      ? createKeyPool({ source: environmentKeySource(flags.apiKeys, () => true, null), now: options.now })
      : undefined;
  const gateway = createModelGateway({
    ...options,
    providers: adhocProviderSource(flags),
    secrets,
    keys,
    ollama: { baseUrl: null },
  });
  return {
    resolve: (_providerName, model) => gateway.resolve(undefined, flags.model ?? model),
    streamText: (request) =>
      gateway.streamText({ ...request, providerName: undefined, model: flags.model ?? request.model }),
  };
}
