/** Where a command writes: stdout/stderr in the CLI, arrays in tests. */
export interface Io {
  out: (line: string) => void;
  err: (line: string) => void;
}

export const processIo: Io = {
  out: (line) => process.stdout.write(line + '\n'),
  err: (line) => process.stderr.write(line + '\n'),
};

/**
 * `skilldeck skills list | head -1`: when the reader of stdout goes away, the CLI ends quietly with status
 * 0, whatever the command, as a pipe's producer is expected to. A closed stderr is ignored: there is
 * nowhere left to say anything.
 */
export function endQuietlyWhenStdoutCloses(proc: NodeJS.Process = process): void {
  proc.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE' || error.code === 'ERR_STREAM_DESTROYED') proc.exit(0);
    throw error;
  });
  proc.stderr.on('error', () => undefined);
}
