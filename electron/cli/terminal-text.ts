// Text from skill folders (folder names, names, descriptions, findings) printed for a human: raw control
// characters would act on the terminal (an ESC sequence clears the screen or retitles the window, a CR
// or a newline fakes a line of output, a bidi override reverses what follows), so they are shown as
// escapes instead. JSON output keeps the exact text with every such character as a JSON escape.

import type { Io } from './io';

// C0 (newline and tab handled by the caller), DEL, C1, line/paragraph separators, bidi embeddings,
// overrides and isolates.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu;
const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function escapeControl(ch: string): string {
  const named = NAMED[ch];
  if (named !== undefined) return named;
  const code = ch.codePointAt(0)!;
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16)}`;
}

/** One line of output: every control character, newlines and tabs included, becomes an escape. */
export function oneLine(text: string): string {
  return text.replace(CONTROL, escapeControl);
}

/** Text meant to span lines (a skill's body): newlines and tabs stay, CRLF becomes a newline. */
export function block(text: string): string {
  return text
    .replace(/\r\n/g, '\n')
    .replace(CONTROL, (ch) => (ch === '\n' || ch === '\t' ? ch : escapeControl(ch)));
}

/**
 * JSON.stringify, with DEL, C1 and the bidi controls (which JSON allows raw) written as `\uXXXX` too:
 * they can only occur inside strings, so the document parses to the same value.
 */
export function terminalJson(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(
    /[\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu,
    (ch) => `\\u${ch.codePointAt(0)!.toString(16).padStart(4, '0')}`,
  );
}

/** An Io whose every line is passed through oneLine: for output built line by line from skill text. */
export function humanIo(io: Io): Io {
  return { out: (line) => io.out(oneLine(line)), err: (line) => io.err(oneLine(line)) };
}
