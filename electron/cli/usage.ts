import type { Io } from './io';
import { oneLine } from './terminal-text';

/** A usage error: what is wrong, where the help is; exit 2. */
export function usage(io: Io, message: string): number {
  io.err(`skilldeck: ${oneLine(message)}\nRun \`skilldeck --help\` for usage.`);
  return 2;
}
