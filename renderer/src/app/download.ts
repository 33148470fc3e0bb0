/**
 * A real download from the dashboard: an <a download> on a blob: URL. CSP does not govern downloads (nor
 * top-level navigation), so the dashboard's policy (default-src 'self', blob: nowhere) does not stop it:
 * tried in Chromium under that exact policy, blob: and data: URLs both download; blob: is used (no size
 * limit, no URL-encoding) and the e2e specs read the files back. In Electron a same-origin <a download>
 * goes straight to the session's download manager, not through will-navigate (electron/main/security.ts),
 * and with no will-download handler in main Electron asks where to save with the native dialog.
 */

/** How long the blob: URL outlives the click (Chromium reads it at once, other engines may not). */
export const REVOKE_AFTER_MS = 30_000;

/** Hands `blob` to the browser (or Electron) as a download named `fileName`. */
export function saveDownload(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
  }
}
