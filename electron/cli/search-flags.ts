// `--search-backend duckduckgo|searxng|brave`, `--search-url URL` and `--search-key-env VAR` (run, mcp and
// serve): the WebSearch backend for this process, over what Settings › Web search keeps. The Brave key is
// read from the variable named, never typed on the command line.
import { SEARCH_BACKENDS, SearchBackend, SearchUrl } from '../../shared/types/web-search';
import type { WebSearchOptions } from '../core/search/web-search';

export interface SearchFlagValues {
  'search-backend'?: string;
  'search-url'?: string;
  'search-key-env'?: string;
}

/** The flags as the core's `webSearch` option, or the usage problem; undefined when none is given. */
export function readSearchFlags(
  values: SearchFlagValues,
  env: NodeJS.ProcessEnv = process.env,
): { options?: WebSearchOptions } | { problem: string } {
  const options: WebSearchOptions = {};
  const backend = values['search-backend'];
  if (backend !== undefined) {
    const parsed = SearchBackend.safeParse(backend);
    if (!parsed.success)
      return { problem: `--search-backend is one of ${SEARCH_BACKENDS.join(', ')}, not "${backend}"` };
    options.backend = parsed.data;
  }
  const url = values['search-url'];
  if (url !== undefined) {
    const parsed = SearchUrl.safeParse(url);
    if (!parsed.success)
      return {
        problem: `--search-url takes an http(s) address without a user name or password, e.g. http://127.0.0.1:8888 for a SearXNG instance, not "${url}"`,
      };
    options.url = parsed.data;
  }
  const keyEnv = values['search-key-env'];
  if (keyEnv !== undefined) {
    if (options.backend !== undefined && options.backend !== 'brave')
      return {
        problem: `--search-key-env gives Brave Search's key: it goes with --search-backend brave, not ${options.backend}`,
      };
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(keyEnv))
      return {
        problem: `--search-key-env takes the name of an environment variable (e.g. BRAVE_API_KEY), not "${keyEnv}"`,
      };
    const key = env[keyEnv]?.trim();
    if (!key)
      return {
        problem: `--search-key-env ${keyEnv}: ${keyEnv} is not set in this environment; export it first, e.g. ${keyEnv}=… skilldeck …`,
      };
    options.apiKey = key;
  }
  return Object.keys(options).length > 0 ? { options } : {};
}
