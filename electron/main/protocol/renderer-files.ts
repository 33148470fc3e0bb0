import fs from 'node:fs/promises';
import path from 'node:path';
import { isAppUrl } from './app-origin';

/** Sent with every dashboard file: no inline script, no remote anything, no framing. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
};

export type RendererLookup =
  { kind: 'file'; file: string } | { kind: 'refused'; status: 400 | 403 | 404 | 405; reason: string };

function refused(status: 400 | 403 | 404 | 405, reason: string): RendererLookup {
  return { kind: 'refused', status, reason };
}

function isInside(root: string, file: string): boolean {
  const relative = path.relative(root, file);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}

/**
 * Maps an app:// request to a file under `root`, refusing anything that would leave it. Decoding
 * happens before the containment check because `%2F..%2F` only becomes a path escape once decoded.
 */
export function locateRendererFile(requestUrl: string, method: string, root: string): RendererLookup {
  if (method !== 'GET' && method !== 'HEAD') return refused(405, `${method} is not served`);
  if (!isAppUrl(requestUrl)) return refused(403, 'not the dashboard origin');
  let decoded: string;
  try {
    decoded = decodeURIComponent(new URL(requestUrl).pathname);
  } catch {
    return refused(400, 'malformed percent-encoding in the path');
  }
  if (decoded.includes('\0') || decoded.includes('\\'))
    return refused(400, 'forbidden character in the path');
  const relative = decoded === '/' || decoded === '' ? 'index.html' : decoded.replace(/^\/+/, '');
  const absoluteRoot = path.resolve(root);
  const file = path.resolve(absoluteRoot, relative);
  if (!isInside(absoluteRoot, file)) return refused(403, 'path leaves the renderer folder');
  return { kind: 'file', file };
}

function contentTypeOf(file: string): string {
  return CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

function securityHeaders(): Record<string, string> {
  return {
    'Content-Security-Policy': CONTENT_SECURITY_POLICY,
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Referrer-Policy': 'no-referrer',
  };
}

function errorResponse(status: number, reason: string): Response {
  return new Response(reason, {
    status,
    headers: { ...securityHeaders(), 'Content-Type': 'text/plain; charset=utf-8' },
  });
}

/** Resolves symlinks so a link inside the folder cannot point at a file outside it. */
async function realFileInside(root: string, file: string): Promise<string | null> {
  try {
    const [realRoot, realFile] = await Promise.all([fs.realpath(root), fs.realpath(file)]);
    if (!isInside(realRoot, realFile)) return null;
    return (await fs.stat(realFile)).isFile() ? realFile : null;
  } catch {
    return null;
  }
}

/**
 * The floating card's, the command bar's and the selection toolbar's pages (electron/main/windows/pages,
 * built to out/main/pages):
 * served on the same origin with the same headers, from their own folder, by exact name only.
 */
export const SHELL_PAGE_FILES: ReadonlySet<string> = new Set([
  'card.html',
  'card.js',
  'command-bar.html',
  'command-bar.js',
  'mic.svg',
  'shell.css',
  'toolbar.html',
  'toolbar.js',
  'toolbar.css',
]);

function shellPageName(requestUrl: string): string | null {
  try {
    const name = new URL(requestUrl).pathname.replace(/^\/+/, '');
    return SHELL_PAGE_FILES.has(name) ? name : null;
  } catch {
    return null;
  }
}

/**
 * The whole app:// handler minus Electron: request in, Response out, never throws. With `pagesDir`, the
 * names in SHELL_PAGE_FILES come from there, everything else from `root`.
 */
export async function respondWithRendererFile(
  request: { url: string; method: string },
  rendererRoot: string,
  pagesDir?: string,
): Promise<Response> {
  const root = pagesDir !== undefined && shellPageName(request.url) !== null ? pagesDir : rendererRoot;
  const lookup = locateRendererFile(request.url, request.method, root);
  if (lookup.kind === 'refused') return errorResponse(lookup.status, lookup.reason);
  const file = await realFileInside(path.resolve(root), lookup.file);
  if (file === null) return errorResponse(404, 'not found');
  try {
    const body = request.method === 'HEAD' ? null : await fs.readFile(file);
    return new Response(body, {
      status: 200,
      headers: { ...securityHeaders(), 'Content-Type': contentTypeOf(file), 'Cache-Control': 'no-cache' },
    });
  } catch {
    return errorResponse(404, 'not found');
  }
}
