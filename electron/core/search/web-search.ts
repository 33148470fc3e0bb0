// The web search in force: the backend chosen in Settings (setting `search.backend`, the SearXNG address
// `search.searxngUrl`, Brave's key in the secret store as `search:brave`), or what the host's command line
// says instead (`--search-backend`, `--search-url`, `--search-key-env`).
import type { SearchBackend } from '../../../shared/types/web-search';
import type { SecretStorePort } from '../platform';
import { SETTINGS, type SettingKey, type SettingValue, type SettingsStore } from '../store/settings';
import type { BackendSearch } from './backend';
import type { SearchResult } from './results';
import { SEARCH_TIMEOUT_MS } from './search-http';

/** The secret store's name for the Brave Search API key. */
export const BRAVE_KEY_SECRET = 'search:brave';

// Loaded on the first search (DuckDuckGo and the HTML titles read with linkedom, ~80 ms), not with the core.
const BACKENDS: Record<SearchBackend, () => Promise<BackendSearch>> = {
  duckduckgo: async () => (await import('./duckduckgo')).searchDuckDuckGo,
  searxng: async () => (await import('./searxng')).searchSearxng,
  brave: async () => (await import('./brave')).searchBrave,
};

/** What a host gives over the settings (`CoreOptions.webSearch`). */
export interface WebSearchOptions {
  /** `--search-backend`. */
  backend?: SearchBackend;
  /** `--search-url`: the SearXNG instance, or another address for DuckDuckGo's or Brave's endpoint. */
  url?: string;
  /** The Brave key read from `--search-key-env`'s variable (kept in memory only). */
  apiKey?: string;
  /** Where DuckDuckGo and Brave are when chosen in Settings (tests point them at local servers). */
  endpoints?: Partial<Record<'duckduckgo' | 'brave', string>>;
  /** How long one search may take (default 15 s). */
  timeoutMs?: number;
}

export interface SearchPlan {
  backend: SearchBackend;
  baseUrl?: string;
  apiKey?: string;
}

export interface WebSearch {
  /** The backend in force and where it is (the key read from the secret store when it is Brave). */
  plan(): Promise<SearchPlan>;
  /** One search with the backend in force; throws a SearchError a user can act on. */
  search(query: string, signal: AbortSignal): Promise<{ backend: SearchBackend; results: SearchResult[] }>;
  /** What the command line chose over the settings, or null. */
  commandLine(): { backend: SearchBackend; url: string | null; keySet: boolean } | null;
}

export function createWebSearch(deps: {
  settings: Pick<SettingsStore, 'get'>;
  secrets: Pick<SecretStorePort, 'get'>;
  options?: WebSearchOptions;
}): WebSearch {
  const options = deps.options ?? {};
  const given = options.backend !== undefined || options.url !== undefined || options.apiKey !== undefined;

  async function plan(): Promise<SearchPlan> {
    const backend = options.backend ?? deps.settings.get('search.backend');
    const stored =
      backend === 'searxng' ? deps.settings.get('search.searxngUrl') : options.endpoints?.[backend];
    const baseUrl = options.url ?? stored ?? undefined;
    const apiKey =
      backend === 'brave'
        ? (options.apiKey ?? (await deps.secrets.get(BRAVE_KEY_SECRET)) ?? undefined)
        : undefined;
    return { backend, ...(baseUrl ? { baseUrl } : {}), ...(apiKey ? { apiKey } : {}) };
  }

  return {
    plan,
    async search(query, signal) {
      const { backend, baseUrl, apiKey } = await plan();
      const search = await BACKENDS[backend]();
      const results = await search(query, {
        baseUrl,
        apiKey,
        signal,
        timeoutMs: options.timeoutMs ?? SEARCH_TIMEOUT_MS,
      });
      return { backend, results };
    },
    commandLine: () =>
      given
        ? {
            backend: options.backend ?? deps.settings.get('search.backend'),
            url: options.url ?? null,
            keySet: options.apiKey !== undefined,
          }
        : null,
  };
}

/** The search with nothing configured: DuckDuckGo (tests and hosts that give no settings). */
export function unconfiguredWebSearch(): WebSearch {
  const get = <K extends SettingKey>(key: K): SettingValue<K> => SETTINGS[key].default as SettingValue<K>;
  return createWebSearch({ settings: { get }, secrets: { get: async () => null } });
}
