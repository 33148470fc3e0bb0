// A small Markdown reader for streamed model output: blocks (paragraphs, headings, lists — nested —,
// GFM tables, code fences, quotes, rules) and inline code / bold / italic / links. It builds data, never
// HTML, so nothing the model writes can inject markup; a fence still open while tokens arrive is simply
// a code block that is not done yet, and a link not closed yet is text.

export type Align = 'left' | 'center' | 'right' | null;

export interface ListItem {
  /** The item's content read as blocks: a nested list is a `list` block here. */
  blocks: Block[];
  /** A task item: `- [x]` is true, `- [ ]` false; null for a plain item. */
  checked: boolean | null;
  raw: string;
}

export type Block =
  | { kind: 'heading'; level: 1 | 2 | 3 | 4 | 5 | 6; text: string; raw: string }
  | { kind: 'paragraph'; text: string; raw: string }
  | { kind: 'list'; ordered: boolean; start: number; items: ListItem[]; raw: string }
  | { kind: 'table'; align: Align[]; header: string[]; rows: string[][]; raw: string }
  | { kind: 'code'; lang: string; text: string; closed: boolean; raw: string }
  | { kind: 'quote'; text: string; raw: string }
  | { kind: 'rule'; raw: string };

export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'code'; text: string }
  | { kind: 'strong'; children: Inline[] }
  | { kind: 'em'; children: Inline[] }
  /** `href` is an absolute http:, https: or mailto: URL (see `safeHref`); anything else stays text. */
  | { kind: 'link'; href: string; children: Inline[] };

const FENCE = /^ {0,3}(`{3,}|~{3,})\s*([^`\s]*)/;
const HEADING = /^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;
const RULE = /^ {0,3}([-*_])(\s*\1){2,}\s*$/;
const QUOTE = /^ {0,3}>\s?(.*)$/;
/** A list item once its indent is in spaces: indent, marker, the spaces after it, the content. */
const ITEM = /^( *)([-*+]|\d{1,9}[.)])([ \t]+)(.*)$/;
const TASK = /^\[([ xX])\][ \t]+(.*)$/s;
/** A table's delimiter row: `| :--- | :---: | ---: |`, outer pipes optional. */
const DELIMITER_ROW = /^[ \t]*\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;
/** Lists nested deeper than this keep their inner lines as text (no unbounded recursion). */
const MAX_DEPTH = 12;

/** The blocks of a Markdown text, in order. Each block keeps its source (`raw`) so a view can memoize it. */
export function parseBlocks(source: string): Block[] {
  return parseLines(source.replace(/\r\n?/g, '\n').split('\n')).blocks;
}

/**
 * For text that grows at its end (streamed tokens): the same blocks as `parseBlocks`, but when the new
 * text extends the previous one only its last two blocks are read again — the others are final (the
 * reader looks ahead at most to the next non-blank line: a table's delimiter row, or what follows a
 * list's blank lines) and are returned as the same objects. Without this every batch of tokens re-read
 * the whole answer: quadratic over a long stream.
 */
export function createBlockParser(): (source: string) => Block[] {
  let last: { source: string; blocks: Block[]; starts: number[] } | null = null;
  return (source) => {
    if (last?.source === source) return last.blocks;
    const keep = last && source.startsWith(last.source) ? Math.max(0, last.blocks.length - 2) : 0;
    if (keep === 0 || source.includes('\r')) {
      last = { source, ...parseLines(source.replace(/\r\n?/g, '\n').split('\n')) };
      return last.blocks;
    }
    const from = last!.starts[keep]!;
    const tail = parseLines(source.slice(from).split('\n'));
    last = {
      source,
      blocks: last!.blocks.slice(0, keep).concat(tail.blocks),
      starts: last!.starts.slice(0, keep).concat(tail.starts.map((start) => start + from)),
    };
    return last.blocks;
  };
}

