import { createClient, type Client } from '../../../shared/ipc/client';
import { takeAccessToken, webSocketUrl } from './access-token';
import { createWebSocketTransport, type WebSocketTransport } from './websocket-transport';

export type Connection =
  /** Inside Electron: the preload bridge, which is always there while the window is. */
  | { kind: 'bridge'; client: Client }
  /** In a browser, served by `skilldeck serve`. */
  | { kind: 'websocket'; client: Client; socket: WebSocketTransport }
  /** In a browser opened without the token the host printed: nothing to connect with. */
  | { kind: 'no-token' };

export function openConnection(page: Window): Connection {
  if (page.skilldeck) return { kind: 'bridge', client: createClient(page.skilldeck) };
  const token = takeAccessToken({
    href: page.location.href,
    storage: sessionStorageOf(page),
    history: page.history,
  });
  if (!token) return { kind: 'no-token' };
  const socket = createWebSocketTransport({ url: webSocketUrl(page.location.href, token) });
  return { kind: 'websocket', client: createClient(socket), socket };
}

function sessionStorageOf(page: Window): Pick<Storage, 'getItem' | 'setItem'> {
  try {
    return page.sessionStorage;
  } catch {
    // storage blocked by the browser: the token then stays in the URL (see takeAccessToken)
    return {
      getItem: () => null,
      setItem: () => {
        throw new Error('sessionStorage is not available');
      },
    };
  }
}
