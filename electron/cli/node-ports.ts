// The CLI's platform ports (electron/core/platform.ts), except secrets: the text goes to stdout, the card
// is printed as a framed box, the clipboard is xclip when there is one, notices go to stderr.

import { spawn as nodeSpawn } from 'node:child_process';
import type { Card, PlatformPorts } from '../core/platform';

export interface Writer {
  write(chunk: string): unknown;
}

export interface NodePortsOptions {
  /** Where insert_text and the card print (default process.stdout). With `--events ndjson` pass stderr. */
  out?: Writer;
  /** Where notices print (default process.stderr). */
  err?: Writer;
  /** The card's total width in columns (default: the terminal's, at most 100; 80 when not a terminal). */
  width?: number;
  /** Clipboard command and arguments (default `xclip -selection clipboard`); null: no clipboard. */
  clipboardCommand?: readonly [string, ...string[]] | null;
  spawn?: typeof nodeSpawn;
  /** Give up on the clipboard command after this long (ms, default 3000). */
  clipboardTimeoutMs?: number;
}

/** The CLI has no window focus, selection or command bar: the core's in-memory ones stand in. */
export type NodePorts = Omit<PlatformPorts, 'secrets' | 'focus' | 'selection' | 'commandBar'>;

export function createNodePorts(options: NodePortsOptions = {}): NodePorts {
  const out = options.out ?? process.stdout;
  const err = options.err ?? process.stderr;
  const width = options.width ?? Math.min(process.stdout.columns || 80, 100);
  const command =
    options.clipboardCommand === undefined
      ? (['xclip', '-selection', 'clipboard'] as const)
      : options.clipboardCommand;
  const spawn = options.spawn ?? nodeSpawn;
  const timeoutMs = options.clipboardTimeoutMs ?? 3000;

  const run = (args: readonly string[], stdin: string | null): Promise<string> =>
    new Promise((resolve, reject) => {
      if (command === null) {
        reject(new Error('no clipboard in this environment'));
        return;
      }
      const [file, ...base] = command;
      // xclip forks a child that keeps inherited pipes open: only stdin (to write) or stdout (to read) is a
      // pipe, and we wait for 'exit', not 'close' (../shared/TOOLCHAIN.md "Desktop I/O on Linux").
      const child = spawn(file, [...base, ...args], {
        stdio: [stdin === null ? 'ignore' : 'pipe', stdin === null ? 'pipe' : 'ignore', 'ignore'],
      });
      let output = '';
      child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
      const timer = setTimeout(() => {
        child.kill();
        reject(new Error(`${file} did not answer within ${timeoutMs} ms`));
      }, timeoutMs);
      child.on('error', (error: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        reject(
          new Error(
            error.code === 'ENOENT' ? `${file} is not installed` : `${file} failed: ${error.message}`,
            {
              cause: error,
            },
          ),
        );
      });
      child.on('exit', (code, signal) => {
        clearTimeout(timer);
        if (code === 0) resolve(output);
        else reject(new Error(`${file} exited with ${signal ?? `code ${String(code)}`} (no display?)`));
      });
      if (stdin !== null) {
        child.stdin?.on('error', () => undefined); // EPIPE when the command dies first: 'exit' reports it
        child.stdin?.end(stdin);
      }
    });

  return {
    inserter: {
      insert(text) {
        out.write(text.endsWith('\n') ? text : `${text}\n`);
        return Promise.resolve({ inserted: true });
      },
    },
    clipboard: {
      async readText() {
        try {
          return await run(['-o'], null);
        } catch {
          return ''; // `{{clipboard}}` is empty where there is no clipboard
        }
      },
      async writeText(text) {
        try {
          await run(['-i'], text);
        } catch (error) {
          throw new Error(`could not copy to the clipboard: ${(error as Error).message}`, { cause: error });
        }
      },
    },
    card: {
      show(card) {
        if (!card.pending) out.write(renderCard(card, width));
        return Promise.resolve(undefined);
      },
    },
    notifier: {
      notify(title, body) {
        err.write(`${title}: ${body}\n`);
        return Promise.resolve();
      },
    },
  };
}

