// The selection toolbar's bridge: one view listener and its three buttons, nothing else. It imports only
// the channel names (shared/ipc/names.ts), so it stays free of zod: the main process checks every message
// against shared/ipc/shell.ts, and runs only a skill the toolbar shows.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { TOOLBAR_CHANNELS } from '../../shared/ipc/names';

let listener: ((view: unknown) => void) | null = null;
let latest: unknown = null;

ipcRenderer.on(TOOLBAR_CHANNELS.view, (_event: IpcRendererEvent, view: unknown) => {
  latest = view;
  listener?.(view);
});

contextBridge.exposeInMainWorld('skilldeckToolbar', {
  /** One listener (a second call replaces it); called at once with the view already received. */
  onView(callback: unknown): void {
    if (typeof callback !== 'function') return;
    listener = (view) => (callback as (view: unknown) => void)(view);
    if (latest !== null) listener(latest);
  },
  run(skillId: unknown): void {
    if (typeof skillId === 'string') ipcRenderer.send(TOOLBAR_CHANNELS.run, skillId);
  },
  more: (): void => ipcRenderer.send(TOOLBAR_CHANNELS.more),
  copy: (): void => ipcRenderer.send(TOOLBAR_CHANNELS.copy),
  /** The width the buttons need (the window is sized from an estimate until then). */
  fit(width: unknown): void {
    if (typeof width === 'number') ipcRenderer.send(TOOLBAR_CHANNELS.fit, width);
  },
});
