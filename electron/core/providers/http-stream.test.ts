// The plain-chat client's POST over node:http against a real local server: what it sends, the body read in
// order, sockets kept alive between calls, and fetch's error shapes for a refused connection, a cancel
// before and during the answer, and a body cut off by the server.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toModelError } from './errors';
import { postForStream, type StreamedAnswer } from './http-stream';

interface Seen {
  headers: http.IncomingHttpHeaders;
  body: string;
  port: number;
  closedEarly: Promise<boolean>;
}

let server: http.Server;
let base = '';
const seen: Seen[] = [];
/** What the next request is answered with (the test sets it). */
let answer: (res: http.ServerResponse) => void = (res) => res.end('ok');

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const closedEarly = new Promise<boolean>((resolve) =>
        res.on('close', () => resolve(!res.writableFinished)),
      );
      seen.push({ headers: req.headers, body, port: req.socket.remotePort!, closedEarly });
      answer(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const post = (signal = new AbortController().signal, path = '/v1/chat/completions') =>
  postForStream(`${base}${path}`, {
    headers: { 'content-type': 'application/json', authorization: 'Bearer sk-1' },
    body: JSON.stringify({ hello: 'wörld' }),
    signal,
  });

async function readAll(answer: StreamedAnswer): Promise<string[]> {
  const pieces: string[] = [];
  for (;;) {
    const { done, value } = await answer.read();
    if (done) return pieces;
    pieces.push(Buffer.from(value!).toString());
  }
}

describe('a streamed POST over node:http', () => {
  it('sends the body and headers, and reads the status, headers and body pieces in order', async () => {
    answer = (res) => {
      res.writeHead(201, 'Made', { 'x-one': ['a', 'b'], 'content-type': 'text/event-stream' });
      res.write('first ');
      setImmediate(() => res.end('second'));
    };
    const got = await post();
    expect(got.status).toBe(201);
    expect(got.statusText).toBe('Made');
    expect(got.headers['x-one']).toBe('a, b');
    expect(got.headers['content-type']).toBe('text/event-stream');
    expect((await readAll(got)).join('')).toBe('first second');
    const request = seen.at(-1)!;
    expect(JSON.parse(request.body)).toEqual({ hello: 'wörld' });
    expect(request.headers.authorization).toBe('Bearer sk-1');
    expect(request.headers['content-length']).toBe(String(Buffer.byteLength(request.body)));
  });

  it('follows a 307 or 308 with the same POST, the key only to the same origin; a 301 is the answer', async () => {
    const other = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () =>
        res.end(JSON.stringify({ path: req.url, body, key: req.headers.authorization ?? null })),
      );
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const elsewhere = `http://127.0.0.1:${(other.address() as net.AddressInfo).port}`;
    try {
      let hops = 0;
      answer = (res) => {
        hops++;
        // the first request is sent on within this server, the second to another origin
        res.writeHead(hops === 1 ? 307 : 308, {
          location: hops === 1 ? '/v1/moved' : `${elsewhere}/v2/chat`,
        });
        res.end();
      };
      const before = seen.length;
      const got = await post();
      expect(got.status).toBe(200);
      expect(JSON.parse(await got.text())).toEqual({
        path: '/v2/chat',
        body: '{"hello":"wörld"}',
        key: null,
      });
      const sent = seen.slice(before);
      expect(sent.map((r) => [r.body, r.headers.authorization])).toEqual([
        ['{"hello":"wörld"}', 'Bearer sk-1'],
        ['{"hello":"wörld"}', 'Bearer sk-1'],
      ]);
      answer = (res) => {
        res.writeHead(301, { location: `${elsewhere}/v2/chat` });
        res.end('moved');
      };
      const moved = await post();
      expect(moved.status).toBe(301);
      expect(await moved.text()).toBe('moved');
    } finally {
      other.closeAllConnections();
      other.close();
    }
  });

  it('keeps the socket open for the next call, as fetch does', async () => {
    answer = (res) => res.end('ok');
    await readAll(await post());
    await readAll(await post());
    const [a, b] = seen.slice(-2);
    expect(a!.port).toBe(b!.port);
  });

  it('reads an error answer whole as text', async () => {
    answer = (res) => {
      res.writeHead(429, { 'retry-after': '7' });
      res.end(JSON.stringify({ error: { message: 'Slow down.' } }));
    };
    const got = await post();
    expect(got.status).toBe(429);
    expect(got.headers['retry-after']).toBe('7');
    expect(JSON.parse(await got.text())).toEqual({ error: { message: 'Slow down.' } });
  });

  it('fails a refused connection as fetch does: a network error, not a bad answer', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await postForStream(`http://127.0.0.1:${port}/v1`, {
      headers: {},
      body: '{}',
      signal: new AbortController().signal,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect((error as { cause: { code: string } }).cause.code).toBe('ECONNREFUSED');
    const target = { provider: 'local', model: 'm', baseUrl: `http://127.0.0.1:${port}/v1` };
    expect(toModelError(error, target, null).code).toBe('network');
  });

  it('cancels before the answer with an AbortError, and the server sees the client go', async () => {
    answer = () => undefined; // never answers
    const controller = new AbortController();
    const before = seen.length;
    const pending = post(controller.signal);
    await expect.poll(() => seen.length).toBe(before + 1);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(await seen[before]!.closedEarly).toBe(true);
    await expect(post(controller.signal)).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('cancels during the body: the read in progress rejects with an AbortError', async () => {
    answer = (res) => {
      res.writeHead(200);
      res.write('part');
    };
    const controller = new AbortController();
    const got = await post(controller.signal);
    expect(Buffer.from((await got.read()).value!).toString()).toBe('part');
    const reading = got.read();
    controller.abort();
    await expect(reading).rejects.toMatchObject({ name: 'AbortError' });
    expect(await seen.at(-1)!.closedEarly).toBe(true);
  });

  it('reports a body the server cuts off, after what came before it', async () => {
    answer = (res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('kept', () => res.socket?.destroy());
    };
    const got = await post();
    expect(Buffer.from((await got.read()).value!).toString()).toBe('kept');
    const error = await got.read().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).name).not.toBe('AbortError');
  });

  it('stops reading and closes the connection on cancel', async () => {
    answer = (res) => {
      res.writeHead(200);
      res.write('more to come');
    };
    const got = await post();
    await got.read();
    await got.cancel();
    expect(await got.read()).toEqual({ done: true });
    expect(await seen.at(-1)!.closedEarly).toBe(true);
  });
});

describe('a streamed POST over https', () => {
  it('refuses a server whose certificate is not trusted, as a network error', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skilldeck-tls-'));
    try {
      // a self-signed certificate for 127.0.0.1, made now (openssl comes with Debian's ca-certificates)
      execFileSync(
        'openssl',
        [
          ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1'],
          ...['-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem')],
          ...['-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'],
        ],
        { stdio: 'ignore' },
      );
      const handshakes: string[] = [];
      const tls = https.createServer(
        {
          key: fs.readFileSync(path.join(dir, 'key.pem')),
          cert: fs.readFileSync(path.join(dir, 'cert.pem')),
        },
        (_req, res) => res.end('should not be reached'),
      );
      tls.on('tlsClientError', (error) => handshakes.push(error.message));
      await new Promise<void>((resolve) => tls.listen(0, '127.0.0.1', resolve));
      const url = `https://127.0.0.1:${(tls.address() as net.AddressInfo).port}/v1/chat/completions`;
      const error = await postForStream(url, {
        headers: {},
        body: '{}',
        signal: new AbortController().signal,
      }).catch((e: unknown) => e);
      tls.close();
      expect(error).toBeInstanceOf(TypeError);
      expect((error as { cause: { code: string } }).cause.code).toBe('DEPTH_ZERO_SELF_SIGNED_CERT');
      const target = { provider: 'local', model: 'm', baseUrl: url };
      expect(toModelError(error, target, null).code).toBe('network');
      // the client spoke TLS and hung up on the certificate
      await expect.poll(() => handshakes.length).toBeGreaterThan(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
