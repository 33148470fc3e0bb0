// Settings › Web search: `search:settings`, `search:update` (the Brave key goes to the secret store and
// never comes back: the dashboard learns only whether one is stored) and `search:test` (one search with
// the backend in force, as the WebSearch tool would make it).
import type { Handlers } from '../../../shared/ipc/contract';
import type { WebSearchChannel, WebSearchSettings } from '../../../shared/types/web-search';
import type { SecretStorePort } from '../platform';
import type { SettingsStore } from '../store/settings';
import { distinctResults } from './results';
import { SearchError } from './search-error';
import { BRAVE_KEY_SECRET, type WebSearch } from './web-search';

/** What "Try a search" looks for when the page gives no query. */
export const TEST_QUERY = 'Skilldeck';
const SHOWN = 3;

export function createWebSearchHandlers(deps: {
  search: WebSearch;
  settings: Pick<SettingsStore, 'get' | 'set'>;
  secrets: SecretStorePort;
}): Pick<Handlers, WebSearchChannel> {
  const { settings, secrets } = deps;
  const read = async (): Promise<WebSearchSettings> => ({
    backend: settings.get('search.backend'),
    searxngUrl: settings.get('search.searxngUrl'),
    braveKeySet: (await secrets.get(BRAVE_KEY_SECRET)) !== null,
    commandLine: deps.search.commandLine(),
  });
  return {
    'search:settings': read,
    'search:update': async (patch) => {
      if (patch.braveKey !== undefined) {
        if (patch.braveKey !== null) await secrets.set(BRAVE_KEY_SECRET, patch.braveKey);
        else if ((await secrets.get(BRAVE_KEY_SECRET)) !== null) await secrets.delete(BRAVE_KEY_SECRET);
      }
      if (patch.searxngUrl !== undefined) settings.set('search.searxngUrl', patch.searxngUrl);
      if (patch.backend !== undefined) settings.set('search.backend', patch.backend);
      return read();
    },
    'search:test': async (input) => {
      const query = input.query ?? TEST_QUERY;
      const started = Date.now();
      const backend = (await deps.search.plan()).backend;
      try {
        const found = await deps.search.search(query, new AbortController().signal);
        const results = distinctResults(found.results)
          .slice(0, SHOWN)
          .map(({ title, url }) => ({ title, url }));
        return { ok: true, backend, query, results, message: 'ok', latencyMs: Date.now() - started };
      } catch (error) {
        if (!(error instanceof SearchError)) throw error;
        return {
          ok: false,
          backend,
          query,
          results: [],
          message: error.message,
          words: error.words,
          latencyMs: Date.now() - started,
        };
      }
    },
  };
}
