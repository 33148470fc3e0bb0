// The command bar's bridge: submit, cancel and one context listener, nothing else. It imports only the
// channel names (shared/ipc/names.ts), so it stays free of zod: the main process checks every message
// against shared/ipc/shell.ts.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { COMMAND_BAR_CHANNELS } from '../../shared/ipc/names';

let listener: ((context: unknown) => void) | null = null;
let latest: unknown = null;

ipcRenderer.on(COMMAND_BAR_CHANNELS.context, (_event: IpcRendererEvent, context: unknown) => {
  latest = context;
  listener?.(context);
});

contextBridge.exposeInMainWorld('skilldeckCommandBar', {
  submit(text: unknown): void {
    if (typeof text === 'string') ipcRenderer.send(COMMAND_BAR_CHANNELS.submit, text);
  },
  cancel: (): void => ipcRenderer.send(COMMAND_BAR_CHANNELS.cancel),
  /** One listener (a second call replaces it); called at once with the context already received. */
  onContext(callback: unknown): void {
    if (typeof callback !== 'function') return;
    listener = (context) => (callback as (context: unknown) => void)(context);
    if (latest !== null) listener(latest);
  },
});
