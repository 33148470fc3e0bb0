// Runs the Wayland command-line tools (wl-clipboard's wl-copy / wl-paste, wtype, ydotool, gdbus) with the
// session's environment and a timeout. wl-copy forks a server that owns the clipboard and keeps every
// inherited pipe: a write gives it only stdin and waits for 'exit' (as xclip, x11-tools.ts).
import { spawn as nodeSpawn } from 'node:child_process';
import type { Command } from './wayland-plan';

export type SpawnFn = typeof nodeSpawn;

export class WaylandToolError extends Error {
  override readonly name = 'WaylandToolError';
  constructor(
    readonly code: 'not-installed' | 'timeout' | 'failed',
    readonly tool: string,
    message: string,
    readonly stderr = '',
  ) {
    super(message);
  }
}

/** The Debian/Ubuntu package of each tool. */
const PACKAGES: Record<string, string> = {
  'wl-copy': 'wl-clipboard',
  'wl-paste': 'wl-clipboard',
  wtype: 'wtype',
  ydotool: 'ydotool',
  gdbus: 'libglib2.0-bin',
};

export type WaylandRunner = (
  command: Command,
  options?: { input?: string | Buffer; timeoutMs?: number },
) => Promise<Buffer>;

export function createWaylandRunner(
  options: { env?: NodeJS.ProcessEnv; spawn?: SpawnFn; timeoutMs?: number } = {},
): WaylandRunner {
  const spawn = options.spawn ?? nodeSpawn;
  const env = options.env ?? process.env;
  return ({ file, args }, run = {}) =>
    new Promise<Buffer>((resolve, reject) => {
      const writes = run.input !== undefined;
      const timeoutMs = run.timeoutMs ?? options.timeoutMs ?? 3000;
      let settled = false;
      const finish = (error: WaylandToolError | null, value?: Buffer) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (error) reject(error);
        else resolve(value!);
      };
      const child = spawn(file, args, {
        env,
        stdio: writes ? ['pipe', 'ignore', 'ignore'] : ['ignore', 'pipe', 'pipe'],
      });
      const out: Buffer[] = [];
      const err: Buffer[] = [];
      child.stdout?.on('data', (chunk: Buffer) => out.push(chunk));
      child.stderr?.on('data', (chunk: Buffer) => err.push(chunk));
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        finish(new WaylandToolError('timeout', file, `${file} did not answer within ${timeoutMs} ms`));
      }, timeoutMs);
      child.on('error', (error: NodeJS.ErrnoException) =>
        finish(
          error.code === 'ENOENT'
            ? new WaylandToolError(
                'not-installed',
                file,
                `${file} is not installed — apt-get install ${PACKAGES[file] ?? file}`,
              )
            : new WaylandToolError('failed', file, `${file} failed: ${error.message}`),
        ),
      );
      child.on(writes ? 'exit' : 'close', (code: number | null, signal: NodeJS.Signals | null) => {
        if (code === 0) return finish(null, Buffer.concat(out));
        const stderr = Buffer.concat(err).toString('utf8').trim();
        finish(
          new WaylandToolError(
            'failed',
            file,
            `${file} ${args.join(' ')} exited with ${signal ?? `code ${String(code)}`}${stderr ? `: ${stderr.split('\n')[0]!}` : ''}`,
            stderr,
          ),
        );
      });
      if (writes) {
        child.stdin?.on('error', () => undefined);
        child.stdin?.end(run.input);
      }
    });
}

/** wl-paste's answer when the clipboard (or PRIMARY) is empty: not an error. */
export function isEmptySelection(error: unknown): boolean {
  return (
    error instanceof WaylandToolError &&
    error.code === 'failed' &&
    /no selection|nothing is copied|no suitable type/i.test(error.stderr)
  );
}
