/**
 * Saving and copying a memos export. The file is a real download: an <a download> on a blob: URL.
 * CSP does not govern downloads (nor top-level navigation), so the dashboard's policy (default-src
 * 'self', blob: nowhere) does not stop it: tried in Chromium under that exact policy, blob: and data:
 * URLs both download; blob: is used (no size limit, no URL-encoding) and e2e/memos.spec.ts reads the
 * files back. In Electron a same-origin <a download> goes straight to the session's download manager,
 * not through will-navigate (electron/main/security.ts), and with no will-download handler in main
 * Electron asks where to save with the native dialog.
 */

/** How long the blob: URL outlives the click (Chromium reads it at once, other engines may not). */
export const REVOKE_AFTER_MS = 30_000;
/** Code points kept from a title: 60 CJK characters are 180 UTF-8 bytes, under every file system's 255. */
export const MAX_SLUG_CHARS = 60;
/** Device names Windows refuses as a file's base name, whatever the extension. */
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])$/i;

const pad = (n: number) => String(n).padStart(2, '0');

/** `skilldeck-memos-2026-11-21.md`, with the local date. */
export function allMemosFileName(now: Date = new Date()): string {
  return `skilldeck-memos-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.md`;
}

/**
 * A title as a file name's base: letters and digits of any script (so 燕麦奶 stays), everything else
 * (spaces, punctuation, / \ : * ? " < > |, dots, emoji, control characters) one `-` between words,
 * lower-cased, at most MAX_SLUG_CHARS. '' when nothing usable is left.
 */
export function slugify(title: string): string {
  const dashed = title
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  const slug = Array.from(dashed).slice(0, MAX_SLUG_CHARS).join('').replace(/-+$/, '');
  return WINDOWS_RESERVED.test(slug) ? '' : slug;
}

/** One memo's file: its title's slug, or `memo-<id>` when the title gives none. */
export function memoFileName(memo: { id: number; title: string }): string {
  return `${slugify(memo.title) || `memo-${memo.id}`}.md`;
}

/** Hands `markdown` to the browser (or Electron) as a download named `fileName`. */
export function saveMarkdownFile(fileName: string, markdown: string): void {
  const url = URL.createObjectURL(new Blob([markdown], { type: 'text/markdown;charset=utf-8' }));
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
