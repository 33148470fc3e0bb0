import type { WebFrameMain } from 'electron';
import { describeOrigin, isAppUrl } from '../protocol/app-origin';

/** The parts of a WebFrameMain the check reads (plain objects in tests). */
export type SenderFrame = Pick<WebFrameMain, 'url' | 'frameTreeNodeId'> & { readonly parent: unknown };

export type SenderVerdict = { ok: true } | { ok: false; reason: string };

/**
 * Who may call the core: the top frame of a window Skilldeck opened, showing a page from
 * app://skilldeck. An iframe, a window we did not create, or a page that navigated elsewhere is refused.
 */
export function checkSender(
  frame: SenderFrame | null | undefined,
  trustedMainFrames: readonly SenderFrame[],
): SenderVerdict {
  if (!frame) return { ok: false, reason: 'the sending frame no longer exists' };
  if (frame.parent !== null)
    return { ok: false, reason: 'only the top frame of a Skilldeck window may call' };
  if (!trustedMainFrames.some((trusted) => trusted.frameTreeNodeId === frame.frameTreeNodeId)) {
    return { ok: false, reason: 'the sender is not a Skilldeck window' };
  }
  if (!isAppUrl(frame.url)) {
    return { ok: false, reason: `the sender's page is on ${describeOrigin(frame.url)}, not the dashboard` };
  }
  return { ok: true };
}
