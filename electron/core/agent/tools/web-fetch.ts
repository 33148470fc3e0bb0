// WebFetch: a public web page as Markdown. Every hop (redirects included) is resolved and checked first,
// and the connection goes to the very addresses checked (no second DNS answer can point it elsewhere).
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import zlib from 'node:zlib';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import { defineTool, type AgentToolContext } from '../types';
import { capOutput } from './output';
import { ToolInputError } from './paths';

export const WEB_FETCH_TIMEOUT_MS = 30_000;
export const WEB_FETCH_MAX_BYTES = 5 * 1024 * 1024;
const MAX_REDIRECTS = 5;

const input = z.object({
  url: z.string().describe('The http(s) URL to fetch'),
  prompt: z.string().optional().describe('What to look for in the page'),
});

export const webFetchTool = defineTool({
  name: 'WebFetch',
  description:
    'Fetches a web page (http or https) and returns its main content as Markdown (plain text and JSON as ' +
    'they are). Private and local network addresses are refused unless a permission rule allows them. ' +
    'Give `prompt` to say what you are looking for.',
  effect: 'network',
  input,
  async target(args) {
    try {
      return { url: parseUrl(args.url).href, paths: [] };
    } catch (error) {
      if (error instanceof ToolInputError) return { url: args.url, paths: [], error: error.message };
      throw error;
    }
  },
  async execute(args, ctx) {
    let summary = `Fetch ${args.url} (failed)`;
    try {
      const start = parseUrl(args.url);
      summary = `Fetch ${shortUrl(start)} (failed)`;
      const page = await fetchPage(start, ctx);
      summary = `Fetch ${shortUrl(page.url)}`;
      if (page.status < 200 || page.status >= 300) {
        const body = page.body.toString('utf8').slice(0, 2000);
        return {
          isError: true,
          output: `HTTP ${page.status} ${page.statusText} from ${page.url.href}${body ? `\n\n${body}` : ''}`,
          summary: `${summary} (HTTP ${page.status})`,
        };
      }
      const text = await toText(page);
      const head = [
        ...(args.prompt ? [`Asked: ${args.prompt}`] : []),
        `URL: ${page.url.href}`,
        ...(page.truncated ? [`[the page was cut at ${WEB_FETCH_MAX_BYTES / 1024 / 1024} MB]`] : []),
      ];
      return {
        output: capOutput(`${head.join('\n')}\n\n${text}`),
        summary: `${summary} (${formatSize(page.body.length)})`,
      };
    } catch (error) {
      if (error instanceof ToolInputError) return { isError: true, output: error.message, summary };
      if (error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError')) {
        const why = ctx.signal.aborted
          ? 'the run was cancelled'
          : `no answer within ${WEB_FETCH_TIMEOUT_MS / 1000} s`;
        return { isError: true, output: `fetching ${args.url} stopped: ${why}`, summary };
      }
      if (error instanceof Error && 'code' in error) {
        return { isError: true, output: `fetching ${args.url} failed: ${error.message}`, summary };
      }
      throw error;
    }
  },
});

function parseUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new ToolInputError(`not a valid URL: ${raw}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ToolInputError(
      `only http and https URLs can be fetched, not ${url.protocol.replace(/:$/, '')}: (${raw})`,
    );
  }
  if (url.username || url.password) throw new ToolInputError('URLs with a user name or password are refused');
  return url;
}

// ---- the address check

const blocked = new net.BlockList();
for (const [net4, bits] of [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // CGNAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(net4, bits, 'ipv4');
}
for (const [net6, bits] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  blocked.addSubnet(net6, bits, 'ipv6');
}

/** Whether an IP address is private, loopback, link-local, unique-local, CGNAT, unspecified or otherwise not public. */
export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true; // not an address at all: never trusted
  const embedded = embeddedIPv4(address);
  if (embedded !== undefined) return blocked.check(embedded, 'ipv4');
  return blocked.check(address, 'ipv6');
}

/** The IPv4 address inside an IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d) or NAT64 (64:ff9b::) one. */
function embeddedIPv4(address: string): string | undefined {
  const words = expandIPv6(address);
  if (!words) return undefined;
  const lastTwo = (): string =>
    [words[6]! >> 8, words[6]! & 0xff, words[7]! >> 8, words[7]! & 0xff].join('.');
  const zeros = (from: number, to: number) => words.slice(from, to).every((w) => w === 0);
  if (zeros(0, 5) && words[5] === 0xffff) return lastTwo();
  if (zeros(0, 6) && (words[6] !== 0 || words[7]! > 1)) return lastTwo();
  if (words[0] === 0x64 && words[1] === 0xff9b && zeros(2, 6)) return lastTwo();
  return undefined;
}

function expandIPv6(address: string): number[] | undefined {
  let text = address.split('%')[0]!.toLowerCase();
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const parts = v4[1]!.split('.').map(Number);
    text = `${text.slice(0, -v4[1]!.length)}${((parts[0]! << 8) | parts[1]!).toString(16)}:${((parts[2]! << 8) | parts[3]!).toString(16)}`;
  }
  const [left, right] = text.split('::') as [string, string | undefined];
  const head = left ? left.split(':') : [];
  const tail = right ? right.split(':') : [];
  const fill = right === undefined ? [] : new Array<string>(8 - head.length - tail.length).fill('0');
  const words = [...head, ...fill, ...tail].map((w) => parseInt(w, 16));
  return words.length === 8 && words.every((w) => Number.isInteger(w) && w >= 0 && w <= 0xffff)
    ? words
    : undefined;
}

interface Resolved {
  address: string;
  family: number;
}

async function resolveChecked(url: URL, ctx: AgentToolContext): Promise<Resolved[]> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const literal = net.isIP(host);
  let addresses: Resolved[];
  if (literal) {
    addresses = [{ address: host, family: literal }];
  } else {
    try {
      addresses = await dns.promises.lookup(host, { all: true, verbatim: true });
    } catch (error) {
      throw new ToolInputError(
        `could not resolve ${host}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      );
    }
    if (addresses.length === 0) throw new ToolInputError(`could not resolve ${host}: no addresses`);
  }
  const refused = addresses.find((a) => isPrivateAddress(a.address));
  if (refused && !ctx.privateNetworkAllowed(url.href)) {
    throw new ToolInputError(
      `${url.href} leads to ${refused.address}, a private or local network address — WebFetch only reaches ` +
        'public addresses (a permission rule can allow a local one)',
    );
  }
  return addresses;
}

