import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, locateRendererFile, respondWithRendererFile } from './renderer-files';

let base: string;
let root: string;

beforeAll(() => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'skilldeck-renderer-'));
  root = path.join(base, 'renderer');
  fs.mkdirSync(path.join(root, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Skilldeck</title>');
  fs.writeFileSync(path.join(root, 'assets', 'index-abc.js'), 'console.log(1)');
  fs.writeFileSync(path.join(root, 'assets', 'index-abc.css'), 'body{}');
  fs.writeFileSync(path.join(base, 'secret.txt'), 'outside');
  // A sibling whose name starts like the root: a prefix check would let it through.
  fs.mkdirSync(path.join(base, 'renderer-evil'));
  fs.writeFileSync(path.join(base, 'renderer-evil', 'x.js'), 'evil');
  fs.symlinkSync(path.join(base, 'secret.txt'), path.join(root, 'assets', 'link.txt'));
});
afterAll(() => fs.rmSync(base, { recursive: true, force: true }));

const get = (url: string, method = 'GET') => respondWithRendererFile({ url, method }, root);

describe('the app:// file handler', () => {
  it('serves index.html for / and the built assets with their content types', async () => {
    for (const url of ['app://skilldeck/', 'app://skilldeck/index.html']) {
      const response = await get(url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await response.text()).toContain('<title>Skilldeck</title>');
    }
    const script = await get('app://skilldeck/assets/index-abc.js');
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await script.text()).toBe('console.log(1)');
    expect((await get('app://skilldeck/assets/index-abc.css')).headers.get('content-type')).toMatch(
      /^text\/css/,
    );
  });

  it('sends the strict CSP and nosniff with files and with errors', async () => {
    expect(CONTENT_SECURITY_POLICY).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
        "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
    );
    for (const url of ['app://skilldeck/', 'app://skilldeck/missing.js', 'app://evil/']) {
      const response = await get(url);
      expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it.each([
    ['app://skilldeck/..%2Fsecret.txt', 403],
    ['app://skilldeck/assets/..%2F..%2Fsecret.txt', 403],
    ['app://skilldeck/%2E%2E%2Frenderer-evil%2Fx.js', 403],
    ['app://skilldeck/..%5Csecret.txt', 400],
    ['app://skilldeck/index.html%00.js', 400],
    ['app://skilldeck/%E0%A4%A', 400],
    ['app://evil/index.html', 403],
    ['app://skilldeck:81/index.html', 403],
  ])('refuses %s with %i and never reads outside the folder', async (url, status) => {
    const response = await get(url);
    expect(response.status).toBe(status);
    expect(await response.text()).not.toMatch(/outside|evil/);
  });

  it('answers 404 for paths that stay inside: folded dot segments, absolute-looking paths, missing files, folders', async () => {
    // new URL() turns /../secret.txt into /secret.txt and //etc/passwd is <root>/etc/passwd: both looked up inside.
    const urls = [
      'app://skilldeck/../secret.txt',
      'app://skilldeck/%2Fetc%2Fpasswd',
      'app://skilldeck/missing.js',
      'app://skilldeck/assets',
    ];
    for (const url of urls) {
      expect((await get(url)).status).toBe(404);
    }
  });

  it('does not follow a symlink out of the folder', async () => {
    const response = await get('app://skilldeck/assets/link.txt');
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('outside');
  });

  it('answers HEAD without a body and refuses other methods', async () => {
    const head = await get('app://skilldeck/index.html', 'HEAD');
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect((await get('app://skilldeck/index.html', 'POST')).status).toBe(405);
  });

  it('locates files without touching the disk', () => {
    expect(locateRendererFile('app://skilldeck/a/b.js', 'GET', '/r')).toEqual({
      kind: 'file',
      file: path.resolve('/r/a/b.js'),
    });
    expect(locateRendererFile('app://skilldeck/..%2F..%2Fr2', 'GET', '/r')).toMatchObject({ status: 403 });
  });
});

describe('the card and command bar pages', () => {
  let pages: string;
  beforeAll(() => {
    pages = path.join(base, 'pages');
    fs.mkdirSync(pages);
    fs.writeFileSync(path.join(pages, 'card.html'), '<title>card</title>');
    fs.writeFileSync(path.join(pages, 'command-bar.js'), 'bar()');
    fs.writeFileSync(path.join(pages, 'toolbar.css'), '.toolbar{}');
    fs.writeFileSync(path.join(pages, 'mic.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    fs.writeFileSync(path.join(pages, 'other.html'), 'not listed');
  });
  const page = (url: string) => respondWithRendererFile({ url, method: 'GET' }, root, pages);

  it('serves the listed names from the pages folder with the same CSP, everything else from the renderer', async () => {
    const card = await page('app://skilldeck/card.html');
    expect(card.status).toBe(200);
    expect(await card.text()).toBe('<title>card</title>');
    expect(card.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect((await page('app://skilldeck/command-bar.js')).headers.get('content-type')).toMatch(
      /^text\/javascript/,
    );
    expect((await page('app://skilldeck/toolbar.css')).headers.get('content-type')).toMatch(/^text\/css/);
    // the pages' microphone icon, which shell.css draws on their mic buttons
    expect((await page('app://skilldeck/mic.svg')).headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(await (await page('app://skilldeck/')).text()).toContain('<title>Skilldeck</title>');
    expect((await page('app://skilldeck/other.html')).status).toBe(404);
    expect((await page('app://skilldeck/assets/card.html')).status).toBe(404);
    expect((await get('app://skilldeck/card.html')).status).toBe(404); // no pages folder: not served
  });
});
