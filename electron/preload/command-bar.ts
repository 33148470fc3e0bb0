// The command bar's bridge: submit, cancel and one context listener; as the launcher, its query, choice
// and list listener. Nothing else. It imports only the
// channel names (shared/ipc/names.ts), so it stays free of zod: the main process checks every message
// against shared/ipc/shell.ts.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { COMMAND_BAR_CHANNELS } from '../../shared/ipc/names';

let listener: ((context: unknown) => void) | null = null;
let latest: unknown = null;
let skillsListener: ((list: unknown) => void) | null = null;
let dictatedListener: ((dictation: unknown) => void) | null = null;

ipcRenderer.on(COMMAND_BAR_CHANNELS.context, (_event: IpcRendererEvent, context: unknown) => {
  latest = context;
  listener?.(context);
});
ipcRenderer.on(COMMAND_BAR_CHANNELS.skills, (_event: IpcRendererEvent, list: unknown) => {
  skillsListener?.(list);
});
ipcRenderer.on(COMMAND_BAR_CHANNELS.dictated, (_event: IpcRendererEvent, dictation: unknown) => {
  dictatedListener?.(dictation);
});

contextBridge.exposeInMainWorld('skilldeckCommandBar', {
  submit(text: unknown): void {
    if (typeof text === 'string') ipcRenderer.send(COMMAND_BAR_CHANNELS.submit, text);
  },
  cancel: (): void => ipcRenderer.send(COMMAND_BAR_CHANNELS.cancel),
  /** The launcher: what is typed in its filter (the list comes back through onSkills). */
  query(text: unknown): void {
    if (typeof text === 'string') ipcRenderer.send(COMMAND_BAR_CHANNELS.query, text);
  },
  /** The launcher: the skill chosen, and the instruction typed after choosing it. */
  choose(skillId: unknown, instruction?: unknown): void {
    if (typeof skillId !== 'string') return;
    ipcRenderer.send(
      COMMAND_BAR_CHANNELS.choose,
      typeof instruction === 'string' ? { skillId, instruction } : { skillId },
    );
  },
  /** The launcher: a skill that asks was chosen, the bar is all that is left. */
  compact: (): void => ipcRenderer.send(COMMAND_BAR_CHANNELS.compact),
  /** The mic button: record the instruction (the recording's state comes back through onDictated). */
  dictate: (): void => ipcRenderer.send(COMMAND_BAR_CHANNELS.dictate),
  onDictated(callback: unknown): void {
    if (typeof callback === 'function')
      dictatedListener = (dictation) => (callback as (d: unknown) => void)(dictation);
  },
  onSkills(callback: unknown): void {
    if (typeof callback === 'function') skillsListener = (list) => (callback as (l: unknown) => void)(list);
  },
  /** One listener (a second call replaces it); called at once with the context already received. */
  onContext(callback: unknown): void {
    if (typeof callback !== 'function') return;
    listener = (context) => (callback as (context: unknown) => void)(context);
    if (latest !== null) listener(latest);
  },
});
