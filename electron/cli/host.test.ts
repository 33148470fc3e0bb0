import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestCore, skillText, type TestCore } from '../core/test-support';
import { startHost, type Host } from './host';

let t: TestCore;
let host: Host;
let staticDir: string;
const sockets: WebSocket[] = [];

beforeEach(async () => {
  t = createTestCore();
  t.writeSkill('translate', skillText('translate'));
  staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skilldeck-static-'));
  fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>dash</title>');
  fs.mkdirSync(path.join(staticDir, 'assets'));
  fs.writeFileSync(path.join(staticDir, 'assets', 'app.js'), 'console.log(1)');
  host = await startHost({ core: t.core, staticDir });
});

afterEach(async () => {
  for (const s of sockets.splice(0)) s.terminate();
  await host.close();
  t.dispose();
  fs.rmSync(staticDir, { recursive: true, force: true });
});

const wsUrl = (query: string) => `ws://127.0.0.1:${host.port}/ws${query}`;

/** Resolves with the HTTP status the upgrade was refused with, or 101 when it opened. */
function upgradeStatus(url: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    sockets.push(ws);
    ws.on('open', () => resolve(101));
    ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.on('error', (e) => reject(e));
  });
}

async function connect(): Promise<{ ws: WebSocket; next: () => Promise<unknown> }> {
  const ws = new WebSocket(wsUrl(`?token=${host.token}`));
  sockets.push(ws);
  const queue: unknown[] = [];
  const waiters: ((m: unknown) => void)[] = [];
  ws.on('message', (data) => {
    const msg: unknown = JSON.parse(data.toString());
    const waiter = waiters.shift();
    if (waiter) waiter(msg);
    else queue.push(msg);
  });
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  const next = () =>
    queue.length > 0
      ? Promise.resolve(queue.shift())
      : new Promise<unknown>((resolve) => waiters.push(resolve));
  return { ws, next };
}

