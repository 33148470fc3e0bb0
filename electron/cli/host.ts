import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { WireRequest, type WireMessage } from '../../shared/ipc/wire';
import { fail, type Result } from '../../shared/ipc/result';
import type { Core } from '../core/core';
import { SECURITY_HEADERS, serveStatic } from './static-files';

export interface HostOptions {
  core: Core;
  /** Folder of the built dashboard (out/renderer). */
  staticDir: string;
  host?: string;
  port?: number;
  /** Fixed token for tests; a random one per start otherwise. */
  token?: string;
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

function refuseUpgrade(socket: Duplex, status: number, reason: string) {
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/**
 * The headless host: the core over WebSocket (`/ws?token=…`) and HTTP (`POST /api/invoke/<channel>`
 * with `Authorization: Bearer …`), and the built dashboard as static files. Every request is checked
 * for the per-start token and for a loopback Host header (against DNS rebinding).
 */
export async function startHost(options: HostOptions): Promise<Host> {
  const { core, staticDir } = options;
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

  const server = http.createServer((req, res) => {
    void handleHttp(req, res);
  });

  async function handleHttp(req: http.IncomingMessage, res: http.ServerResponse) {
    const json = (status: number, body: Result<unknown>) =>
      res
        .writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...SECURITY_HEADERS })
        .end(JSON.stringify(body));
    if (!hostAllowed(req.headers.host)) return json(421, fail('FORBIDDEN', 'unexpected Host header'));
    const url = new URL(req.url ?? '/', 'http://localhost');

    if (url.pathname.startsWith('/api/')) {
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (!sameToken(bearer, token)) {
        return json(401, fail('FORBIDDEN', 'missing or wrong token: use the one `skilldeck serve` printed'));
      }
      const match = /^\/api\/invoke\/([^/]+)$/.exec(url.pathname);
      if (!match || req.method !== 'POST')
        return json(404, fail('NOT_FOUND', 'use POST /api/invoke/<channel>'));
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
      const result = await core.dispatch(decodeURIComponent(match[1]!), input);
      return json(200, result);
    }

    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, SECURITY_HEADERS).end();
      return;
    }
    await serveStatic(staticDir, url.pathname, res);
  }

  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });

  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== '/ws') return refuseUpgrade(socket, 404, 'Not Found');
    if (!hostAllowed(req.headers.host)) return refuseUpgrade(socket, 421, 'Misdirected Request');
    if (!originAllowed(req.headers.origin, req.headers.host)) return refuseUpgrade(socket, 403, 'Forbidden');
    if (!sameToken(url.searchParams.get('token'), token)) return refuseUpgrade(socket, 401, 'Unauthorized');
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
  });

  wss.on('connection', (ws: WebSocket) => {
    const send = (message: WireMessage) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
    };
    const unsubscribe = core.events.subscribe((event, payload) => send({ event, payload }));
    ws.on('close', unsubscribe);
    ws.on('error', () => ws.terminate());
    ws.on('message', (data, isBinary) => {
      void (async () => {
        let parsed: unknown;
        try {
          parsed = JSON.parse(isBinary ? '' : data.toString());
        } catch {
          return send({ id: null, result: fail('BAD_REQUEST', 'not JSON: send {"id", "channel", "input"}') });
        }
        const request = WireRequest.safeParse(parsed);
        if (!request.success) {
          const id = (parsed as { id?: unknown } | null)?.id;
          return send({
            id: typeof id === 'number' || typeof id === 'string' ? id : null,
            result: fail('BAD_REQUEST', 'a request is {"id": number|string, "channel": string, "input"?: …}'),
          });
        }
        const { id, channel, input } = request.data;
        send({ id, result: await options.core.dispatch(channel, input) });
      })();
    });
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
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of wss.clients) client.terminate();
        wss.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
