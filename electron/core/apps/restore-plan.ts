// When a paste transaction puts the user's clipboard back (issue 15 §7.4). Restoring before the target
// has read the pasted text makes it paste the old contents (remote desktops, VMs and Office read late);
// restoring long after leaves our text on the clipboard. So: where the OS tells us the target read it,
// restore then (plus a short quiet time, for apps that read twice); otherwise wait the app's rule's delay,
// else the platform's safe default.
//
// Who can tell: X11 — yes, the selection owner sees each read (x11-owner.ts), unless a clipboard manager
// took the selection over or only xsel is installed. macOS and Windows — not from Electron: a lazy data
// provider (NSPasteboardItemDataProvider; Windows delayed rendering, SetClipboardData(NULL) +
// WM_RENDERFORMAT) would say so but Electron's clipboard API offers neither, so there the delay decides.

/** The safe default wait per platform where the read cannot be seen (ms). */
export const DEFAULT_RESTORE_DELAY_MS = {
  x11: 150,
  wayland: 300,
  macos: 500,
  windows: 500,
} as const;

export type RestorePlatform = keyof typeof DEFAULT_RESTORE_DELAY_MS;

/** Quiet after the target's last read before restoring (ms). */
export const READ_SETTLE_MS = 30;
/** The longest wait for a read the OS reports (ms): no read by then, the paste did not land. */
export const READ_TIMEOUT_MS = 2000;

export type RestorePlan =
  { kind: 'after-read'; settleMs: number; timeoutMs: number } | { kind: 'after-delay'; delayMs: number };

export function restorePlan(input: {
  platform: RestorePlatform;
  /** The OS reports the target's reads of the pasted text (now, for this paste). */
  readsReported: boolean;
  /** The app rule's restore delay (ms); null/undefined: none set. */
  ruleDelayMs?: number | null;
  /** The port's own defaults over the platform's (a host's configured paste delay and timeout). */
  defaults?: { delayMs?: number; timeoutMs?: number };
}): RestorePlan {
  const rule = input.ruleDelayMs ?? null;
  if (input.readsReported) {
    // a slow reader's rule stretches the wait for its first read, never shortens the default
    const timeoutMs = Math.max(input.defaults?.timeoutMs ?? READ_TIMEOUT_MS, rule ?? 0);
    return { kind: 'after-read', settleMs: READ_SETTLE_MS, timeoutMs };
  }
  const fallback = input.defaults?.delayMs ?? DEFAULT_RESTORE_DELAY_MS[input.platform];
  return { kind: 'after-delay', delayMs: rule ?? fallback };
}
