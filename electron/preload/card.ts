// The floating card's bridge: one update listener and four buttons, nothing else. Self-contained on
// purpose (a sandboxed preload cannot load a shared chunk): the channel names match
// electron/main/shell-channels.ts, which a test checks.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';

const UPDATE = 'skilldeck-card:update';
const ACTION = 'skilldeck-card:action';

let listener: ((card: unknown) => void) | null = null;
let latest: unknown = null;

ipcRenderer.on(UPDATE, (_event: IpcRendererEvent, card: unknown) => {
  latest = card;
  listener?.(card);
});

contextBridge.exposeInMainWorld('skilldeckCard', {
  /** One listener (a second call replaces it); called at once with the card already received. */
  onCard(callback: unknown): void {
    if (typeof callback !== 'function') return;
    listener = (card) => (callback as (card: unknown) => void)(card);
    if (latest !== null) listener(latest);
  },
  copy: (): void => ipcRenderer.send(ACTION, 'copy'),
  insert: (): void => ipcRenderer.send(ACTION, 'insert'),
  pin: (): void => ipcRenderer.send(ACTION, 'pin'),
  close: (): void => ipcRenderer.send(ACTION, 'close'),
});
