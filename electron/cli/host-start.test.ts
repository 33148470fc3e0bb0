import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Core } from '../core/core';
import { createTestCore, skillText, type TestCore } from '../core/test-support';
import { startHost, type Host } from './host';

// `skilldeck serve` listens before its core is loaded: the dashboard's page is served at once, and what
// asks the core (HTTP calls, WebSocket messages and events) waits for it.

let t: TestCore | undefined;
let host: Host | undefined;
let staticDir: string;

afterEach(async () => {
  await host?.close();
  await t?.dispose();
  host = undefined;
  t = undefined;
  fs.rmSync(staticDir, { recursive: true, force: true });
});

function deferredCore() {
  let resolve!: (core: Core) => void;
  let reject!: (error: Error) => void;
  const core = new Promise<Core>((res, rej) => ((resolve = res), (reject = rej)));
  return { core, resolve, reject };
}

async function hostWith(core: Promise<Core>) {
  staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skilldeck-static-'));
  fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>dash</title>');
  host = await startHost({ core, staticDir });
  return host;
}

const invoke = (h: Host, channel: string) =>
  fetch(`http://127.0.0.1:${h.port}/api/invoke/${channel}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${h.token}` },
  }).then((r) => r.json() as Promise<{ ok: boolean; value?: { id: string }[] }>);

describe('the host before its core is loaded', () => {
  it('serves the page at once; an API call and a WebSocket request wait for the core, then are answered', async () => {
    const later = deferredCore();
    const h = await hostWith(later.core);
    const page = await fetch(`http://127.0.0.1:${h.port}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>dash</title>');

    let answered = false;
    const listed = invoke(h, 'skills:list').then((body) => ((answered = true), body));
    const ws = new WebSocket(`ws://127.0.0.1:${h.port}/ws?token=${h.token}`);
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    const messages: { id?: number; event?: string; result?: { ok: boolean } }[] = [];
    ws.on('message', (data) => messages.push(JSON.parse(String(data)) as (typeof messages)[number]));
    ws.send(JSON.stringify({ id: 1, channel: 'app:info' }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(answered).toBe(false);
    expect(messages).toEqual([]);

    t = createTestCore();
    t.writeSkill('translate', skillText('translate'));
    later.resolve(t.core);
    expect((await listed).value!.map((s) => s.id)).toContain('translate');
    await expect.poll(() => messages.find((m) => m.id === 1)?.result?.ok).toBe(true);
    // events reach a socket opened before the core was there
    t.core.events.emit('skills:changed', { reason: 'test', ids: ['translate'] });
    await expect.poll(() => messages.some((m) => m.event === 'skills:changed')).toBe(true);
    ws.terminate();
  });

  it('answers INTERNAL when the core could not be opened, and still serves the page', async () => {
    const failed = deferredCore();
    const h = await hostWith(failed.core);
    failed.reject(new Error('the database is from a newer Skilldeck'));
    expect(await invoke(h, 'skills:list')).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
    expect((await fetch(`http://127.0.0.1:${h.port}/`)).status).toBe(200);
  });
});
