import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run, targetOf, tempWorkdir } from './test-support';
import { isPrivateAddress, webFetchTool } from './web-fetch';

const article = `<!doctype html><html><head><title>Garden notes</title></head><body>
<nav><a href="/">Home</a> | <a href="/about">About</a></nav>
<article><h1>Growing tomatoes</h1>
${'<p>Tomatoes need sun, water and patience. Plant them after the last frost, in rich soil, and stake them early so the stems do not break under the fruit. </p>'.repeat(6)}
<p>See <a href="/guide">the full guide</a>.</p></article>
<footer>© garden</footer></body></html>`;

let server: http.Server;
let base: string;
const requests: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    requests.push(req.url ?? '');
    const route = req.url ?? '/';
    if (route === '/article') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(article);
    } else if (route === '/tiny') {
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<html><body><p>Just <b>one</b> <a href="/next">line</a></p></body></html>');
    } else if (route === '/plain') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('plain *text*');
    } else if (route === '/json') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"a":1}');
    } else if (route === '/gzip') {
      res
        .writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' })
        .end(zlib.gzipSync('squeezed'));
    } else if (route === '/latin1') {
      res
        .writeHead(200, { 'content-type': 'text/plain; charset=iso-8859-1' })
        .end(Buffer.from([0x63, 0x61, 0x66, 0xe9]));
    } else if (route === '/redirect') {
      res.writeHead(302, { location: '/plain' }).end();
    } else if (route.startsWith('/loop')) {
      res.writeHead(301, { location: `/loop${route.length}` }).end();
    } else if (route === '/to-loopback') {
      res
        .writeHead(302, { location: `http://localhost:${(server.address() as AddressInfo).port}/plain` })
        .end();
    } else if (route === '/to-file') {
      res.writeHead(302, { location: 'file:///etc/passwd' }).end();
    } else if (route === '/missing') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('no such page');
    } else if (route === '/image') {
      res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from([0x89, 0x50]));
    } else if (route === '/huge') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      const chunk = 'y'.repeat(64 * 1024);
      const write = () => {
        while (!res.destroyed && res.write(chunk));
      };
      res.on('drain', write);
      write();
    } else if (route === '/hang') {
      // never answers: the caller must give up
    } else {
      res.writeHead(500).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const w = tempWorkdir();
afterAll(() => w.cleanup());
const allowLocal = w.ctx({ privateNetworkAllowed: () => true });

describe('WebFetch', () => {
  it('turns an HTML page into Markdown of its main content, with the prompt first', async () => {
    const result = await run(webFetchTool, { url: `${base}/article`, prompt: 'when to plant?' }, allowLocal);
    expect(result.isError).toBeUndefined();
    const lines = result.output.split('\n');
    expect(lines[0]).toBe('Asked: when to plant?');
    expect(lines[1]).toBe(`URL: ${base}/article`);
    expect(result.output).toContain('Tomatoes need sun');
    expect(result.output).toContain(`[the full guide](${base}/guide)`);
    expect(result.output).not.toContain('About');
    expect(result.output).not.toContain('<p>');
    expect(result.summary).toMatch(/^Fetch 127\.0\.0\.1:\d+\/article \(\d+ KB\)$/);
  });

  it('falls back to the whole body when Readability finds no article', async () => {
    const result = await run(webFetchTool, { url: `${base}/tiny` }, allowLocal);
    expect(result.output).toBe(`URL: ${base}/tiny\n\nJust **one** [line](${base}/next)`);
  });

  it('returns plain text and JSON as they are, decoding gzip and charsets', async () => {
    expect((await run(webFetchTool, { url: `${base}/plain` }, allowLocal)).output).toBe(
      `URL: ${base}/plain\n\nplain *text*`,
    );
    expect((await run(webFetchTool, { url: `${base}/json` }, allowLocal)).output).toContain('{"a":1}');
    expect((await run(webFetchTool, { url: `${base}/gzip` }, allowLocal)).output).toContain('squeezed');
    expect((await run(webFetchTool, { url: `${base}/latin1` }, allowLocal)).output).toContain('café');
  });

  it('follows redirects, at most 5', async () => {
    const result = await run(webFetchTool, { url: `${base}/redirect` }, allowLocal);
    expect(result.output).toBe(`URL: ${base}/plain\n\nplain *text*`);
    const loop = await run(webFetchTool, { url: `${base}/loop` }, allowLocal);
    expect(loop).toMatchObject({ isError: true, output: expect.stringContaining('too many redirects') });
    const scheme = await run(webFetchTool, { url: `${base}/to-file` }, allowLocal);
    expect(scheme).toMatchObject({ isError: true, output: expect.stringContaining('only http and https') });
  });

  it('connects to the addresses it checked when the host is a name', async () => {
    const url = base.replace('127.0.0.1', 'localhost');
    const result = await run(webFetchTool, { url: `${url}/plain` }, allowLocal);
    expect(result.output).toBe(`URL: ${url}/plain\n\nplain *text*`);
  });

  it('refuses loopback addresses unless a rule allows them, before any request', async () => {
    const before = requests.length;
    const refused = await run(webFetchTool, { url: `${base}/plain` }, w.ctx());
    expect(refused).toMatchObject({
      isError: true,
      output: expect.stringContaining('leads to 127.0.0.1, a private or local network address'),
    });
    const byName = await run(webFetchTool, { url: `http://localhost:1/x` }, w.ctx());
    expect(byName).toMatchObject({ isError: true, output: expect.stringContaining('private or local') });
    expect(requests.length).toBe(before);
  });

  it('checks every redirect hop again', async () => {
    const start = `${base}/to-loopback`;
    const ctx = w.ctx({ privateNetworkAllowed: (url) => url === start });
    const result = await run(webFetchTool, { url: start }, ctx);
    expect(result).toMatchObject({
      isError: true,
      output: expect.stringMatching(/^http:\/\/localhost:\d+\/plain leads to/),
    });
    expect(requests.at(-1)).toBe('/to-loopback');
  });

  it('refuses other schemes and bad URLs', async () => {
    for (const url of ['file:///etc/passwd', 'ftp://example.com/x', 'javascript:alert(1)', 'not a url']) {
      const result = await run(webFetchTool, { url }, allowLocal);
      expect(result.isError).toBe(true);
    }
    expect((await targetOf(webFetchTool, { url: 'file:///x' }, allowLocal)).error).toMatch(
      /only http and https/,
    );
    expect(await targetOf(webFetchTool, { url: `${base}/plain` }, allowLocal)).toEqual({
      url: `${base}/plain`,
      paths: [],
    });
  });

  it('answers HTTP errors and content it cannot show as errors', async () => {
    expect(await run(webFetchTool, { url: `${base}/missing` }, allowLocal)).toMatchObject({
      isError: true,
      output: `HTTP 404 Not Found from ${base}/missing\n\nno such page`,
    });
    expect(await run(webFetchTool, { url: `${base}/image` }, allowLocal)).toMatchObject({
      isError: true,
      output: expect.stringContaining('image/png'),
    });
  });

  it('caps the body at 5 MB and the output at 30,000 characters', async () => {
    const result = await run(webFetchTool, { url: `${base}/huge` }, allowLocal);
    expect(result.output).toContain('[the page was cut at 5 MB]');
    expect(result.output).toMatch(/\[output truncated: \d+ characters, first 30000 shown\]$/);
    expect(result.summary).toMatch(/\(5\.0 MB\)$/);
  });

  it('stops when the run is cancelled', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const ctx = w.ctx({ privateNetworkAllowed: () => true, signal: controller.signal });
    const result = await run(webFetchTool, { url: `${base}/hang` }, ctx);
    expect(result).toMatchObject({ isError: true, output: expect.stringContaining('the run was cancelled') });
  });
});

describe('isPrivateAddress', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::127.0.0.1',
    '64:ff9b::a9fe:a9fe',
    'fe80::1%eth0',
    'nonsense',
  ])('refuses %s', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700::1111',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
  ])('allows %s', (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });
});
