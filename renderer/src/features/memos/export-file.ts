// Saving and copying a memos export: a real download (app/download.ts).
import { saveDownload } from '../../app/download';

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
  saveDownload(fileName, new Blob([markdown], { type: 'text/markdown;charset=utf-8' }));
}