// ---- fetching

interface Page {
  url: URL;
  status: number;
  statusText: string;
  contentType: string;
  body: Buffer;
  truncated: boolean;
}

async function fetchPage(start: URL, ctx: AgentToolContext): Promise<Page> {
  const signal = AbortSignal.any([ctx.signal, AbortSignal.timeout(WEB_FETCH_TIMEOUT_MS)]);
  let url = start;
  for (let hop = 0; ; hop += 1) {
    const addresses = await resolveChecked(url, ctx);
    signal.throwIfAborted();
    const response = await request(url, addresses, signal);
    const location = response.headers.location;
    if ([301, 302, 303, 307, 308].includes(response.statusCode ?? 0) && location) {
      response.resume();
      if (hop === MAX_REDIRECTS)
        throw new ToolInputError(`too many redirects (more than ${MAX_REDIRECTS}) from ${start.href}`);
      let next: URL;
      try {
        next = new URL(location, url);
      } catch {
        throw new ToolInputError(`${url.href} redirects to an invalid URL: ${location}`);
      }
      url = parseUrl(next.href);
      continue;
    }
    const { body, truncated } = await readBody(response, signal);
    return {
      url,
      status: response.statusCode ?? 0,
      statusText: response.statusMessage ?? '',
      contentType: String(response.headers['content-type'] ?? ''),
      body,
      truncated,
    };
  }
}

function request(url: URL, addresses: Resolved[], signal: AbortSignal): Promise<http.IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  // connect to the addresses just checked, whatever a second DNS query would say
  const lookup: net.LookupFunction = (_host, options, callback) => {
    const wanted =
      options.family === 4 || options.family === 6
        ? addresses.filter((a) => a.family === options.family)
        : addresses;
    const list = wanted.length > 0 ? wanted : addresses;
    if (options.all) (callback as (e: null, a: Resolved[]) => void)(null, list);
    else callback(null, list[0]!.address, list[0]!.family);
  };
  return new Promise((resolve, reject) => {
    const req = client.get(
      url,
      {
        lookup,
        signal,
        headers: {
          'user-agent': 'Skilldeck/0.1 (WebFetch)',
          accept: 'text/html,application/xhtml+xml,text/plain,text/markdown,application/json;q=0.9,*/*;q=0.5',
          'accept-encoding': 'gzip, deflate, br',
        },
      },
      resolve,
    );
    req.on('error', reject);
  });
}

async function readBody(
  response: http.IncomingMessage,
  signal: AbortSignal,
): Promise<{ body: Buffer; truncated: boolean }> {
  const encoding = String(response.headers['content-encoding'] ?? '').toLowerCase();
  let stream: Readable = response;
  if (encoding === 'gzip' || encoding === 'x-gzip') stream = response.pipe(zlib.createGunzip());
  else if (encoding === 'deflate') stream = response.pipe(zlib.createInflate());
  else if (encoding === 'br') stream = response.pipe(zlib.createBrotliDecompress());
  const chunks: Buffer[] = [];
  let size = 0;
  let truncated = false;
  try {
    for await (const chunk of stream) {
      signal.throwIfAborted();
      const buffer = chunk as Buffer;
      if (size + buffer.length > WEB_FETCH_MAX_BYTES) {
        chunks.push(buffer.subarray(0, WEB_FETCH_MAX_BYTES - size));
        size = WEB_FETCH_MAX_BYTES;
        truncated = true;
        break;
      }
      chunks.push(buffer);
      size += buffer.length;
    }
  } finally {
    if (truncated) response.destroy();
  }
  return { body: Buffer.concat(chunks), truncated };
}

// ---- to text

async function toText(page: Page): Promise<string> {
  const type = page.contentType.split(';')[0]!.trim().toLowerCase();
  const text = decode(page.body, page.contentType, type);
  if (
    type === 'text/html' ||
    type === 'application/xhtml+xml' ||
    (type === '' && /^\s*<(!doctype|html)/i.test(text))
  ) {
    // linkedom, Readability and Turndown load with the first HTML page, not with the agent's tools
    const { htmlToMarkdown } = await import('./html-markdown');
    return htmlToMarkdown(text, page.url);
  }
  if (
    type.startsWith('text/') ||
    type === 'application/json' ||
    type.endsWith('+json') ||
    type.endsWith('+xml') ||
    type === 'application/xml' ||
    type === ''
  ) {
    return text;
  }
  throw new ToolInputError(`${page.url.href} is ${type}, which WebFetch cannot show as text`);
}

function decode(body: Buffer, contentType: string, type: string): string {
  let charset = /charset=["']?([\w-]+)/i.exec(contentType)?.[1];
  if (!charset && type.includes('html')) {
    charset = /<meta[^>]+charset=["']?([\w-]+)/i.exec(body.subarray(0, 2048).toString('latin1'))?.[1];
  }
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body); // an unknown charset label
  }
}

function shortUrl(url: URL): string {
  const text = `${url.host}${url.pathname === '/' ? '' : url.pathname}`;
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
