// The floating card's bridge: one update listener, its buttons, the follow-up and the Retry with… picker
// (its models listener), nothing else. It imports only the
// channel names (shared/ipc/names.ts; type imports are erased), so it stays free of zod: the main process
// checks every message against shared/ipc/shell.ts.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { CARD_CHANNELS } from '../../shared/ipc/names';
import type { CardAction } from '../../shared/ipc/shell';

let listener: ((card: unknown) => void) | null = null;
let latest: unknown = null;
let modelsListener: ((models: unknown) => void) | null = null;
let dictatedListener: ((dictation: unknown) => void) | null = null;

ipcRenderer.on(CARD_CHANNELS.update, (_event: IpcRendererEvent, card: unknown) => {
  latest = card;
  listener?.(card);
});

ipcRenderer.on(CARD_CHANNELS.models, (_event: IpcRendererEvent, models: unknown) => {
  modelsListener?.(models);
});

ipcRenderer.on(CARD_CHANNELS.dictated, (_event: IpcRendererEvent, dictation: unknown) => {
  dictatedListener?.(dictation);
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
  memo: press('memo'),
  retry: press('retry'),
  /** After a paste the app did not take: its next paste key, then Insert again. */
  otherPasteKey: press('otherPasteKey'),
  /** Asks for the providers and models Retry with… offers (they come back through onModels). */
  models: press('models'),
  retryWith(provider: unknown, model: unknown): void {
    if (typeof provider === 'string' && typeof model === 'string')
      ipcRenderer.send(CARD_CHANNELS.action, { type: 'retryWith', provider, model });
  },
  /** A follow-up message. */
  continue(message: unknown): void {
    if (typeof message === 'string') ipcRenderer.send(CARD_CHANNELS.action, { type: 'continue', message });
  },
  /** The follow-up box's mic: records the follow-up (its state and text come back through onDictated). */
  dictate: press('dictate'),
  onDictated(callback: unknown): void {
    if (typeof callback === 'function') dictatedListener = (d) => (callback as (d: unknown) => void)(d);
  },
  onModels(callback: unknown): void {
    if (typeof callback === 'function') modelsListener = (m) => (callback as (m: unknown) => void)(m);
  },
});
