// What each search backend is: a query in, results out (their order the backend's ranking), or a
// SearchError saying why not.
import type { SearchResult } from './results';

export interface BackendOptions {
  /** Where the backend is: the SearXNG instance, or another address for DuckDuckGo / Brave (tests, proxies). */
  baseUrl?: string;
  /** Brave's key. */
  apiKey?: string;
  signal: AbortSignal;
  timeoutMs: number;
}

export type BackendSearch = (query: string, options: BackendOptions) => Promise<SearchResult[]>;
