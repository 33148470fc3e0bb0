// The providers as the core wires them: the stored configurations, each one's pool of keys (stored, or
// given by `--api-key-env`), the model gateway over both and the `providers:*` handlers.
import type { Database } from 'better-sqlite3';
import type { Handlers } from '../../../shared/ipc/contract';
import type { EventHub } from '../ipc/event-hub';
import type { SecretStorePort } from '../platform';
import { createProviderKeyRepo } from '../store/provider-keys';
import { createProviderRepo } from '../store/providers';
import type { ModelGateway } from './gateway';
import { createKeyPool, type KeyPool } from './key-pool';
import { environmentKeySource, storedKeySource, type EnvironmentKey } from './key-sources';
import { createModelGateway, type ModelGatewayOptions } from './model-gateway';
import { createProviderHandlers } from './provider-handlers';
import { defaultProviderLimits, settingsProviderLimits } from './provider-limits';
import type { SettingsStore } from '../store/settings';

/** Keys given on the command line: for every provider a run uses (`run`, `mcp`), or serve's default one. */
export interface EnvironmentKeys {
  keys: EnvironmentKey[];
  for: 'every-provider' | 'default-provider';
}

export interface ProviderDomainOptions {
  db: Database;
  secrets: SecretStorePort;
  events: EventHub;
  modelGateway?: Omit<ModelGatewayOptions, 'providers' | 'secrets' | 'keys'>;
  /** Replaces the gateway over the stored providers (the CLI's `--provider` flags). */
  gateway?: ModelGateway;
  environmentKeys?: EnvironmentKeys;
  /** Where each provider's requests-at-once limit is kept; without it every provider has the default. */
  settings?: SettingsStore;
}

export function createProviderDomain(options: ProviderDomainOptions) {
  const providers = createProviderRepo(options.db);
  const keys = createProviderKeyRepo(options.db);
  const now = options.modelGateway?.now ?? Date.now;
  const changed = (providerId: string) => options.events.emit('providers:changed', { providerId });
  const stored = storedKeySource({ repo: keys, secrets: options.secrets, now });
  const env = options.environmentKeys;
  const pool: KeyPool = createKeyPool({
    source: env
      ? environmentKeySource(
          env.keys,
          env.for === 'every-provider' ? () => true : (id) => providers.getDefault()?.id === id,
          stored,
        )
      : stored,
    now,
    onChange: changed,
  });
  const limits = options.settings ? settingsProviderLimits(options.settings) : defaultProviderLimits;
  const gateway = options.gateway ?? createModelGateway({ ...options.modelGateway, providers, keys: pool });
  const handlers: Pick<Handlers, `providers:${string}` & keyof Handlers> = createProviderHandlers({
    repo: providers,
    keys,
    pool,
    secrets: options.secrets,
    gateway,
    onChange: changed,
    now,
    limits,
  });
  /** Requests a run sends at once to the provider of this name (one not stored: the default). */
  const concurrencyOf = (providerName: string) => limits.get(providers.getByName(providerName)?.id);
  return { providers, pool, gateway, handlers, concurrencyOf };
}
