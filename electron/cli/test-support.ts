import { main } from './cli';
import type { Io } from './io';

/** Runs the CLI in-process, capturing what it prints. */
export async function runCli(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const io: Io = { out: (l) => out.push(l), err: (l) => err.push(l) };
  const code = await main(argv, io);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** Runs `fn` with process.stdout captured (insert_text and the card print there). */
export async function captureStdout(fn: () => Promise<number>): Promise<{ code: number; stdout: string }> {
  const written: string[] = [];
  const stdoutWrite = process.stdout.write.bind(process.stdout);
  process.stdout.write = ((chunk: string) => (
    written.push(String(chunk)),
    true
  )) as typeof process.stdout.write;
  try {
    return { code: await fn(), stdout: written.join('') };
  } finally {
    process.stdout.write = stdoutWrite;
  }
}
