import fs from 'node:fs';
import path from 'node:path';
import type { ServerResponse } from 'node:http';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
};

/** The same policy as the meta tag in renderer/index.html, plus what only a header can say. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export const SECURITY_HEADERS = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

/**
 * Resolves a URL path to a file inside `root`, or null when it would leave it (`..`, encoded
 * separators, NUL) — the dashboard's files are the only thing this server hands out.
 */
export function resolveStaticPath(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const relative = decoded === '/' || decoded === '' ? 'index.html' : decoded.replace(/^\/+/, '');
  const full = path.resolve(root, relative);
  const rootWithSep = root.endsWith(path.sep) ? root : root + path.sep;
  return full.startsWith(rootWithSep) ? full : null;
}

/**
 * Answers with a file of the dashboard's folder. Read synchronously: these are a dozen small files of our
 * own build, and at start-up libuv's few threads are busy reading every skill — a page waiting behind
 * thousands of queued reads took longer than the read itself.
 */
export function serveStatic(root: string, urlPath: string, res: ServerResponse): void {
  const file = resolveStaticPath(root, urlPath);
  if (file === null) {
    res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8', ...SECURITY_HEADERS }).end('bad path');
    return;
  }
  try {
    // realpath: a symlink inside the folder must not lead out of it
    const real = fs.realpathSync(file);
    const realRoot = fs.realpathSync(root);
    if (!real.startsWith(realRoot + path.sep)) throw Object.assign(new Error('outside'), { code: 'ENOENT' });
    const body = fs.readFileSync(real);
    const ext = path.extname(real);
    res
      .writeHead(200, {
        'Content-Type': TYPES[ext] ?? 'application/octet-stream',
        'Cache-Control': ext === '.html' ? 'no-store' : 'public, max-age=31536000, immutable',
        ...SECURITY_HEADERS,
      })
      .end(body);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const status = code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR' ? 404 : 500;
    res
      .writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', ...SECURITY_HEADERS })
      .end(status === 404 ? 'not found' : 'could not read the file');
  }
}
