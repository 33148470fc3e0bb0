import fs from 'node:fs';
import path from 'node:path';

/** Whether this is a file we may execute. */
export function isExecutableFile(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * Where a program is: a path with a slash as given, else the first executable of that name in PATH's
 * folders, then in `fallbackDirs` (for a PATH that left out /usr/bin or /bin).
 */
export function findExecutable(
  program: string,
  options: { env?: NodeJS.ProcessEnv; fallbackDirs?: readonly string[] } = {},
): string | undefined {
  if (program.includes('/')) return isExecutableFile(program) ? program : undefined;
  const dirs = [
    ...((options.env ?? process.env).PATH?.split(path.delimiter) ?? []),
    ...(options.fallbackDirs ?? []),
  ];
  return dirs
    .filter(Boolean)
    .map((dir) => path.join(dir, program))
    .find(isExecutableFile);
}

/** Whether an executable of that name is on PATH (optional desktop tools: xdotool, wtype, ydotool…). */
export function onPath(program: string, env: NodeJS.ProcessEnv = process.env): boolean {
  return findExecutable(program, { env }) !== undefined;
}
