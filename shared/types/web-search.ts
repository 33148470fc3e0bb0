// The WebSearch tool's backend as Settings › Web search shows and changes it. The Brave key itself never
// crosses: the dashboard sees whether one is stored, and sends a new one (or null to remove it).
import { z } from 'zod';
import { ErrorWords } from '../ipc/result';

/** DuckDuckGo's HTML page (no key, the default), a SearXNG instance's JSON API, or Brave's Search API. */
export const SEARCH_BACKENDS = ['duckduckgo', 'searxng', 'brave'] as const;
export const SearchBackend = z.enum(SEARCH_BACKENDS);
export type SearchBackend = z.infer<typeof SearchBackend>;

/** An instance's address: http(s), no user name or password (a key belongs in the secret store). */
export const SearchUrl = z
  .string()
  .trim()
  .max(2000)
  .pipe(
    z.url({
      protocol: /^https?$/,
      error: 'an http(s) address such as https://searx.example.org is needed',
    }),
  )
  .refine(
    (text) => !/^[a-z]+:\/\/[^/?#]*@/i.test(text),
    'the address must not carry a user name or password',
  );

export const WebSearchSettings = z.object({
  backend: SearchBackend,
  /** The SearXNG instance (null until one is given). */
  searxngUrl: z.string().nullable(),
  /** Whether a Brave Search API key is stored (never the key). */
  braveKeySet: z.boolean(),
  /**
   * What this host's command line chose instead (`skilldeck serve --search-backend …`): searches use it
   * until the host stops; the settings above are kept for later. null: the settings are in force.
   */
  commandLine: z
    .object({ backend: SearchBackend, url: z.string().nullable(), keySet: z.boolean() })
    .nullable(),
});
export type WebSearchSettings = z.infer<typeof WebSearchSettings>;

/** `search:update`: what changes. `braveKey` null removes the stored key. */
export const WebSearchUpdate = z
  .object({
    backend: SearchBackend,
    searxngUrl: SearchUrl.nullable(),
    braveKey: z.string().trim().min(1).max(500).nullable(),
  })
  .partial()
  .strict();
export type WebSearchUpdate = z.infer<typeof WebSearchUpdate>;

/** `search:test`: one search with the backend in force, as the WebSearch tool would make it. */
export const WebSearchTestInput = z
  .object({ query: z.string().trim().min(1).max(400) })
  .partial()
  .strict();
export type WebSearchTestInput = z.infer<typeof WebSearchTestInput>;

export const WebSearchTestResult = z.object({
  ok: z.boolean(),
  backend: SearchBackend,
  query: z.string(),
  /** The first results (title and address), when it worked. */
  results: z.array(z.object({ title: z.string(), url: z.string() })),
  /** "ok", or what went wrong in words a user can act on (English). */
  message: z.string(),
  /** The error as data, for the dashboard's language. */
  words: ErrorWords.optional(),
  latencyMs: z.number(),
});
export type WebSearchTestResult = z.infer<typeof WebSearchTestResult>;

export const webSearchChannels = {
  /** Settings › Web search: the backend, the SearXNG address, whether a Brave key is stored. */
  'search:settings': { input: z.undefined(), output: WebSearchSettings },
  /** Changes them; the Brave key goes to the secret store. */
  'search:update': { input: WebSearchUpdate, output: WebSearchSettings },
  /** Tries one search with the backend in force (Settings' "Try a search"). */
  'search:test': { input: WebSearchTestInput, output: WebSearchTestResult },
} as const;
export type WebSearchChannel = keyof typeof webSearchChannels;
