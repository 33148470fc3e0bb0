// The main process's last line of defence: a promise nobody awaited that failed, or an exception nobody
// caught. Without a handler Node's default turns the first into a crash and Electron shows the second
// in a blocking dialog; here each is one log line (no stack dump, no secrets) and the app keeps running,
// and the user is told once that something went wrong (never a silent failure, never a frozen app).

/** What the handlers need of `process`. */
export interface ProcessEvents {
  on(event: 'unhandledRejection' | 'uncaughtException', listener: (error: unknown) => void): unknown;
  removeListener(
    event: 'unhandledRejection' | 'uncaughtException',
    listener: (error: unknown) => void,
  ): unknown;
}

export interface ProcessErrorDeps {
  target: ProcessEvents;
  /** Writes one line to the log (console.error in the app). */
  log(line: string): void;
  /** Tells the user, once per session, after an uncaught exception (a non-blocking message box). */
  tell?(summary: string): void;
}

const MAX_LINE = 600;

/** Things that look like keys or tokens, masked before a line is logged. */
const SECRETS: [RegExp, string][] = [
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi, '$1 ***'],
  [
    /\b(api[_-]?key|x-api-key|access[_-]?token|refresh[_-]?token|token|secret|password|passwd|authorization)(["']?\s*[:=]\s*["']?)[^\s"'&,;}]+/gi,
    '$1$2***',
  ],
  [/\b(sk|pk|rk)-[A-Za-z0-9_-]{8,}/g, '$1-***'],
  [/\b(gh[pousr]_|xox[abpr]-|AIza)[A-Za-z0-9_-]{10,}/g, '$1***'],
  // long opaque strings of letters and digits (keys, hashes, JWT parts) that no name gives away; not paths
  [/\b(?=[A-Za-z_-]*\d)(?=[\d_-]*[A-Za-z])[A-Za-z0-9_-]{32,}\b/g, '***'],
];

export function maskSecrets(text: string): string {
  return SECRETS.reduce((masked, [pattern, replacement]) => masked.replace(pattern, replacement), text);
}

/** `TypeError: message (at where)` on one line, masked and cut; for anything thrown, not only Errors. */
export function describeFailure(error: unknown): string {
  let text: string;
  if (error instanceof Error) {
    const where = error.stack
      ?.split('\n')
      .map((line) => line.trim())
      .find((line) => line.startsWith('at '));
    text = `${error.name}: ${error.message}${where ? ` (${where})` : ''}`;
  } else if (typeof error === 'string') text = error;
  else {
    try {
      text = JSON.stringify(error) ?? String(error);
    } catch {
      text = String(error);
    }
  }
  const line = maskSecrets(text.replace(/\s+/g, ' ').trim());
  return line.length > MAX_LINE ? `${line.slice(0, MAX_LINE)}…` : line;
}

const INSTALLED = Symbol.for('skilldeck.processErrors');

/** Installs both handlers (again: the previous ones are replaced); returns the undo. */
export function installProcessErrorHandlers(deps: ProcessErrorDeps): () => void {
  const holder = deps.target as ProcessEvents & { [INSTALLED]?: () => void };
  holder[INSTALLED]?.();
  let told = false;
  // stderr may be a closed pipe (EPIPE): a throw inside these handlers would end the process
  const log = (line: string) => {
    try {
      deps.log(line);
    } catch {
      // nowhere to write; keep running all the same
    }
  };
  const rejection = (reason: unknown) =>
    log(`[skilldeck] unhandled promise rejection: ${describeFailure(reason)}`);
  const exception = (error: unknown) => {
    const summary = describeFailure(error);
    log(`[skilldeck] uncaught exception (Skilldeck keeps running): ${summary}`);
    if (told || !deps.tell) return;
    told = true;
    try {
      deps.tell(summary);
    } catch (failure) {
      log(`[skilldeck] could not tell the user about it: ${describeFailure(failure)}`);
    }
  };
  deps.target.on('unhandledRejection', rejection);
  deps.target.on('uncaughtException', exception);
  const undo = () => {
    deps.target.removeListener('unhandledRejection', rejection);
    deps.target.removeListener('uncaughtException', exception);
    if (holder[INSTALLED] === undo) holder[INSTALLED] = undefined;
  };
  holder[INSTALLED] = undo;
  return undo;
}