function httpRequest(
  pathname: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: host.port,
        path: pathname,
        method: options.method ?? 'GET',
        headers: options.headers,
      },
      (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

describe('headless host: WebSocket', () => {
  it('prints a loopback URL carrying a random token', () => {
    expect(host.url).toBe(`http://127.0.0.1:${host.port}/?token=${host.token}`);
    expect(host.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it('refuses a socket without the token, with a wrong one, from another origin or through a foreign Host', async () => {
    expect(await upgradeStatus(wsUrl(''))).toBe(401);
    expect(await upgradeStatus(wsUrl('?token=wrong'))).toBe(401);
    expect(await upgradeStatus(wsUrl(`?token=${host.token}x`))).toBe(401);
    expect(await upgradeStatus(wsUrl(`?token=${host.token}`), { Origin: 'http://evil.example' })).toBe(403);
    expect(await upgradeStatus(wsUrl(`?token=${host.token}`), { Host: `rebound.example:${host.port}` })).toBe(
      421,
    );
    expect(await upgradeStatus(`ws://127.0.0.1:${host.port}/other?token=${host.token}`)).toBe(404);
    expect(
      await upgradeStatus(wsUrl(`?token=${host.token}`), { Origin: `http://127.0.0.1:${host.port}` }),
    ).toBe(101);
  });

  it('answers garbage, unknown channels and invalid payloads with error envelopes and keeps serving', async () => {
    const { ws, next } = await connect();
    ws.send('this is not json');
    expect(await next()).toMatchObject({ id: null, result: { ok: false, error: { code: 'BAD_REQUEST' } } });
    ws.send(JSON.stringify({ id: 1 }));
    expect(await next()).toMatchObject({ id: 1, result: { ok: false, error: { code: 'BAD_REQUEST' } } });
    ws.send(Buffer.from([0xff, 0x00, 0x12]), { binary: true });
    expect(await next()).toMatchObject({ id: null, result: { ok: false, error: { code: 'BAD_REQUEST' } } });
    ws.send(JSON.stringify(['skills:list']));
    expect(await next()).toMatchObject({ result: { ok: false, error: { code: 'BAD_REQUEST' } } });
    ws.send(JSON.stringify({ id: 2, channel: 'skills:destroy', input: {} }));
    expect(await next()).toMatchObject({ id: 2, result: { ok: false, error: { code: 'UNKNOWN_CHANNEL' } } });
    ws.send(
      JSON.stringify({ id: 3, channel: 'meta:update', input: { skillId: 'translate', patch: { color: 7 } } }),
    );
    expect(await next()).toMatchObject({ id: 3, result: { ok: false, error: { code: 'INVALID_INPUT' } } });
    ws.send(JSON.stringify({ id: 'x', channel: 'skills:list' }));
    const listed = (await next()) as { id: string; result: { ok: boolean; value: { id: string }[] } };
    expect(listed.id).toBe('x');
    expect(listed.result.ok).toBe(true);
    expect(listed.result.value.map((s) => s.id)).toEqual(['translate']);
  });

  it('closes a socket that sends over 1 MiB, and other clients keep working', async () => {
    const big = await connect();
    const closed = new Promise<number>((resolve) => big.ws.on('close', (code) => resolve(code)));
    big.ws.send('x'.repeat(1024 * 1024 + 1));
    expect(await closed).toBe(1009);
    const { ws, next } = await connect();
    ws.send(JSON.stringify({ id: 1, channel: 'app:info' }));
    expect(await next()).toMatchObject({ id: 1, result: { ok: true } });
  });

  it('pushes core events to every connected client', async () => {
    const a = await connect();
    const b = await connect();
    a.ws.send(
      JSON.stringify({
        id: 1,
        channel: 'meta:update',
        input: { skillId: 'translate', patch: { emoji: '🦜' } },
      }),
    );
    const toB = (await b.next()) as { event: string; payload: { emoji: string } };
    expect(toB.event).toBe('meta:changed');
    expect(toB.payload.emoji).toBe('🦜');
    const toA = [await a.next(), await a.next()];
    expect(toA).toContainEqual(
      expect.objectContaining({ id: 1, result: expect.objectContaining({ ok: true }) }),
    );
    expect(toA).toContainEqual(expect.objectContaining({ event: 'meta:changed' }));
  });
});

describe('headless host: HTTP', () => {
  it('requires the token for the API and answers with envelopes', async () => {
    const none = await httpRequest('/api/invoke/app:info', { method: 'POST' });
    expect(none.status).toBe(401);
    expect(JSON.parse(none.body)).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    const auth = { Authorization: `Bearer ${host.token}` };
    const info = await httpRequest('/api/invoke/app:info', { method: 'POST', headers: auth });
    expect(JSON.parse(info.body)).toMatchObject({ ok: true, value: { name: 'Skilldeck', runtime: 'node' } });
    const bad = await httpRequest('/api/invoke/meta:get', { method: 'POST', headers: auth, body: '{oops' });
    expect(JSON.parse(bad.body)).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } });
    const unknown = await httpRequest('/api/invoke/nope', { method: 'POST', headers: auth, body: '{}' });
    expect(JSON.parse(unknown.body)).toMatchObject({ ok: false, error: { code: 'UNKNOWN_CHANNEL' } });
  });

  it('serves the dashboard with a strict CSP, and nothing outside its folder', async () => {
    const index = await httpRequest('/');
    expect(index.status).toBe(200);
    expect(index.body).toContain('<title>dash</title>');
    expect(index.headers['content-security-policy']).toMatch(/default-src 'self'; script-src 'self'/);
    expect(index.headers['x-content-type-options']).toBe('nosniff');
    expect((await httpRequest('/assets/app.js')).headers['content-type']).toMatch(/javascript/);
    fs.writeFileSync(path.join(path.dirname(staticDir), 'secret.txt'), 'secret');
    fs.symlinkSync(path.join(path.dirname(staticDir), 'secret.txt'), path.join(staticDir, 'link.txt'));
    for (const p of [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/link.txt',
      '/%00',
      '/nope.js',
    ]) {
      const res = await httpRequest(p);
      expect([400, 404]).toContain(res.status);
      expect(res.body).not.toContain('secret');
    }
    fs.rmSync(path.join(path.dirname(staticDir), 'secret.txt'));
  });

  it('refuses requests whose Host is not loopback (DNS rebinding)', async () => {
    const res = await httpRequest('/', { headers: { Host: `attacker.example:${host.port}` } });
    expect(res.status).toBe(421);
  });
});
