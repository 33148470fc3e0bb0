// The floating card's bridge: one update listener and four buttons, nothing else. It imports only the
// channel names (shared/ipc/names.ts; type imports are erased), so it stays free of zod: the main process
// checks every message against shared/ipc/shell.ts.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { CARD_CHANNELS } from '../../shared/ipc/names';
import type { CardAction } from '../../shared/ipc/shell';

let listener: ((card: unknown) => void) | null = null;
let latest: unknown = null;

ipcRenderer.on(CARD_CHANNELS.update, (_event: IpcRendererEvent, card: unknown) => {
  latest = card;
  listener?.(card);
});

const press = (action: CardAction) => (): void => ipcRenderer.send(CARD_CHANNELS.action, action);

contextBridge.exposeInMainWorld('skilldeckCard', {
  /** One listener (a second call replaces it); called at once with the card already received. */
  onCard(callback: unknown): void {
    if (typeof callback !== 'function') return;
    listener = (card) => (callback as (card: unknown) => void)(card);
    if (latest !== null) listener(latest);
  },
  copy: press('copy'),
  insert: press('insert'),
  pin: press('pin'),
  close: press('close'),
});
