import { ipcMain, type IpcMainInvokeEvent, type WebContents } from 'electron';
import { CHANNELS, EVENT_CHANNEL } from '../../../shared/ipc/names';
import { fail, type Result } from '../../../shared/ipc/result';
import type { Core } from '../../core/core';
import { checkSender, type SenderFrame } from './sender';

/** What the binding needs from the window list, so tests can pass plain objects. */
export interface IpcWindows {
  /** Main frames of the live Skilldeck windows: the only senders allowed to call. */
  trustedMainFrames(): readonly SenderFrame[];
  /** Where core events go. */
  eventTargets(): readonly Pick<WebContents, 'send'>[];
  /** Told of each answer given to a trusted window (the recording indicator follows its page's calls). */
  observe?(channel: string, sender: WebContents, result: Result<unknown>): void;
}

type CoreSide = Pick<Core, 'dispatch' | 'events'>;

async function answer(
  core: CoreSide,
  windows: IpcWindows,
  channel: string,
  event: Pick<IpcMainInvokeEvent, 'senderFrame'> & Partial<Pick<IpcMainInvokeEvent, 'sender'>>,
  input: unknown,
): Promise<Result<unknown>> {
  try {
    const verdict = checkSender(event.senderFrame, windows.trustedMainFrames());
    if (!verdict.ok) return fail('FORBIDDEN', `${channel}: ${verdict.reason}`);
    const result = await core.dispatch(channel, input);
    if (event.sender) windows.observe?.(channel, event.sender, result);
    return result;
  } catch (error) {
    // Reading senderFrame can throw once its frame is gone; nothing may cross the boundary as a throw.
    return fail('INTERNAL', `${channel}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * Binds every contract channel to ipcMain and forwards core events to every window.
 * Returns the undo, for shutdown and tests.
 */
export function bindContract(core: CoreSide, windows: IpcWindows): () => void {
  for (const channel of CHANNELS) {
    ipcMain.handle(channel, (event, input: unknown) => answer(core, windows, channel, event, input));
  }
  const unsubscribe = core.events.subscribe((name, payload) => {
    for (const target of windows.eventTargets()) {
      try {
        target.send(EVENT_CHANNEL, name, payload);
      } catch {
        // a window torn down mid-loop must not keep the event from the others
      }
    }
  });
  return () => {
    unsubscribe();
    for (const channel of CHANNELS) ipcMain.removeHandler(channel);
  };
}