/** A card as a box: the title in the top border, the text (or the error) wrapped inside. */
export function renderCard(card: Pick<Card, 'title' | 'text' | 'error'>, width = 80): string {
  const inner = Math.max(10, width - 4);
  const body =
    card.error !== undefined ? `Error: ${card.error}${card.text ? `\n\n${card.text}` : ''}` : card.text;
  const lines = body.split(/\r?\n/).flatMap((line) => wrapLine(line.replace(/\t/g, '    '), inner));
  const title = truncate(card.title.replace(/\s+/g, ' '), inner - 2);
  const top = `┌─ ${title} ${'─'.repeat(Math.max(0, inner - displayWidth(title) - 1))}┐`;
  const rows = lines.map((line) => `│ ${line}${' '.repeat(Math.max(0, inner - displayWidth(line)))} │`);
  const bottom = `└${'─'.repeat(inner + 2)}┘`;
  return [top, ...rows, bottom].join('\n') + '\n';
}

/** Terminal columns of a string: East Asian wide and fullwidth characters take two, combining marks none. */
export function displayWidth(text: string): number {
  let width = 0;
  for (const ch of text) width += charWidth(ch.codePointAt(0)!);
  return width;
}

function charWidth(cp: number): number {
  if (cp < 32 || (cp >= 0x7f && cp < 0xa0)) return 0;
  if (/\p{Mn}|\p{Me}|\u200B|\u200D/u.test(String.fromCodePoint(cp))) return 0;
  const wide =
    (cp >= 0x1100 && cp <= 0x115f) ||
    (cp >= 0x2e80 && cp <= 0x303e) ||
    (cp >= 0x3041 && cp <= 0x33ff) ||
    (cp >= 0x3400 && cp <= 0x4dbf) ||
    (cp >= 0x4e00 && cp <= 0x9fff) ||
    (cp >= 0xa000 && cp <= 0xa4cf) ||
    (cp >= 0xac00 && cp <= 0xd7a3) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0xfe30 && cp <= 0xfe4f) ||
    (cp >= 0xff00 && cp <= 0xff60) ||
    (cp >= 0xffe0 && cp <= 0xffe6) ||
    (cp >= 0x1f300 && cp <= 0x1f64f) ||
    (cp >= 0x1f900 && cp <= 0x1f9ff) ||
    (cp >= 0x20000 && cp <= 0x3fffd);
  return wide ? 2 : 1;
}

function truncate(text: string, max: number): string {
  if (displayWidth(text) <= max) return text;
  let out = '';
  for (const ch of text) {
    if (displayWidth(out + ch) > max - 1) break;
    out += ch;
  }
  return `${out}…`;
}

/** Wraps at spaces; a word wider than the line (or CJK text, which has no spaces) is broken anywhere. */
export function wrapLine(line: string, width: number): string[] {
  if (displayWidth(line) <= width) return [line.trimEnd()];
  const rows: string[] = [];
  let row = '';
  let rowWidth = 0;
  for (const word of line.split(/(\s+)/)) {
    if (word === '') continue;
    const w = displayWidth(word);
    if (/^\s+$/.test(word)) {
      if (rowWidth > 0 && rowWidth + w <= width) {
        row += word;
        rowWidth += w;
      }
      continue;
    }
    if (rowWidth + w > width && rowWidth > 0) {
      rows.push(row.trimEnd());
      row = '';
      rowWidth = 0;
    }
    if (w <= width) {
      row += word;
      rowWidth += w;
      continue;
    }
    for (const ch of word) {
      const cw = charWidth(ch.codePointAt(0)!);
      if (rowWidth + cw > width) {
        rows.push(row.trimEnd());
        row = '';
        rowWidth = 0;
      }
      row += ch;
      rowWidth += cw;
    }
  }
  rows.push(row.trimEnd());
  return rows;
}
