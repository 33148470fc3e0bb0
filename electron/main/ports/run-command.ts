import { execFile } from 'node:child_process';

/** Runs a helper program (osascript, PowerShell); resolves its stdout. */
export type RunCommand = (file: string, args: readonly string[], timeoutMs: number) => Promise<string>;

export const runCommand: RunCommand = (file, args, timeoutMs) =>
  new Promise((resolve, reject) => {
    execFile(file, [...args], { timeout: timeoutMs, windowsHide: true }, (error, stdout) => {
      if (error) reject(new Error(`${file} failed: ${error.message}`, { cause: error }));
      else resolve(stdout);
    });
  });
