// The bridge between the sandboxed dashboard and the main process, and nothing else: names are checked
// against the shared list, everything else (validation, sender checks) happens in the main process.
// It may import only shared/ipc/names.ts (type imports are erased), so it stays free of zod.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { EVENT_CHANNEL, isChannel, isEventName } from '../../shared/ipc/names';
import type { Transport } from '../../shared/ipc/client';
import type { Result } from '../../shared/ipc/result';

type Listener = (payload: unknown) => void;
const listeners = new Map<string, Set<Listener>>();

// One IPC listener for all events, so subscribers never pile up on ipcRenderer and never see its event.
ipcRenderer.on(EVENT_CHANNEL, (_event: IpcRendererEvent, name: unknown, payload: unknown) => {
  if (typeof name !== 'string') return;
  for (const listener of listeners.get(name) ?? []) {
    try {
      listener(payload);
    } catch (error) {
      console.error(`[skilldeck] a ${name} listener threw:`, error); // one bad subscriber must not starve the rest
    }
  }
});

function failure(code: 'UNKNOWN_CHANNEL' | 'INTERNAL', message: string): Result<never> {
  return { ok: false, error: { code, message } };
}

const bridge: Transport = {
  invoke(channel, input) {
    if (!isChannel(channel)) {
      return Promise.resolve(
        failure('UNKNOWN_CHANNEL', `unknown channel ${JSON.stringify(String(channel).slice(0, 80))}`),
      );
    }
    return (ipcRenderer.invoke(channel, input) as Promise<Result<unknown>>).catch((error: unknown) =>
      failure('INTERNAL', `${channel}: ${error instanceof Error ? error.message : String(error)}`),
    );
  },
  on(event, listener) {
    if (!isEventName(event) || typeof listener !== 'function') return () => undefined;
    const set = listeners.get(event) ?? new Set<Listener>();
    listeners.set(event, set);
    const own: Listener = (payload) => listener(payload);
    set.add(own);
    return () => {
      set.delete(own);
    };
  },
};

contextBridge.exposeInMainWorld('skilldeck', bridge);
