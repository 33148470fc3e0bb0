// How many requests a run sends to a provider at once: the setting `providers.concurrency` (Settings ›
// Providers), by provider id, else the default. A provider with no stored configuration (the probed Ollama,
// a CLI run's `--provider`) gets the default.
import { DEFAULT_PROVIDER_CONCURRENCY } from '../../../shared/types/provider';
import type { SettingsStore } from '../store/settings';

export interface ProviderLimits {
  get(providerId: string | undefined): number;
  /** null: back to the default. */
  set(providerId: string, limit: number | null): void;
}

export function settingsProviderLimits(settings: SettingsStore): ProviderLimits {
  return {
    get: (providerId) =>
      (providerId === undefined ? undefined : settings.get('providers.concurrency')[providerId]) ??
      DEFAULT_PROVIDER_CONCURRENCY,
    set(providerId, limit) {
      const { [providerId]: _old, ...others } = settings.get('providers.concurrency');
      const kept = limit === null || limit === DEFAULT_PROVIDER_CONCURRENCY;
      settings.set('providers.concurrency', kept ? others : { ...others, [providerId]: limit });
    },
  };
}

/** Without settings (tests, hosts that store nothing): every provider at the default. */
export const defaultProviderLimits: ProviderLimits = {
  get: () => DEFAULT_PROVIDER_CONCURRENCY,
  set: () => undefined,
};
