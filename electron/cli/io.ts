/** Where a command writes: stdout/stderr in the CLI, arrays in tests. */
export interface Io {
  out: (line: string) => void;
  err: (line: string) => void;
}

export const processIo: Io = {
  out: (line) => process.stdout.write(line + '\n'),
  err: (line) => process.stderr.write(line + '\n'),
};
