// Test helpers that speak HTTP and WebSocket as raw bytes over a TCP socket, so a malformed request reaches
// the host exactly as written (an HTTP client would normalise or refuse it first).
import crypto from 'node:crypto';
import net from 'node:net';

export interface RawExchange {
  /** What the host sent back before closing or going quiet ('' when it sent nothing). */
  response: string;
  /** The status of the first response line, or null. */
  status: number | null;
}

/**
 * Sends `bytes`, collects the answer until the host closes the socket or sends nothing more for `quietMs`.
 * Before the first byte it waits `firstByteMs` (a busy machine may take a while to answer at all); a
 * request the host rightly leaves waiting (half a request) passes a short one.
 */
export function rawExchange(
  port: number,
  bytes: string | Buffer,
  quietMs = 250,
  firstByteMs = 10_000,
): Promise<RawExchange> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let timer: NodeJS.Timeout | undefined;
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      const response = Buffer.concat(chunks).toString('latin1');
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(response)?.[1];
      resolve({ response, status: status === undefined ? null : Number(status) });
    };
    const quiet = (ms: number) => {
      clearTimeout(timer);
      timer = setTimeout(finish, ms);
    };
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      quiet(quietMs);
    });
    socket.on('close', finish);
    socket.on('error', finish);
    socket.on('connect', () => {
      socket.write(bytes, () => quiet(Math.max(quietMs, firstByteMs)));
    });
  });
}

/** The Sec-WebSocket-Accept a server must answer to `key` (RFC 6455). */
export function websocketAccept(key: string): string {
  return crypto
    .createHash('sha1')
    .update(key + '258EAFA5-E914-47DA-95CA-C5AB0DC85B11')
    .digest('base64');
}

/** Opens a WebSocket by hand (after the 101, frames are written raw); resolves with the open socket. */
export function rawWebSocket(port: number, pathAndQuery: string): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const key = crypto.randomBytes(16).toString('base64');
    const socket = net.connect(port, '127.0.0.1');
    let head = '';
    const onData = (chunk: Buffer) => {
      head += chunk.toString('latin1');
      if (!head.includes('\r\n\r\n')) return;
      socket.off('data', onData);
      if (head.startsWith('HTTP/1.1 101') && head.includes(websocketAccept(key))) resolve(socket);
      else reject(new Error(`upgrade refused: ${head.split('\r\n')[0]}`));
    };
    socket.on('data', onData);
    socket.on('error', reject);
    socket.write(
      `GET ${pathAndQuery} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\n` +
        `Connection: Upgrade\r\nSec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
    );
  });
}

/** Resolves when the socket is closed (by either side), or after `timeoutMs` having destroyed it. */
export function closedWithin(socket: net.Socket, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    if (socket.destroyed) return resolve();
    const timer = setTimeout(() => {
      socket.destroy();
      resolve();
    }, timeoutMs);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve();
    });
    socket.on('error', () => undefined);
  });
}
