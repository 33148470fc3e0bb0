// Malformed requests against a real host on loopback, sent as raw bytes: none may end or wedge it, none is
// answered with a stack, and afterwards it still serves the dashboard and an authenticated invoke.
import fc from 'fast-check';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestCore, skillText, type TestCore } from '../core/test-support';
import { startHost, type Host } from './host';
import { closedWithin, rawExchange, rawWebSocket } from './raw-http';

let t: TestCore;
let host: Host;
let staticDir: string;
const hostErrors: unknown[] = [];

beforeAll(async () => {
  t = createTestCore();
  t.writeSkill('translate', skillText('translate'));
  staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skilldeck-fuzz-static-'));
  fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>dash</title>');
  host = await startHost({ core: t.core, staticDir, onError: (error) => hostErrors.push(error) });
});

afterAll(async () => {
  await host.close();
  await t.dispose();
  fs.rmSync(staticDir, { recursive: true, force: true });
});

const hostLine = () => `Host: 127.0.0.1:${host.port}\r\n`;
const auth = () => `Authorization: Bearer ${host.token}\r\n`;

/** No answer may carry a stack trace or a JavaScript error name. */
function expectNoStack(answer: string) {
  expect(answer).not.toMatch(/\n\s+at |TypeError|URIError|RangeError|ERR_INVALID_URL/);
}

async function expectStillServing() {
  const index = await rawExchange(host.port, `GET / HTTP/1.1\r\n${hostLine()}Connection: close\r\n\r\n`);
  expect(index.status).toBe(200);
  expect(index.response).toContain('<title>dash</title>');
  const invoke = await rawExchange(
    host.port,
    `POST /api/invoke/skills:list HTTP/1.1\r\n${hostLine()}${auth()}Content-Length: 0\r\nConnection: close\r\n\r\n`,
  );
  expect(invoke.status).toBe(200);
  expect(invoke.response).toMatch(/"ok":true.*"id":"translate"/s);
}

// Paths a browser, curl or a page could send: unparsable hosts, broken percent-encodings, odd forms.
const BAD_PATHS = [
  '//[',
  '//[::1',
  '//]',
  '//%',
  '/%',
  '/%E0%A4%A',
  '/%ZZ',
  '/%C0%AF',
  '/api/invoke/%E0%A4%A',
  '/api/invoke/%',
  '/api/invoke/%FF',
  '/ws%',
  'http://[',
  'http://127.0.0.1:1/%',
  '*',
  '',
  '//',
  '//@',
  '//a:b@[::1',
  '/\\..\\..\\etc\\passwd',
];

const pathChars = fc.constantFrom(
  ..."/[]%:@?#\\.aZ09-_~!$&'()*+,;=EFef".split(''),
  '%E0%A4%A',
  '%FF',
  '%00',
  '..',
  '//',
  'é',
  '\u{1F600}',
);
const fuzzPath = fc.oneof(
  fc.constantFrom(...BAD_PATHS),
  fc.array(pathChars, { maxLength: 24 }).map((parts) => '/' + parts.join('')),
  fc.array(pathChars, { maxLength: 24 }).map((parts) => '//' + parts.join('')),
  fc.array(pathChars, { maxLength: 12 }).map((parts) => '/api/invoke/' + parts.join('')),
);
const method = fc.constantFrom(
  'GET',
  'POST',
  'HEAD',
  'PUT',
  'DELETE',
  'OPTIONS',
  'TRACE',
  'PATCH',
  'BREW',
  'G',
);
const garbageHeader = fc.oneof(
  fc.constantFrom(
    'Host: evil.example\r\n',
    'Host: \r\n',
    'Host: [\r\n',
    'Host: 127.0.0.1:1\r\nHost: 127.0.0.1:2\r\n',
    'Origin: null\r\n',
    'Origin: http://[\r\n',
    'Origin: \u00ff\u00fe\r\n',
    'Authorization: Bearer\r\n',
    'Authorization: Bearer \u00ff\r\n',
    'Content-Length: -1\r\n',
    'Content-Length: 5\r\nContent-Length: 6\r\n',
    'Content-Length: 99999999999999999999\r\n',
    'Transfer-Encoding: chunked\r\n',
    'Transfer-Encoding: chunked\r\nContent-Length: 3\r\n',
    'Expect: 100-continue\r\n',
    'no colon here\r\n',
    ': empty name\r\n',
    ' folded: line\r\n',
    'X-Null: a\u0000b\r\n',
    'Cookie: ' + 'c=1; '.repeat(200) + '\r\n',
  ),
  fc.string({ maxLength: 40 }).map((s) => `X-Fuzz: ${s}\r\n`),
  fc.nat({ max: 40_000 }).map((n) => `X-Huge: ${'h'.repeat(n)}\r\n`),
);
const body = fc.oneof(
  fc.constant(''),
  fc.constantFrom('{oops', '0\r\n\r\n', 'zz\r\nnot-a-chunk\r\n', '{"a":1}'),
  fc.string({ maxLength: 60 }),
);

