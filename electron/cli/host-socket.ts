import type http from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { WireRequest, type WireMessage } from '../../shared/ipc/wire';
import { fail, type Result } from '../../shared/ipc/result';
import type { Core } from '../core/core';

// The headless host's WebSocket side (host.ts checks an upgrade, then hands it here): loaded on the
// first upgrade, so the dashboard's page is served before `ws` and the wire schemas are read.

export interface SocketHost {
  /** Takes over an upgrade request host.ts has checked (path, Host, Origin, token). */
  accept(req: http.IncomingMessage, socket: Duplex, head: Buffer): void;
  close(): void;
}

export function createSocketHost(options: {
  core: Promise<Core>;
  maxPayload: number;
  reportError: (error: unknown) => void;
  onActivity?: () => void;
}): SocketHost {
  const { core, reportError } = options;
  const wss = new WebSocketServer({ noServer: true, maxPayload: options.maxPayload });

  wss.on('connection', (ws: WebSocket) => {
    const send = (message: WireMessage) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
    };
    let unsubscribe: (() => void) | undefined;
    let closed = false;
    // events flow once the core is up (a page may connect while it still loads)
    core.then(
      (c) => {
        if (!closed) unsubscribe = c.events.subscribe((event, payload) => send({ event, payload }));
      },
      () => ws.terminate(),
    );
    ws.on('close', () => {
      closed = true;
      unsubscribe?.();
    });
    ws.on('error', () => ws.terminate());
    ws.on('message', (data, isBinary) => {
      options.onActivity?.();
      (async () => {
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
        let result: Result<unknown>;
        try {
          result = await (await core).dispatch(channel, input);
        } catch (error) {
          reportError(error);
          result = fail('INTERNAL', 'the host could not answer this request');
        }
        send({ id, result });
      })().catch((error: unknown) => {
        reportError(error);
        ws.terminate();
      });
    });
  });

  return {
    accept: (req, socket, head) =>
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req)),
    close() {
      for (const client of wss.clients) client.terminate();
      wss.close();
    },
  };
}