/** The blocks of these lines, and where each block starts (a character offset in the joined lines). */
function parseLines(lines: string[], depth = 0): { blocks: Block[]; starts: number[] } {
  const blocks: Block[] = [];
  const starts: number[] = [];
  let i = 0;
  let offset = 0; // where line `at` starts
  let at = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (line.trim() === '') {
      i++;
      continue;
    }
    for (; at < i; at++) offset += lines[at]!.length + 1;
    starts.push(offset);
    const fence = FENCE.exec(line);
    if (fence) {
      const marker = fence[1]!;
      const body: string[] = [];
      let closed = false;
      i++;
      while (i < lines.length) {
        const l = lines[i]!;
        if (l.trim().startsWith(marker[0]!.repeat(marker.length)) && l.trim().replace(/[`~]/g, '') === '') {
          closed = true;
          i++;
          break;
        }
        body.push(l);
        i++;
      }
      const text = body.join('\n');
      blocks.push({ kind: 'code', lang: fence[2] ?? '', text, closed, raw: `${line}\n${text}${closed}` });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      const level = heading[1]!.length as 1 | 2 | 3 | 4 | 5 | 6;
      blocks.push({ kind: 'heading', level, text: heading[2]!, raw: line });
      i++;
      continue;
    }
    if (RULE.test(line)) {
      blocks.push({ kind: 'rule', raw: line });
      i++;
      continue;
    }
    if (QUOTE.test(line)) {
      const body: string[] = [];
      while (i < lines.length && QUOTE.test(lines[i]!)) body.push(QUOTE.exec(lines[i++]!)![1]!);
      blocks.push({ kind: 'quote', text: body.join('\n'), raw: body.join('\n') });
      continue;
    }
    if (startsItem(line)) {
      const list = readList(lines, i, depth);
      blocks.push(list.block);
      i = list.next;
      continue;
    }
    const header = tableHeader(lines, i);
    if (header) {
      const table = readTable(lines, i, header);
      blocks.push(table.block);
      i = table.next;
      continue;
    }
    const para: string[] = [];
    while (i < lines.length) {
      const l = lines[i]!;
      if (l.trim() === '' || FENCE.test(l) || HEADING.test(l) || QUOTE.test(l) || RULE.test(l)) break;
      if (para.length > 0 && (startsItem(l) || tableHeader(lines, i))) break;
      para.push(l);
      i++;
    }
    blocks.push({ kind: 'paragraph', text: para.join('\n'), raw: para.join('\n') });
  }
  return { blocks, starts };
}

/** Leading tabs as spaces (tab stops of 4), so indents compare as columns. */
function expandIndent(line: string): string {
  if (line[0] !== ' ' && line[0] !== '\t') return line;
  const lead = /^[ \t]*/.exec(line)![0];
  if (!lead.includes('\t')) return line;
  let column = 0;
  for (const ch of lead) column = ch === '\t' ? column + 4 - (column % 4) : column + 1;
  return ' '.repeat(column) + line.slice(lead.length);
}

const indentOf = (line: string) => line.length - line.trimStart().length;

/** A list item that starts a list: its marker indented by at most 3 spaces. */
function startsItem(line: string): boolean {
  const item = ITEM.exec(expandIndent(line));
  return item !== null && item[1]!.length <= 3;
}

const isOrderedMarker = (marker: string) => marker >= '0' && marker <= '9';

/**
 * A list from its first item at `i`. Items are the lines with a marker of the same kind at about the
 * first one's indent (up to one space more); a line indented further belongs to the item above it —
 * 2–4 spaces or a tab is enough to nest — and is read again as blocks, de-indented, so a list there is
 * a nested list. A blank line keeps the list going when the next line is an item or indented under one
 * (the reader looks at the first line after the blank ones, nothing further).
 */
function readList(lines: string[], i: number, depth: number): { block: Block; next: number } {
  const first = ITEM.exec(expandIndent(lines[i]!))!;
  const base = first[1]!.length;
  const ordered = isOrderedMarker(first[2]![0]!);
  // an item at about the first one's indent (a sibling when its marker is of the same kind), else null
  const outer = (line: string) => {
    const m = ITEM.exec(line);
    return m !== null && m[1]!.length <= base + 1 ? m : null;
  };
  const sibling = (m: RegExpExecArray, line: string) =>
    isOrderedMarker(m[2]![0]!) === ordered && !RULE.test(line);
  type Item = { lines: string[]; raw: string[]; content: number };
  const items: Item[] = [];
  const raw: string[] = [];
  const startItem = (m: RegExpExecArray) => {
    const spaces = m[3]!.length;
    // where the item's text starts: lines indented that far (or less) are de-indented by that much
    const content = m[1]!.length + m[2]!.length + (spaces > 4 || m[4] === '' ? 1 : spaces);
    items.push({ lines: [m[4]!], raw: [lines[i]!], content });
    raw.push(lines[i]!);
    i++;
  };
  startItem(first);
  while (i < lines.length) {
    const line = expandIndent(lines[i]!);
    const item = items[items.length - 1]!;
    if (line.trim() === '') {
      let j = i + 1;
      while (j < lines.length && lines[j]!.trim() === '') j++;
      if (j === lines.length) break;
      const next = expandIndent(lines[j]!);
      const m = outer(next);
      if (m ? !sibling(m, next) : indentOf(next) < base + 2) break;
      for (; i < j; i++) {
        raw.push(lines[i]!);
        item.lines.push('');
        item.raw.push(lines[i]!);
      }
      continue;
    }
    const indent = indentOf(line);
    const m = outer(line);
    if (m) {
      if (!sibling(m, line)) break;
      startItem(m);
    } else if (indent > base) {
      item.lines.push(line.slice(Math.min(indent, item.content)));
      item.raw.push(lines[i]!);
      raw.push(lines[i]!);
      i++;
    } else break;
  }
  const block: Block = {
    kind: 'list',
    ordered,
    start: ordered ? Number(/\d+/.exec(first[2]!)![0]) : 1,
    items: items.map((item) => listItem(item.lines, item.raw.join('\n'), depth)),
    raw: raw.join('\n'),
  };
  return { block, next: i };
}

function listItem(lines: string[], raw: string, depth: number): ListItem {
  let checked: boolean | null = null;
  const task = TASK.exec(lines[0]!);
  if (task) {
    checked = task[1] !== ' ';
    lines = [task[2]!, ...lines.slice(1)];
  }
  if (depth + 1 >= MAX_DEPTH) {
    const text = lines
      .map((l) => l.trim())
      .filter((l) => l !== '')
      .join('\n');
    return { blocks: text ? [{ kind: 'paragraph', text, raw: text }] : [], checked, raw };
  }
  // most items are one line of text: no need to read it as blocks
  if (lines.length === 1 && /^\s*[^-*+_#>`~|\d\s]/.test(lines[0]!)) {
    return { blocks: [{ kind: 'paragraph', text: lines[0]!, raw: lines[0]! }], checked, raw };
  }
  return { blocks: parseLines(lines, depth + 1).blocks, checked, raw };
}

/** Splits a table row into cells: outer pipes dropped, `\|` is a pipe inside a cell. */
function tableCells(line: string): string[] {
  let row = line.trim();
  if (row.startsWith('|')) row = row.slice(1);
  const cells: string[] = [];
  let cell = '';
  let closed = false; // the row ends with a pipe: no cell after it
  for (let k = 0; k < row.length; k++) {
    const ch = row[k]!;
    closed = false;
    if (ch === '\\' && (row[k + 1] === '|' || row[k + 1] === '\\')) {
      cell += row[k + 1] === '|' ? '|' : '\\\\';
      k++;
    } else if (ch === '|') {
      cells.push(cell.trim());
      cell = '';
      closed = true;
    } else cell += ch;
  }
  if (!closed) cells.push(cell.trim());
  return cells;
}

/**
 * When line `i` is a table's header row — it has a pipe, and the next line is a delimiter row with as
 * many cells — the header cells and the columns' alignment; else null. Until its delimiter row arrives a
 * table is a paragraph.
 */
function tableHeader(lines: string[], i: number): { header: string[]; align: Align[] } | null {
  const line = lines[i]!;
  const delimiter = lines[i + 1];
  if (delimiter === undefined || !line.includes('|') || !delimiter.includes('|')) return null;
  if (!DELIMITER_ROW.test(delimiter)) return null;
  const header = tableCells(line);
  const marks = tableCells(delimiter);
  if (header.length !== marks.length) return null;
  const align = marks.map((mark): Align => {
    const left = mark.startsWith(':');
    const right = mark.endsWith(':');
    return left && right ? 'center' : right ? 'right' : left ? 'left' : null;
  });
  return { header, align };
}

/** The table from its header at `i`: rows until a blank line or the start of another block. */
function readTable(
  lines: string[],
  i: number,
  { header, align }: { header: string[]; align: Align[] },
): { block: Block; next: number } {
  const raw = [lines[i]!, lines[i + 1]!];
  const rows: string[][] = [];
  i += 2;
  while (i < lines.length) {
    const l = lines[i]!;
    if (l.trim() === '' || FENCE.test(l) || HEADING.test(l) || QUOTE.test(l) || RULE.test(l)) break;
    if (startsItem(l)) break;
    const cells = tableCells(l);
    rows.push(header.map((_, k) => cells[k] ?? ''));
    raw.push(l);
    i++;
  }
  return { block: { kind: 'table', align, header, rows, raw: raw.join('\n') }, next: i };
}

/**
 * Inline code, **bold** / __bold__, *italic* / _italic_, links — `[text](url)`, `<url>`, bare
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
        out.push({ kind: 'code', text: text.slice(i + ticks, end).trim() || text.slice(i + ticks, end) });
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
function readLink(
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
function readAutolink(text: string, i: number): { label: string; href: string | null; end: number } | null {
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
function readBareUrl(text: string, i: number): { label: string; href: string; end: number } | null {
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
