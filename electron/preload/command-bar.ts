// The command bar's bridge: submit, cancel and one context listener, nothing else. Self-contained on
// purpose (a sandboxed preload cannot load a shared chunk): the channel names match
// electron/main/shell-channels.ts, which a test checks.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';

const CONTEXT = 'skilldeck-command-bar:context';
const SUBMIT = 'skilldeck-command-bar:submit';
const CANCEL = 'skilldeck-command-bar:cancel';

let listener: ((context: unknown) => void) | null = null;
let latest: unknown = null;

ipcRenderer.on(CONTEXT, (_event: IpcRendererEvent, context: unknown) => {
  latest = context;
  listener?.(context);
});

contextBridge.exposeInMainWorld('skilldeckCommandBar', {
  submit(text: unknown): void {
    if (typeof text === 'string') ipcRenderer.send(SUBMIT, text);
  },
  cancel: (): void => ipcRenderer.send(CANCEL),
  /** One listener (a second call replaces it); called at once with the context already received. */
  onContext(callback: unknown): void {
    if (typeof callback !== 'function') return;
    listener = (context) => (callback as (context: unknown) => void)(context);
    if (latest !== null) listener(latest);
  },
});
