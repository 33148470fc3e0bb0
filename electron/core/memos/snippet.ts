import type { SnippetPart } from '../../../shared/types/memo';

// Private-use characters mark matches in FTS5 snippets; they are dropped from memo text first.
export const MARK_OPEN = '\uE000';
export const MARK_CLOSE = '\uE001';

/** Splits an FTS5 snippet marked with MARK_OPEN/MARK_CLOSE into parts (adjacent matches merged). */
export function parseMarkedSnippet(marked: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  const push = (text: string, match: boolean) => {
    if (text === '') return;
    const last = parts.at(-1);
    if (last && last.match === match) last.text += text;
    else parts.push({ text, match });
  };
  let rest = marked;
  while (rest !== '') {
    const open = rest.indexOf(MARK_OPEN);
    if (open < 0) {
      push(rest, false);
      break;
    }
    push(rest.slice(0, open), false);
    const close = rest.indexOf(MARK_CLOSE, open + 1);
    const end = close < 0 ? rest.length : close;
    push(rest.slice(open + 1, end), true);
    rest = close < 0 ? '' : rest.slice(close + 1);
  }
  return parts;
}

/**
 * A snippet built in JS (for searches with only short terms, which FTS5 cannot highlight): about
 * `width` characters around the first match, every case-insensitive occurrence of a term marked.
 */
export function snippetAround(text: string, terms: readonly string[], width = 64): SnippetPart[] {
  const lower = text.toLowerCase();
  const needles = terms.map((t) => t.toLowerCase()).filter((t) => t !== '');
  const first = Math.min(...needles.map((n) => lower.indexOf(n)).filter((i) => i >= 0), Infinity);
  const anchor = Number.isFinite(first) ? first : 0;
  const start = Math.max(0, anchor - Math.floor(width / 3));
  const end = Math.min(text.length, start + width);
  const window = text.slice(start, end);
  const windowLower = lower.slice(start, end);
  const parts: SnippetPart[] = [];
  if (start > 0) parts.push({ text: '…', match: false });
  let i = 0;
  let plain = '';
  while (i < window.length) {
    const hit = needles.find((n) => windowLower.startsWith(n, i));
    if (hit) {
      if (plain) parts.push({ text: plain, match: false });
      plain = '';
      parts.push({ text: window.slice(i, i + hit.length), match: true });
      i += hit.length;
    } else {
      plain += window[i]!;
      i++;
    }
  }
  if (plain) parts.push({ text: plain, match: false });
  if (end < text.length) parts.push({ text: '…', match: false });
  return parts;
}
