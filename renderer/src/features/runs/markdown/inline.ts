// Inline Markdown: code spans, emphasis, and (read in links.ts) links, autolinks and bare URLs.

import { readAutolink, readBareUrl, readLink } from './links';
import type { Inline } from './types';

/**
 * Line breaks kept (a `break` node), inline code, **bold** / __bold__, *italic* / _italic_, links — `[text](url)`, `<url>`, bare
 * `https://…` — and `![alt](url)` as a link to the image; an unclosed marker stays as written, and a
 * link whose `(url)` has not closed yet is text until it does. Only http:, https: and mailto: URLs
 * become links; a link to anything else is shown as the text it was written as.
 */
export function parseInline(text: string): Inline[] {
  return readInline(text, false);
}

function readInline(text: string, inLink: boolean): Inline[] {
  const out: Inline[] = [];
  let plain = '';
  const flush = () => {
    if (plain) out.push({ kind: 'text', text: plain });
    plain = '';
  };
  let brackets: Int32Array | null = null; // where each `[` closes, read once the first `[` shows up
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    // a single line break stays a line break (a trailing `\` or two spaces, Markdown's hard break, too)
    if (ch === '\n' || (ch === '\\' && text[i + 1] === '\n')) {
      plain = plain.replace(/[ \t]+$/, '');
      flush();
      out.push({ kind: 'break' });
      i += ch === '\n' ? 1 : 2;
      while (text[i] === ' ' || text[i] === '\t') i++; // a continuation line's indent is not text
      continue;
    }
    if (ch === '\\' && i + 1 < text.length && /[\\`*_#[\]()<>|!-]/.test(text[i + 1]!)) {
      plain += text[i + 1];
      i += 2;
      continue;
    }
    if (ch === '`') {
      let ticks = 1;
      while (text[i + ticks] === '`') ticks++;
      const marker = '`'.repeat(ticks);
      const end = text.indexOf(marker, i + ticks);
      if (end !== -1) {
        flush();
        // a code span's line breaks are spaces (CommonMark)
        const code = text.slice(i + ticks, end).replace(/\n/g, ' ');
        out.push({ kind: 'code', text: code.trim() || code });
        i = end + ticks;
        continue;
      }
      plain += marker;
      i += ticks;
      continue;
    }
    if (!inLink && (ch === '[' || (ch === '!' && text[i + 1] === '['))) {
      brackets ??= matchBrackets(text);
      const link = readLink(text, ch === '!' ? i + 1 : i, brackets);
      if (link && 'close' in link) {
        // `[text](http://exa` while streaming: the text as it will read, not a link until `)` arrives
        plain += text.slice(i, link.open + 1);
        flush();
        out.push(...readInline(link.label, true));
        plain += text.slice(link.close);
        break;
      }
      if (link) {
        if (link.href === null) plain += text.slice(i, link.end);
        else {
          flush();
          out.push({ kind: 'link', href: link.href, children: readInline(link.label, true) });
        }
        i = link.end;
        continue;
      }
    }
    if (!inLink && ch === '<') {
      const auto = readAutolink(text, i);
      if (auto) {
        if (auto.href === null) plain += text.slice(i, auto.end);
        else {
          flush();
          out.push({ kind: 'link', href: auto.href, children: [{ kind: 'text', text: auto.label }] });
        }
        i = auto.end;
        continue;
      }
    }
    if (!inLink && (ch === 'h' || ch === 'H')) {
      const bare = readBareUrl(text, i);
      if (bare) {
        flush();
        out.push({ kind: 'link', href: bare.href, children: [{ kind: 'text', text: bare.label }] });
        i = bare.end;
        continue;
      }
    }
    if (ch === '*' || ch === '_') {
      const double = text[i + 1] === ch;
      const marker = double ? ch + ch : ch;
      const inner = i + marker.length;
      // An opening marker is followed by a non-space; `_` inside a word (snake_case) is not emphasis.
      const opens =
        text[inner] !== undefined &&
        !/\s/.test(text[inner]!) &&
        !(ch === '_' && i > 0 && /\w/.test(text[i - 1]!));
      const end = opens ? findClosing(text, marker, inner) : -1;
      if (end !== -1) {
        flush();
        const children = readInline(text.slice(inner, end), inLink);
        out.push(double ? { kind: 'strong', children } : { kind: 'em', children });
        i = end + marker.length;
        continue;
      }
      plain += marker;
      i += marker.length;
      continue;
    }
    plain += ch;
    i++;
  }
  flush();
  return out;
}

/** For each `[`, the index of its `]` (nested pairs balanced, escaped ones skipped), else -1. One pass. */
function matchBrackets(text: string): Int32Array {
  const close = new Int32Array(text.length).fill(-1);
  const open: number[] = [];
  for (let k = 0; k < text.length; k++) {
    const ch = text[k];
    if (ch === '\\') k++;
    else if (ch === '[') open.push(k);
    else if (ch === ']' && open.length > 0) close[open.pop()!] = k;
  }
  return close;
}

/** Where the emphasis opened by `marker` (its text starting at `from`) closes, else -1. */
function findClosing(text: string, marker: string, from: number): number {
  let at = text.indexOf(marker, from);
  while (at !== -1) {
    const before = text[at - 1];
    const after = text[at + marker.length];
    const single = marker.length === 1;
    // `*a **b** c*`: a single marker must not take half of a double one
    const partOfDouble = single && (after === marker || before === marker);
    const wordJoined = marker[0] === '_' && after !== undefined && /\w/.test(after);
    if (at > from && before !== undefined && !/\s/.test(before) && !partOfDouble && !wordJoined) return at;
    at = text.indexOf(marker, at + (partOfDouble ? 2 : 1));
  }
  return -1;
}
