// Tests against a real X server: an Xvfb on a free display number, and what is missing to run them.

import { spawn, type ChildProcess } from 'node:child_process';
import { onPath } from '../../fs/on-path';

export interface Xvfb {
  /** e.g. `:3` */
  display: string;
  /** Stops the server (and waits for it to exit). */
  stop(): Promise<void>;
}

/** The commands the X11 tests need that are not on PATH (`Xvfb`, `xdotool`, `xclip`, …). */
export function missingCommands(commands: readonly string[] = ['Xvfb', 'xdotool', 'xclip', 'xsel', 'xprop']) {
  return commands.filter((command) => !onPath(command));
}

/**
 * Starts `Xvfb -screen 0 <screen>` on a display number the server picks itself (`-displayfd`: no race
 * with other servers starting at the same time). No window manager: use `xdotool getwindowfocus`.
 */
export function startXvfb(options: { screen?: string; timeoutMs?: number } = {}): Promise<Xvfb> {
  const screen = options.screen ?? '1280x800x24';
  const timeoutMs = options.timeoutMs ?? 10_000;
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(
      'Xvfb',
      ['-displayfd', '3', '-screen', '0', screen, '-nolisten', 'tcp'],
      {
        stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
      },
    );
    let stderr = '';
    let fd3 = '';
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`Xvfb did not start within ${timeoutMs} ms: ${stderr.trim()}`));
    }, timeoutMs);
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const displayFd = child.stdio[3] as NodeJS.ReadableStream;
    displayFd.setEncoding('utf8');
    displayFd.on('data', (chunk: string) => {
      fd3 += chunk;
      const match = /^(\d+)\n/.exec(fd3);
      if (!match) return;
      clearTimeout(timer);
      resolve({
        display: `:${match[1]!}`,
        async stop() {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
          await exited;
        },
      });
    });
    child.once('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(error.code === 'ENOENT' ? new Error('Xvfb is not installed — apt-get install xvfb') : error);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Xvfb exited with code ${String(code)}: ${stderr.trim()}`));
    });
  });
}
