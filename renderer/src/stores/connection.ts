import { create } from 'zustand';
import type { ConnectionStatus, WebSocketTransport } from '../api/websocket-transport';

export type ConnectionLink = Pick<WebSocketTransport, 'status' | 'onStatus'>;

export interface ConnectionState {
  status: ConnectionStatus;
}

/** The state of the link to the host; `link` is null inside Electron, where the bridge cannot drop. */
export function createConnectionStore(link: ConnectionLink | null) {
  const useConnectionStore = create<ConnectionState>()(() => ({
    status: link?.status() ?? { state: 'open' },
  }));
  link?.onStatus((status) => useConnectionStore.setState({ status }));
  return useConnectionStore;
}

export type ConnectionStore = ReturnType<typeof createConnectionStore>;
