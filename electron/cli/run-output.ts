// What a CLI run prints, decided when it ends. The core keeps the desktop's rule that a failed rewrite puts
// the original text back (nothing typed or selected is lost); in a terminal that would print the
// untranslated input on stdout while exiting 1, so `out=$(skilldeck run …)` captured it. Here the output
// tools' text and notices are held until the run ends: printed when it succeeded, dropped when it failed
// or was cancelled (the error is said once by the caller), unless --fallback-original asks for the
// original text on failure.
import type { Writer } from './node-ports';

export interface RunOutputOptions {
  /** Where the result goes (stdout). */
  stdout: Writer;
  /** Where notices go (stderr). */
  stderr: Writer;
  /** `--events ndjson`: stdout carries the events, whose `output` and `complete` hold the text already. */
  events: boolean;
}

export interface RunOutput {
  /** For createNodePorts: where insert_text and the card write, and where notices go. */
  out: Writer;
  err: Writer;
  /** Prints what the run's end calls for; `fallback` (--fallback-original) is printed when it failed. */
  finish(status: 'succeeded' | 'failed' | 'cancelled', fallback?: string): void;
}

export function createRunOutput(options: RunOutputOptions): RunOutput {
  const text: string[] = [];
  const notices: string[] = [];
  return {
    out: { write: (chunk) => text.push(chunk) },
    err: { write: (chunk) => notices.push(chunk) },
    finish(status, fallback) {
      if (status === 'succeeded') {
        for (const notice of notices) options.stderr.write(notice);
        if (!options.events && text.length > 0) options.stdout.write(text.join(''));
      } else if (status === 'failed' && fallback !== undefined && !options.events) {
        options.stdout.write(fallback.endsWith('\n') ? fallback : `${fallback}\n`);
      }
      text.length = 0;
      notices.length = 0;
    },
  };
}
