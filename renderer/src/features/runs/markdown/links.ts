// Links — `[text](url)`, `<url>`, bare `https://…` — and the one check of where a link may point.

const SAFE_SCHEME = /^(?:https?:\/\/|mailto:)/i;

/**
 * The URL a link may point to — absolute http:, https: or mailto:, as the URL parser writes it — or
 * null. The scheme must be the first thing written: no leading space, control character or entity
 * (`&#106;avascript:` is not decoded, so it is not a scheme at all).
 */
export function safeHref(url: string): string | null {
  // eslint-disable-next-line no-control-regex
  if (!SAFE_SCHEME.test(url) || /[\u0000-\u001f\u007f]/.test(url)) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol === 'mailto:') return parsed.pathname === '' ? null : parsed.href;
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  return parsed.hostname === '' ? null : parsed.href;
}

const unescapeUrl = (url: string) => url.replace(/\\([!-/:-@[-`{-~])/g, '$1');

/**
 * `[label](destination "title")` with its `[` at `open`: null when it is not one; where its label closes
 * when the text ends before its `)` (still streaming); else its end and the URL (null when it is not
 * one we link to).
 */
export function readLink(
  text: string,
  open: number,
  brackets: Int32Array,
):
  | { label: string; href: string | null; end: number }
  | { label: string; open: number; close: number }
  | null {
  const close = brackets[open]!;
  if (close === -1 || text[close + 1] !== '(') return null;
  const pending = { label: text.slice(open + 1, close), open, close };
  const n = text.length;
  let p = close + 2;
  const skipSpace = () => {
    while (p < n && /\s/.test(text[p]!)) p++;
  };
  skipSpace();
  let destination: string;
  if (text[p] === '<') {
    const end = text.indexOf('>', p + 1);
    const newline = text.indexOf('\n', p + 1);
    if (end === -1) return newline === -1 ? pending : null;
    if (newline !== -1 && newline < end) return null;
    destination = text.slice(p + 1, end);
    p = end + 1;
  } else {
    const start = p;
    let depth = 0;
    for (; p < n; p++) {
      const c = text[p]!;
      if (c === '\\') p++;
      else if (/\s/.test(c)) break;
      else if (c === '(') depth++;
      else if (c === ')') {
        if (depth === 0) break;
        depth--;
      }
    }
    destination = text.slice(start, Math.min(p, n));
  }
  const afterDestination = p;
  skipSpace();
  const quote = text[p];
  // a title, after a space: (url "title")
  if (p > afterDestination && (quote === '"' || quote === "'" || quote === '(')) {
    const end = text.indexOf(quote === '(' ? ')' : quote, p + 1);
    if (end === -1) return pending;
    p = end + 1;
    skipSpace();
  }
  if (p >= n) return pending;
  if (text[p] !== ')') return null;
  return { label: text.slice(open + 1, close), href: safeHref(unescapeUrl(destination)), end: p + 1 };
}

const URI_AUTOLINK = /^[a-zA-Z][a-zA-Z0-9+.-]{1,31}:[^\s<>]*$/;
const EMAIL_AUTOLINK =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** `<scheme:…>` or `<name@host>` at `i`; null when it is not one (then `<` is just text). */
export function readAutolink(
  text: string,
  i: number,
): { label: string; href: string | null; end: number } | null {
  let end = i + 1;
  while (end < text.length && text[end] !== '>' && text[end] !== '<' && !/\s/.test(text[end]!)) end++;
  if (text[end] !== '>') return null;
  const label = text.slice(i + 1, end);
  if (URI_AUTOLINK.test(label)) return { label, href: safeHref(label), end: end + 1 };
  if (EMAIL_AUTOLINK.test(label)) return { label, href: safeHref(`mailto:${label}`), end: end + 1 };
  return null;
}

const BARE_SCHEME = /https?:\/\//iy;

/**
 * A bare `http(s)://…` at `i`, GFM style: it runs to the next space or `<`, less trailing punctuation
 * and an unbalanced `)`. Not right after a letter, nor after `](` or `<` (a link still being written).
 */
export function readBareUrl(text: string, i: number): { label: string; href: string; end: number } | null {
  BARE_SCHEME.lastIndex = i;
  if (!BARE_SCHEME.test(text)) return null;
  const before = text[i - 1];
  if (before !== undefined && !/[\s*_~("']/.test(before)) return null;
  if (before === '(' && text[i - 2] === ']') return null;
  let end = i;
  while (end < text.length && text[end] !== '<' && !/\s/.test(text[end]!)) end++;
  for (;;) {
    const last = text[end - 1]!;
    if (/[?!.,:*_~'";]/.test(last)) end--;
    else if (last === ')') {
      const url = text.slice(i, end);
      if (url.split('(').length >= url.split(')').length) break;
      end--;
    } else break;
  }
  const label = text.slice(i, end);
  const href = safeHref(label);
  return href === null ? null : { label, href, end };
}
