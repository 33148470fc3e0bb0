// `skilldeck serve`'s last line of defence: an error nothing else caught is logged on one line and the
// host keeps serving, instead of Node ending the process (and the dashboard with it).
import type { Io } from './io';

/** `TypeError: message` on one line, without the stack. */
export function oneLineError(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.replace(/\s*\n\s*/g, ' ');
}

/** Installs the handlers; the returned function removes them (when serve stops). */
export function keepServingOnErrors(io: Io): () => void {
  const log = (what: string) => (error: unknown) => {
    try {
      io.err(`skilldeck: ${what} (still serving): ${oneLineError(error)}`);
    } catch {
      // stderr itself may be gone; keep serving all the same
    }
  };
  const onException = log('unexpected error');
  const onRejection = log('unhandled promise rejection');
  process.on('uncaughtException', onException);
  process.on('unhandledRejection', onRejection);
  return () => {
    process.off('uncaughtException', onException);
    process.off('unhandledRejection', onRejection);
  };
}