describe('headless host under malformed requests', () => {
  it('answers the known crashers with a 400 and no stack', async () => {
    const root = await rawExchange(host.port, `GET //[ HTTP/1.1\r\n${hostLine()}Connection: close\r\n\r\n`);
    expect(root.status).toBe(400);
    expect(root.response).toMatch(/"ok":false.*"code":"BAD_REQUEST"/s);
    expectNoStack(root.response);

    const invoke = await rawExchange(
      host.port,
      `POST /api/invoke/%E0%A4%A HTTP/1.1\r\n${hostLine()}${auth()}Content-Length: 0\r\nConnection: close\r\n\r\n`,
    );
    expect(invoke.status).toBe(400);
    expect(invoke.response).toMatch(/"code":"BAD_REQUEST"/);
    expectNoStack(invoke.response);

    const upgrade = await rawExchange(
      host.port,
      `GET //[ HTTP/1.1\r\n${hostLine()}Upgrade: websocket\r\nConnection: Upgrade\r\n` +
        `Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n`,
    );
    expect(upgrade.status).toBe(400);
    expectNoStack(upgrade.response);
    await expectStillServing();
  });

  it('survives a few hundred fuzzed requests, upgrades and WebSocket frames, then still serves', async () => {
    const requests = fc.sample(
      fc.record({
        method,
        path: fuzzPath,
        version: fc.oneof(
          { weight: 6, arbitrary: fc.constant('HTTP/1.1') },
          { weight: 1, arbitrary: fc.constantFrom('HTTP/1.0', 'HTTP/9.9', 'HTTX/1.1', '') },
        ),
        host: fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, fc.constant(false)),
        token: fc.boolean(),
        upgrade: fc.constantFrom('none', 'none', 'websocket', 'websocket-bad-key', 'h2c'),
        headers: fc.oneof(fc.constant([]), fc.array(garbageHeader, { maxLength: 3 })),
        body,
      }),
      { numRuns: 260, seed: 12 },
    );
    const toBytes = (r: (typeof requests)[number]) => {
      let head = `${r.method} ${r.path} ${r.version}\r\n`;
      if (r.host) head += hostLine();
      if (r.token) head += auth();
      if (r.upgrade === 'websocket' || r.upgrade === 'websocket-bad-key') {
        head += 'Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n';
        head +=
          r.upgrade === 'websocket'
            ? 'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n'
            : 'Sec-WebSocket-Key: !!\r\n';
      } else if (r.upgrade === 'h2c') head += 'Upgrade: h2c\r\nConnection: Upgrade\r\n';
      head += r.headers.join('');
      if (r.body !== '' && !/Content-Length|Transfer-Encoding/i.test(head))
        head += `Content-Length: ${Buffer.byteLength(r.body)}\r\n`;
      return Buffer.from(`${head}\r\n${r.body}`, 'utf8');
    };
    // A few at a time, as a page firing requests would; each socket is dropped after its answer.
    for (let i = 0; i < requests.length; i += 13) {
      const answers = await Promise.all(
        requests.slice(i, i + 13).map((r) => rawExchange(host.port, toBytes(r), 120, 120)),
      );
      for (const answer of answers) {
        expectNoStack(answer.response);
        if (answer.status !== null) expect(answer.status).toBeLessThan(500);
      }
    }

    // Invalid frames after a good upgrade: each socket is closed by the host, the host lives on.
    const frames = fc.sample(fc.uint8Array({ minLength: 1, maxLength: 64 }), { numRuns: 40, seed: 7 });
    frames.push(
      Buffer.from([0x81, 0x05, 0x68, 0x65, 0x6c, 0x6c, 0x6f]), // unmasked text frame from a client
      Buffer.from([0x83, 0x80, 0, 0, 0, 0]), // reserved opcode
      Buffer.from([0x81, 0xff, 0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 1, 2, 3, 4]), // 2^63 length
      Buffer.from([0xf1, 0x80, 1, 2, 3, 4]), // RSV bits set
      Buffer.from([0x89, 0xfe, 0x00, 0x80, 1, 2, 3, 4]), // control frame over 125 bytes
    );
    for (let i = 0; i < frames.length; i += 9) {
      await Promise.all(
        frames.slice(i, i + 9).map(async (frame) => {
          const ws = await rawWebSocket(host.port, `/ws?token=${host.token}`);
          ws.on('error', () => undefined);
          ws.write(frame);
          await closedWithin(ws, 150);
        }),
      );
    }
    await expectStillServing();
    expect(hostErrors).toEqual([]);
  }, 30_000);
});

describe('headless host when a handler throws', () => {
  it('answers 500 without details, reports the error, and keeps serving', async () => {
    const errors: unknown[] = [];
    const throwing = {
      ...t.core,
      dispatch: () => Promise.reject(new TypeError('boom at handler')),
    };
    const broken = await startHost({ core: throwing, staticDir, onError: (e) => errors.push(e) });
    try {
      const answer = await rawExchange(
        broken.port,
        `POST /api/invoke/app:info HTTP/1.1\r\nHost: 127.0.0.1:${broken.port}\r\n` +
          `Authorization: Bearer ${broken.token}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
      );
      expect(answer.status).toBe(500);
      expect(answer.response).toMatch(/"code":"INTERNAL"/);
      expect(answer.response).not.toContain('boom');

      const ws = new WebSocket(`ws://127.0.0.1:${broken.port}/ws?token=${broken.token}`);
      await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
      const reply = new Promise<string>((resolve) => ws.once('message', (data) => resolve(String(data))));
      ws.send(JSON.stringify({ id: 1, channel: 'app:info' }));
      expect(JSON.parse(await reply)).toMatchObject({
        id: 1,
        result: { ok: false, error: { code: 'INTERNAL' } },
      });
      ws.close();
      expect(errors.map((e) => (e as Error).message)).toEqual(['boom at handler', 'boom at handler']);

      const index = await rawExchange(
        broken.port,
        `GET / HTTP/1.1\r\nHost: 127.0.0.1:${broken.port}\r\nConnection: close\r\n\r\n`,
      );
      expect(index.status).toBe(200);
    } finally {
      await broken.close();
    }
  });
});
