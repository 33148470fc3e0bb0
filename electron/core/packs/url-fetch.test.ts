// "Import from URL" against a real HTTP server on loopback: a pack and a zip of a skill folder come in
// through packs:fetch; a missing file, a stalled download, one too big (declared or streamed) and a link
// that is not http(s) are refused with their reason.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestCore, type TestCore } from '../test-support';
import { expectWordsSayMessage } from '../testing/error-words';
import { craftPack, craftZip, SKILL_TEXT } from './testing/craft-zip';

let server: http.Server;
let base: string;
let test: TestCore;
const pending: http.ServerResponse[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    if (url === '/shared.skillpack') return void res.end(craftPack());
    if (url === '/archive/main.zip')
      return void res.end(craftZip([{ name: 'shared-skill-main/SKILL.md', data: SKILL_TEXT }]));
    if (url === '/moved') return void res.writeHead(302, { location: '/shared.skillpack' }).end();
    if (url === '/stall') {
      res.writeHead(200, { 'content-type': 'application/zip' }).write('PK');
      return void pending.push(res); // never ends
    }
    if (url === '/huge-declared')
      return void res.writeHead(200, { 'content-length': String(64 * 1024 * 1024) }).end();
    if (url === '/huge-streamed') {
      res.writeHead(200); // chunked: no length said
      const piece = Buffer.alloc(1024 * 1024);
      let sent = 0;
      const more = () => {
        while (sent < 30 && res.write(piece)) sent++;
        if (sent < 30) res.once('drain', more);
        else res.end();
      };
      return void more();
    }
    res.writeHead(404).end('not here');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  test = createTestCore({ watchSkills: false, packFetchTimeoutMs: 700 });
});
afterAll(async () => {
  for (const res of pending) res.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await test.dispose();
});

describe('packs:fetch', () => {
  it('downloads a pack (after a redirect too), which then previews and installs like an upload', async () => {
    for (const url of [`${base}/shared.skillpack`, `${base}/moved`]) {
      const fetched = await test.client.invoke('packs:fetch', { url });
      const preview = await test.client.invoke('packs:preview', { uploadId: fetched.uploadId });
      expect(preview).toMatchObject({
        status: 'ready',
        kind: 'pack',
        fileName: 'shared.skillpack',
        manifest: { id: 'shared-skill' },
      });
      await test.client.invoke('packs:discard', { uploadId: fetched.uploadId });
    }
  });

  it('downloads a zip of a skill folder and installs it', async () => {
    const { uploadId } = await test.client.invoke('packs:fetch', { url: `${base}/archive/main.zip` });
    expect(await test.client.invoke('packs:preview', { uploadId })).toMatchObject({
      kind: 'folder-zip',
      manifest: { id: 'shared-skill' },
    });
    expect(await test.client.invoke('packs:install', { uploadId })).toMatchObject({
      skillId: 'shared-skill',
    });
  });

  it.each([
    ['a missing file', '/nothing.skillpack', 'urlStatus'],
    ['a download that stalls', '/stall', 'urlTimeout'],
    ['a download declared too big', '/huge-declared', 'tooLarge'],
    ['a download that grows too big', '/huge-streamed', 'tooLarge'],
  ])('refuses %s', async (_, route, reason) => {
    const started = Date.now();
    const result = await test.client.request('packs:fetch', { url: `${base}${route}` });
    expect(!result.ok && result.error.words?.key).toBe(`packs.${reason}`);
    if (!result.ok) expectWordsSayMessage(result.error.words, result.error.message);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it.each([
    ['file:///etc/passwd', 'urlScheme'],
    ['ftp://example.com/a.zip', 'urlScheme'],
    ['not a link', 'urlInvalid'],
  ])('refuses the link %s', async (url, reason) => {
    const result = await test.client.request('packs:fetch', { url });
    expect(!result.ok && result.error.words?.key).toBe(`packs.${reason}`);
    if (!result.ok) expectWordsSayMessage(result.error.words, result.error.message);
  });
});
