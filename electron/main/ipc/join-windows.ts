import type { WebContents } from 'electron';
import type { Result } from '../../../shared/ipc/result';
import type { IpcWindows } from './bind-contract';

/** Several kinds of window on the contract: each one's frames trusted, events sent to all, answers observed. */
export function joinWindows(...kinds: IpcWindows[]): IpcWindows {
  return {
    trustedMainFrames: () => kinds.flatMap((k) => k.trustedMainFrames()),
    eventTargets: () => kinds.flatMap((k) => k.eventTargets()),
    observe: (channel: string, sender: WebContents, result: Result<unknown>) => {
      for (const k of kinds) k.observe?.(channel, sender, result);
    },
  };
}
