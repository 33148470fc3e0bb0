// A local HTTP server that answers as the three search backends do, for tests: DuckDuckGo's HTML page
// (POST /html/: result__a links through //duckduckgo.com/l/?uddg=, result__snippet, an ad, the
// "anomaly" CAPTCHA page), SearXNG's JSON API (GET …/search?format=json: results[] with url, title,
// content; 403 when JSON is off) and Brave's Search API (GET /res/v1/web/search: web.results[] with url,
// title, description; 401/422 for a bad token). Every request is recorded; each backend's next answers
// can be scripted.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FixtureResult {
  title: string;
  url: string;
  snippet: string;
}

/** What the fixtures hold: ranked as a backend would, with the same page twice under other spellings. */
export const FIXTURE_RESULTS: FixtureResult[] = [
  {
    title: 'Welcome to Python.org',
    url: 'https://www.python.org/',
    snippet: 'The official home of the Python Programming Language.',
  },
  {
    title: 'The Python Tutorial — Python 3.13 documentation',
    url: 'https://docs.python.org/3/tutorial/index.html',
    snippet:
      'Python is an easy to learn, powerful programming language. It has efficient high-level data structures…',
  },
  {
    title: 'Python (programming language) - Wikipedia',
    url: 'https://en.wikipedia.org/wiki/Python_(programming_language)',
    snippet:
      'Python is a high-level, general-purpose programming language. Its design philosophy emphasizes code readability…',
  },
  // the first page again: without www, with a tracking parameter and a fragment
  { title: 'Python.org', url: 'http://python.org/?utm_source=search#top', snippet: 'Python.org home.' },
  {
    title: 'Real Python Tutorials',
    url: 'https://realpython.com/',
    snippet:
      'Learn Python online: Python tutorials for developers of all skill levels, Python books and courses.',
  },
  {
    title: 'Python Package Index [PyPI]',
    url: 'https://pypi.org/',
    snippet:
      'The Python Package Index (PyPI) is a repository of software for the Python programming language.',
  },
  {
    title: 'python · GitHub Topics',
    url: 'https://github.com/topics/python',
    snippet: 'Python is a dynamically-typed garbage-collected programming language.',
  },
];

export type SearchBackendName = 'duckduckgo' | 'searxng' | 'brave';

export type SearchReply =
  | { kind: 'results'; results?: FixtureResult[] }
  | { kind: 'status'; status: number; headers?: Record<string, string>; body?: string }
  /** DuckDuckGo's bot check instead of results. */
  | { kind: 'captcha' }
  /** Never answers (the caller's timeout must end it). */
  | { kind: 'hang' }
  /** SearXNG: results empty, every engine unresponsive. */
  | { kind: 'engines-down' };

export interface RecordedSearch {
  backend: SearchBackendName;
  method: string;
  path: string;
  /** The query string's parameters (GET) or the form's (POST). */
  params: Record<string, string>;
  headers: http.IncomingHttpHeaders;
}

export interface SearchServer {
  /** http://127.0.0.1:PORT — DuckDuckGo's and Brave's base; SearXNG at `${url}/searx`. */
  url: string;
  searxngUrl: string;
  requests: RecordedSearch[];
  /** The next answers of a backend, in order; after them it answers the fixtures. */
  script(backend: SearchBackendName, ...replies: SearchReply[]): void;
  close(): Promise<void>;
}

/** Brave's key the server accepts. */
export const BRAVE_TEST_KEY = 'BSA-test-key-123';

