// A small Markdown reader for streamed model output: blocks (paragraphs, headings, lists, code fences,
// quotes, rules) and inline code / bold / italic. It builds data, never HTML, so nothing the model writes
// can inject markup; a fence still open while tokens arrive is simply a code block that is not done yet.

export type Block =
  | { kind: 'heading'; level: 1 | 2 | 3 | 4 | 5 | 6; text: string; raw: string }
  | { kind: 'paragraph'; text: string; raw: string }
  | { kind: 'list'; ordered: boolean; start: number; items: string[]; raw: string }
  | { kind: 'code'; lang: string; text: string; closed: boolean; raw: string }
  | { kind: 'quote'; text: string; raw: string }
  | { kind: 'rule'; raw: string };

export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'code'; text: string }
  | { kind: 'strong'; children: Inline[] }
  | { kind: 'em'; children: Inline[] };

const FENCE = /^ {0,3}(`{3,}|~{3,})\s*([^`\s]*)/;
const HEADING = /^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;
const BULLET = /^\s{0,3}[-*+]\s+(.*)$/;
const ORDERED = /^\s{0,3}(\d{1,9})[.)]\s+(.*)$/;
const RULE = /^ {0,3}([-*_])(\s*\1){2,}\s*$/;
const QUOTE = /^ {0,3}>\s?(.*)$/;

/** The blocks of a Markdown text, in order. Each block keeps its source (`raw`) so a view can memoize it. */
export function parseBlocks(source: string): Block[] {
  return parseLines(source.replace(/\r\n?/g, '\n').split('\n')).blocks;
}

/**
 * For text that grows at its end (streamed tokens): the same blocks as `parseBlocks`, but when the new
 * text extends the previous one only its last two blocks are read again — the others are final (the
 * reader looks at most one line ahead) and are returned as the same objects. Without this every batch
 * of tokens re-read the whole answer: quadratic over a long stream.
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
function parseLines(lines: string[]): { blocks: Block[]; starts: number[] } {
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
    const bullet = BULLET.exec(line);
    const ordered = ORDERED.exec(line);
    if (bullet || ordered) {
      const isOrdered = !bullet;
      const pattern = isOrdered ? ORDERED : BULLET;
      const items: string[] = [];
      const raw: string[] = [];
      while (i < lines.length) {
        const l = lines[i]!;
        const m = pattern.exec(l);
        if (m) {
          items.push(isOrdered ? m[2]! : m[1]!);
        } else if (l.trim() !== '' && /^\s+/.test(l) && items.length > 0) {
          items[items.length - 1] += `\n${l.trim()}`; // a continuation line of the item
        } else if (l.trim() === '' && i + 1 < lines.length && pattern.test(lines[i + 1]!)) {
          // a blank line between two items keeps the list going
        } else break;
        raw.push(l);
        i++;
      }
      const start = isOrdered ? Number(ordered![1]) : 1;
      blocks.push({ kind: 'list', ordered: isOrdered, start, items, raw: raw.join('\n') });
      continue;
    }
    const para: string[] = [];
    while (i < lines.length) {
      const l = lines[i]!;
      if (l.trim() === '' || FENCE.test(l) || HEADING.test(l) || QUOTE.test(l) || RULE.test(l)) break;
      if (para.length > 0 && (BULLET.test(l) || ORDERED.test(l))) break;
      para.push(l);
      i++;
    }
    blocks.push({ kind: 'paragraph', text: para.join('\n'), raw: para.join('\n') });
  }
  return { blocks, starts };
}

/** Inline code, **bold** / __bold__, *italic* / _italic_; an unclosed marker stays as written. */
export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let plain = '';
  const flush = () => {
    if (plain) out.push({ kind: 'text', text: plain });
    plain = '';
  };
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '\\' && i + 1 < text.length && /[\\`*_#[\]()>-]/.test(text[i + 1]!)) {
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
        const children = parseInline(text.slice(inner, end));
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
