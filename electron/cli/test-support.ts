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
