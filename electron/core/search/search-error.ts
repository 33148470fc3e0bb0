// Why a web search failed, said once in English and once as data (`errors:search.<kind>` in the
// dashboard's locales say the same thing: electron/core/testing/error-words.ts checks each one).
import type { ErrorWords } from '../../../shared/ipc/result';
import type { SearchBackend } from '../../../shared/types/web-search';

export const BACKEND_NAMES: Record<SearchBackend, string> = {
  duckduckgo: 'DuckDuckGo',
  searxng: 'SearXNG',
  brave: 'Brave Search',
};

type Values = Record<string, string | number>;

/** Each kind's English, with `{{name}}` for its values (the renderer's errors.json has the same text). */
const SAID = {
  noUrl: 'no SearXNG instance is set — give its address in Settings › Web search (or --search-url)',
  noKey: 'no Brave Search API key is stored — add it in Settings › Web search (or --search-key-env)',
  unreachable: 'cannot reach {{backend}} at {{url}} ({{why}}) — check the address and your network',
  timedOut: '{{backend}} did not answer within {{seconds}} s — try again later',
  rateLimited: '{{backend}} is rate-limiting searches (429) — try again in {{seconds}} s',
  rateLimitedNoWait: '{{backend}} is rate-limiting searches (429) — try again later',
  blocked:
    'DuckDuckGo answered with a CAPTCHA instead of results (it blocks automated searches from this address for a while) — try again later, or choose SearXNG or Brave Search in Settings › Web search',
  refused: '{{backend}} refused the search ({{status}}): {{said}}',
  jsonDisabled:
    'the SearXNG instance at {{url}} refused the JSON format (403) — JSON output is probably turned off there: add json to search.formats in its settings.yml, or use another instance',
  badKey: 'Brave Search refused the API key ({{status}}) — check the key in Settings › Web search: {{said}}',
  serverError: '{{backend}} had a server error ({{status}}) — try again later',
  enginesFailed:
    'the SearXNG instance found nothing because its engines did not answer ({{engines}}) — try again later',
  badAnswer: '{{backend}} answered with something that is not a list of results ({{what}})',
} as const;

export type SearchErrorKind = keyof typeof SAID;

export class SearchError extends Error {
  readonly words: ErrorWords;
  constructor(
    readonly kind: SearchErrorKind,
    values: Values = {},
    options?: { cause?: unknown },
  ) {
    super(
      SAID[kind].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? '')),
      options,
    );
    this.name = 'SearchError';
    this.words = { key: `search.${kind}`, values };
  }
}

/** At most this many characters of what a server said go into an error. */
export function shortSaid(text: string): string {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > 200 ? `${one.slice(0, 199)}…` : one || 'no details';
}
