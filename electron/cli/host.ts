import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { fail } from '../../shared/ipc/envelope';
import type { Result } from '../../shared/ipc/result';
import type { Core } from '../core/core';
import type { SocketHost } from './host-socket';
import { decodePathSegment, readRequestTarget } from './request-target';
import { SECURITY_HEADERS, serveStatic } from './static-files';

export interface HostOptions {
  /** The core, or the promise of it: the dashboard's files are served meanwhile, API calls wait for it. */
  core: Core | Promise<Core>;
  /** Folder of the built dashboard (out/renderer). */
  staticDir: string;
  host?: string;
  port?: number;
  /** Fixed token for tests; a random one per start otherwise. */
  token?: string;
  /** An error thrown while answering a request (the client got a 500 without details). */
  onError?: (error: unknown) => void;
  /** Called on each request and WebSocket message (serve collects garbage once they stop). */
  onActivity?: () => void;
}

export interface Host {
  url: string;
  port: number;
  token: string;
  close(): Promise<void>;
}

const MAX_MESSAGE_BYTES = 1024 * 1024;

function sameToken(given: string | null | undefined, token: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/** A bare HTTP answer written on a socket the HTTP server no longer manages (an upgrade, a parse error). */
function answerRaw(socket: Duplex, status: number, body: Result<unknown> | null = null) {
  if (socket.destroyed || !socket.writable) return void socket.destroy();
  const text = body === null ? '' : JSON.stringify(body);
  const type = body === null ? '' : 'Content-Type: application/json; charset=utf-8\r\n';
  socket.write(
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status] ?? 'Error'}\r\nConnection: close\r\n${type}` +
      `Content-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`,
    () => socket.destroy(),
  );
}

const BAD_TARGET = fail('BAD_REQUEST', 'the request path is not a valid URL path');

/**
 * The headless host: the core over WebSocket (`/ws?token=…`) and HTTP (`POST /api/invoke/<channel>`
 * with `Authorization: Bearer …`), and the built dashboard as static files. Every request is checked
 * for the per-start token and for a loopback Host header (against DNS rebinding).
 */
export async function startHost(options: HostOptions): Promise<Host> {
  const { staticDir } = options;
  const core = Promise.resolve(options.core);
  // a core that could not be opened is its owner's to report; here each call answers INTERNAL
  core.catch(() => undefined);
  const bindHost = options.host ?? '127.0.0.1';
  const token = options.token ?? crypto.randomBytes(24).toString('base64url');
  let port = 0;

  // On a loopback bind only loopback names are accepted in Host, so a DNS-rebound page cannot reach
  // us; a deliberate non-loopback bind (--host 0.0.0.0) relies on the token alone.
  const loopbackBind = ['127.0.0.1', 'localhost', '::1'].includes(bindHost);
  const hostAllowed = (hostHeader: string | undefined) => {
    if (hostHeader === undefined) return false;
    if (!loopbackBind) return true;
    const h = hostHeader.toLowerCase();
    return h === `127.0.0.1:${port}` || h === `localhost:${port}` || h === `[::1]:${port}`;
  };
  // A browser always sends Origin on a WebSocket: it must be the dashboard's own.
  const originAllowed = (origin: string | undefined, hostHeader: string | undefined) =>
    origin === undefined || origin.toLowerCase() === `http://${hostHeader?.toLowerCase()}`;

  const reportError = (error: unknown) => {
    try {
      options.onError?.(error);
    } catch {
      // a failing logger must not take the host down either
    }
  };

  // No request, however malformed, may end the process: whatever a handler throws is a 500 (or, once
  // the answer has begun, a dropped connection) and goes to onError.
  const server = http.createServer((req, res) => {
    options.onActivity?.();
    handleHttp(req, res).catch((error: unknown) => {
      reportError(error);
      try {
        if (res.headersSent) throw error;
        res
          .writeHead(500, { 'Content-Type': 'application/json; charset=utf-8', ...SECURITY_HEADERS })
          .end(JSON.stringify(fail('INTERNAL', 'the host could not answer this request')));
      } catch {
        res.destroy();
      }
    });
  });

  // Bytes the HTTP parser cannot read (a bad request line, header overflow, …): answered, never thrown.
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
    const status =
      error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    answerRaw(socket, status, fail('BAD_REQUEST', 'the request could not be read as HTTP'));
  });

  async function handleHttp(req: http.IncomingMessage, res: http.ServerResponse) {
    const json = (status: number, body: Result<unknown>) =>
      res
        .writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...SECURITY_HEADERS })
        .end(JSON.stringify(body));
    if (!hostAllowed(req.headers.host)) return json(421, fail('FORBIDDEN', 'unexpected Host header'));
    const url = readRequestTarget(req.url);
    if (url === null) return json(400, BAD_TARGET);

    if (url.pathname.startsWith('/api/')) {
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (!sameToken(bearer, token)) {
        return json(401, fail('FORBIDDEN', 'missing or wrong token: use the one `skilldeck serve` printed'));
      }
      const match = /^\/api\/invoke\/([^/]+)$/.exec(url.pathname);
      if (!match || req.method !== 'POST')
        return json(404, fail('NOT_FOUND', 'use POST /api/invoke/<channel>'));
      req.setEncoding('utf8');
      let raw = '';
      for await (const chunk of req) {
        raw += chunk;
        if (raw.length > MAX_MESSAGE_BYTES) return json(413, fail('BAD_REQUEST', 'request body over 1 MiB'));
      }
      let input: unknown;
      try {
        input = raw.trim() === '' ? undefined : JSON.parse(raw);
      } catch {
        return json(400, fail('BAD_REQUEST', 'the body is not JSON'));
      }
      const channel = decodePathSegment(match[1]!);
      if (channel === null)
        return json(400, fail('BAD_REQUEST', 'the channel name is not valid percent-encoding'));
      return json(200, await (await core).dispatch(channel, input));
    }

    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, SECURITY_HEADERS).end();
      return;
    }
    serveStatic(staticDir, url.pathname, res);
  }

  // The WebSocket side (ws, the wire schemas) is read on the first upgrade, after the page was served.
  let sockets: Promise<SocketHost> | undefined;
  const socketHost = () =>
    (sockets ??= import('./host-socket').then((m) =>
      m.createSocketHost({
        core,
        maxPayload: MAX_MESSAGE_BYTES,
        reportError,
        onActivity: options.onActivity,
      }),
    ));

  server.on('upgrade', (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    // The HTTP server has let go of this socket: a reset while we answer must not become an uncaught error.
    const onSocketError = () => socket.destroy();
    socket.on('error', onSocketError);
    try {
      const url = readRequestTarget(req.url);
      if (url === null) return answerRaw(socket, 400, BAD_TARGET);
      if (url.pathname !== '/ws') return answerRaw(socket, 404);
      if (!hostAllowed(req.headers.host)) return answerRaw(socket, 421);
      if (!originAllowed(req.headers.origin, req.headers.host)) return answerRaw(socket, 403);
      if (!sameToken(url.query.get('token'), token)) return answerRaw(socket, 401);
      socketHost()
        .then((host) => {
          if (socket.destroyed) return;
          socket.off('error', onSocketError); // ws watches the socket from here
          host.accept(req, socket, head);
        })
        .catch((error: unknown) => {
          reportError(error);
          answerRaw(socket, 500);
        });
    } catch (error) {
      reportError(error);
      answerRaw(socket, 500);
    }
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, bindHost, () => {
      server.off('error', reject);
      resolve();
    });
  });
  port = (server.address() as AddressInfo).port;
  const displayHost = bindHost.includes(':') ? `[${bindHost}]` : bindHost;

  return {
    url: `http://${displayHost}:${port}/?token=${token}`,
    port,
    token,
    async close() {
      (await sockets?.catch(() => undefined))?.close();
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
}