export async function startSearchServer(): Promise<SearchServer> {
  const requests: RecordedSearch[] = [];
  const queues: Record<SearchBackendName, SearchReply[]> = { duckduckgo: [], searxng: [], brave: [] };
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const backend: SearchBackendName | undefined =
        req.method === 'POST' && url.pathname === '/html/'
          ? 'duckduckgo'
          : url.pathname === '/res/v1/web/search'
            ? 'brave'
            : url.pathname.endsWith('/search')
              ? 'searxng'
              : undefined;
      if (!backend) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
        return;
      }
      const params = Object.fromEntries(
        backend === 'duckduckgo' ? new URLSearchParams(body) : url.searchParams,
      );
      requests.push({ backend, method: req.method ?? '', path: url.pathname, params, headers: req.headers });
      const reply = queues[backend].shift() ?? { kind: 'results' };
      answer(backend, reply, params, req.headers, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    searxngUrl: `${url}/searx`,
    requests,
    script: (backend, ...replies) => queues[backend].push(...replies),
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

function answer(
  backend: SearchBackendName,
  reply: SearchReply,
  params: Record<string, string>,
  headers: http.IncomingHttpHeaders,
  res: http.ServerResponse,
): void {
  if (reply.kind === 'hang') return;
  if (reply.kind === 'status') {
    res
      .writeHead(reply.status, { 'content-type': 'text/plain', ...reply.headers })
      .end(reply.body ?? http.STATUS_CODES[reply.status] ?? '');
    return;
  }
  const query = params['q'] ?? '';
  if (backend === 'duckduckgo') {
    if (reply.kind === 'captcha') {
      res.writeHead(202, { 'content-type': 'text/html; charset=UTF-8' }).end(duckDuckGoChallenge(query));
      return;
    }
    res
      .writeHead(200, { 'content-type': 'text/html; charset=UTF-8' })
      .end(duckDuckGoPage(query, reply.kind === 'results' ? (reply.results ?? FIXTURE_RESULTS) : []));
    return;
  }
  if (backend === 'searxng') {
    if (params['format'] !== 'json') {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>SearXNG</title>');
      return;
    }
    const down = reply.kind === 'engines-down';
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(
        JSON.stringify(
          searxngAnswer(query, down ? [] : (reply as { results?: FixtureResult[] }).results, down),
        ),
      );
    return;
  }
  if (headers['x-subscription-token'] !== BRAVE_TEST_KEY) {
    res.writeHead(422, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        type: 'ErrorResponse',
        error: {
          id: '5b0b4bb4-0000-4000-8000-000000000000',
          status: 422,
          code: 'SUBSCRIPTION_TOKEN_INVALID',
          detail: 'The provided subscription token is invalid.',
          meta: { component: 'authentication' },
        },
        time: 1767225600,
      }),
    );
    return;
  }
  res
    .writeHead(200, { 'content-type': 'application/json' })
    .end(
      JSON.stringify(braveAnswer(query, (reply as { results?: FixtureResult[] }).results ?? FIXTURE_RESULTS)),
    );
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The query's words in bold, as DuckDuckGo and Brave mark them (the text escaped first). */
function marked(text: string, query: string, tag: 'b' | 'strong'): string {
  let html = escapeHtml(text);
  for (const word of query.split(/\s+/).filter((w) => w.length > 2)) {
    html = html.replace(
      new RegExp(`(${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')})`, 'gi'),
      `<${tag}>$1</${tag}>`,
    );
  }
  return html;
}

const ddgLink = (url: string) => `//duckduckgo.com/l/?uddg=${encodeURIComponent(url)}&amp;rut=4f2a9c0d1e`;

export function duckDuckGoPage(query: string, results: readonly FixtureResult[]): string {
  const items = results.map((r) => {
    const link = ddgLink(r.url);
    const host = new URL(r.url).host;
    return `
            <div class="result results_links results_links_deep web-result ">
              <div class="links_main links_deep result__body">
                <h2 class="result__title">
                  <a rel="nofollow" class="result__a" href="${link}">${marked(r.title, query, 'b')}</a>
                </h2>
                <div class="result__extras">
                  <div class="result__extras__url">
                    <span class="result__icon"><a rel="nofollow" href="${link}"><img class="result__icon__img" width="16" height="16" alt="" src="//external-content.duckduckgo.com/ip3/${host}.ico" name="i15" /></a></span>
                    <a class="result__url" href="${link}">${escapeHtml(host)}</a>
                  </div>
                </div>
                <a class="result__snippet" href="${link}">${marked(r.snippet, query, 'b')}</a>
                <div class="clear"></div>
              </div>
            </div>`;
  });
  const ad = `
            <div class="result results_links results_links_deep result--ad ">
              <div class="links_main links_deep result__body">
                <h2 class="result__title"><a rel="nofollow" class="result__a" href="https://duckduckgo.com/y.js?ad_domain=ads.example&amp;ad_provider=bingv7aa&amp;u3=x">Buy ${escapeHtml(query)} now</a></h2>
                <a class="result__snippet" href="https://duckduckgo.com/y.js?ad_domain=ads.example">Sponsored</a>
              </div>
            </div>`;
  const none = `<div class="no-results">No results.</div>`;
  return `<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN" "http://www.w3.org/TR/html4/loose.dtd">
<html>
<head>
  <meta http-equiv="content-type" content="text/html; charset=UTF-8">
  <meta name="referrer" content="origin">
  <title>${escapeHtml(query)} at DuckDuckGo</title>
  <link rel="stylesheet" href="/dist/h.cd4d5b2b.css" type="text/css">
</head>
<body>
  <div id="header" class="header cw header--html">
    <form name="x" class="header__form" action="/html/" method="post">
      <input type="text" name="q" class="search__input" value="${escapeHtml(query)}" autocomplete="off">
      <input name="b" type="hidden" value="">
      <input type="submit" class="search__button search__button--html" value="">
    </form>
  </div>
  <div>
    <div class="serp__results">
      <div id="links" class="results">
        ${results.length > 0 ? ad + items.join('') : none}
        <div class="nav-link">
          <form action="/html/" method="post">
            <input type="submit" class="btn btn--alt" value="Next">
            <input type="hidden" name="q" value="${escapeHtml(query)}">
            <input type="hidden" name="s" value="10">
            <input type="hidden" name="dc" value="11">
          </form>
        </div>
      </div>
    </div>
  </div>
</body>
</html>`;
}

