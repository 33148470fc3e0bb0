// WebSearch: the web searched with the backend in force (search/web-search.ts), the results numbered
// Markdown links with snippets. Network-permissioned like WebFetch; the permission rules' domains and the
// model's own allowed_domains / blocked_domains (Claude Code's input names) filter what is shown.
import { z } from 'zod';
import { domainListed, inSearchScope } from '../../permissions/web-search-scope';
import { DEFAULT_COUNT, distinctResults, formatResults, MAX_COUNT } from '../../search/results';
import { BACKEND_NAMES, SearchError } from '../../search/search-error';
import type { WebSearch } from '../../search/web-search';
import { defineTool, type AgentTool } from '../types';

const input = z.object({
  query: z.string().describe('What to search the web for'),
  count: z
    .number()
    .int()
    .optional()
    .describe(`How many results to return (default ${DEFAULT_COUNT}, at most ${MAX_COUNT})`),
  allowed_domains: z
    .array(z.string())
    .optional()
    .describe('Only show results from these domains (example.com covers its subdomains)'),
  blocked_domains: z.array(z.string()).optional().describe('Never show results from these domains'),
});

const MAX_QUERY = 400;

export function createWebSearchTool(search: WebSearch): AgentTool {
  return defineTool({
    name: 'WebSearch',
    description:
      'Searches the web and returns the top results as numbered Markdown links with a snippet each. Use it ' +
      'for current information and to find pages; fetch a result with WebFetch to read it. `count`: how many ' +
      `results (default ${DEFAULT_COUNT}, at most ${MAX_COUNT}).`,
    effect: 'network',
    input,
    async target(args) {
      return args.query.trim() === ''
        ? { paths: [], error: 'the search query is empty: say what to search for' }
        : { paths: [] };
    },
    async execute(args, ctx) {
      const query = args.query.trim().replace(/\s+/g, ' ').slice(0, MAX_QUERY);
      const count = Math.max(1, Math.min(MAX_COUNT, args.count ?? DEFAULT_COUNT));
      const quoted = `"${query.length > 50 ? `${query.slice(0, 49)}…` : query}"`;
      let found;
      try {
        found = await search.search(query, ctx.signal);
      } catch (error) {
        if (!(error instanceof SearchError)) throw error;
        return {
          isError: true,
          output: `searching failed: ${error.message}`,
          summary: `Search ${quoted} (failed)`,
        };
      }
      const scope = ctx.searchScope?.() ?? { only: null, never: [] };
      const distinct = distinctResults(found.results);
      const kept = distinct.filter(
        (r) =>
          inSearchScope(scope, r.url) &&
          (args.allowed_domains === undefined || domainListed(args.allowed_domains, r.url)) &&
          !(args.blocked_domains !== undefined && domainListed(args.blocked_domains, r.url)),
      );
      const shown = kept.slice(0, count);
      const left = distinct.length - kept.length;
      const note =
        left > 0
          ? [`(${left} ${left === 1 ? 'result' : 'results'} from domains not allowed here left out)`]
          : [];
      const by = BACKEND_NAMES[found.backend];
      if (shown.length === 0)
        return {
          output: [`No results for "${query}" (${by}).`, ...note].join('\n\n'),
          summary: `Search ${quoted} (no results, ${by})`,
        };
      return {
        output: formatResults(shown, note),
        summary: `Search ${quoted} (${shown.length} ${shown.length === 1 ? 'result' : 'results'}, ${by})`,
      };
    },
  });
}