export function duckDuckGoChallenge(query: string): string {
  return `<!DOCTYPE html>
<html lang="en-US">
<head><meta charset="utf-8"><title>${escapeHtml(query)} at DuckDuckGo</title></head>
<body>
  <div class="anomaly-modal__mask">
    <div class="anomaly-modal__modal" data-testid="anomaly-modal">
      <div class="anomaly-modal__title">Unfortunately, bots use DuckDuckGo too.</div>
      <div class="anomaly-modal__description">Please complete the following challenge to confirm this search was made by a human.</div>
      <form id="challenge-form" action="//duckduckgo.com/anomaly.js?sv=html&amp;cc=sre&amp;ti=1767225600&amp;gk=d4cd0dabcf4caa22ad92fab40844c786" method="POST">
        <div class="anomaly-modal__instructions">Select all squares containing a duck:</div>
        <div class="anomaly-modal__puzzle"></div>
        <button class="btn anomaly-modal__submit" type="submit">Submit</button>
      </form>
    </div>
  </div>
</body>
</html>`;
}

export function searxngAnswer(
  query: string,
  results: readonly FixtureResult[] = FIXTURE_RESULTS,
  down = false,
) {
  return {
    query,
    number_of_results: 0,
    results: results.map((r, i) => {
      const url = new URL(r.url);
      return {
        url: r.url,
        title: r.title,
        content: r.snippet,
        publishedDate: null,
        thumbnail: '',
        engine: 'duckduckgo',
        template: 'default.html',
        parsed_url: [
          url.protocol.slice(0, -1),
          url.host,
          url.pathname,
          '',
          url.search.slice(1),
          url.hash.slice(1),
        ],
        img_src: '',
        priority: '',
        engines: ['duckduckgo', 'brave', 'startpage'],
        positions: [i + 1, i + 2],
        score: 3 / (i + 1),
        category: 'general',
      };
    }),
    answers: [],
    corrections: [],
    infoboxes: [],
    suggestions: [`${query} tutorial`, `${query} download`],
    unresponsive_engines: down
      ? [
          ['brave', 'timeout'],
          ['duckduckgo', 'CAPTCHA'],
        ]
      : [],
  };
}

export function braveAnswer(query: string, results: readonly FixtureResult[]) {
  return {
    query: {
      original: query,
      show_strict_warning: false,
      is_navigational: false,
      is_news_breaking: false,
      spellcheck_off: true,
      country: 'us',
      bad_results: false,
      should_fallback: false,
      postal_code: '',
      city: '',
      header_country: '',
      more_results_available: true,
      state: '',
    },
    mixed: {
      type: 'mixed',
      main: results.map((_, index) => ({ type: 'web', index, all: false })),
      top: [],
      side: [],
    },
    type: 'search',
    web: {
      type: 'search',
      results: results.map((r) => {
        const url = new URL(r.url);
        return {
          title: r.title,
          url: r.url,
          is_source_local: false,
          is_source_both: false,
          description: marked(r.snippet, query, 'strong'),
          page_age: '2025-11-02T09:14:03',
          profile: { name: url.hostname, url: r.url, long_name: url.hostname, img: '' },
          language: 'en',
          family_friendly: true,
          type: 'search_result',
          subtype: 'generic',
          is_live: false,
          meta_url: {
            scheme: url.protocol.slice(0, -1),
            netloc: url.host,
            hostname: url.hostname,
            favicon: '',
            path: url.pathname === '/' ? '' : `› ${url.pathname.split('/').filter(Boolean).join(' › ')}`,
          },
          age: 'November 2, 2025',
        };
      }),
      family_friendly: true,
    },
  };
}
