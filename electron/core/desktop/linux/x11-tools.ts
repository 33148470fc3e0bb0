// Runs the X11 command-line tools (xdotool, xclip, xsel, xprop) with a DISPLAY, a timeout and errors that
// say what to do. See x11.ts for what they are used for.
//
// xclip and xsel fork a child that keeps the selection and with it every inherited pipe: a command that
// reads stdin (`-i`) gets only that pipe and is waited for with 'exit', never 'close', or it would wait
// until something else takes the selection (../shared/TOOLCHAIN.md "Desktop I/O on Linux").

import { spawn as nodeSpawn } from 'node:child_process';

export type SpawnFn = typeof nodeSpawn;

export type X11Tool = 'xdotool' | 'xclip' | 'xsel' | 'xprop';

/** The Debian/Ubuntu package of each tool (xprop is in x11-utils). */
export const X11_PACKAGES: Record<X11Tool, string> = {
  xdotool: 'xdotool',
  xclip: 'xclip',
  xsel: 'xsel',
  xprop: 'x11-utils',
};

export type X11ErrorCode = 'not-installed' | 'no-display' | 'timeout' | 'failed';

export class X11ToolError extends Error {
  override readonly name = 'X11ToolError';
  constructor(
    readonly code: X11ErrorCode,
    readonly tool: string,
    message: string,
    /** The tool's stderr (trimmed), when it printed one. */
    readonly stderr = '',
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

export interface X11RunnerOptions {
  /** The X display (`:99`); default the process's DISPLAY. */
  display?: string;
  spawn?: SpawnFn;
  /** Give up on one command after this long (ms, default 3000). */
  timeoutMs?: number;
}

export interface RunOptions {
  /** Written to stdin (then stdout is not read and 'exit' ends the command: the xclip/xsel -i case). */
  input?: string | Buffer;
  timeoutMs?: number;
}

export type X11Runner = (tool: X11Tool, args: readonly string[], options?: RunOptions) => Promise<Buffer>;

export function toolEnv(display: string | undefined): NodeJS.ProcessEnv {
  return display === undefined ? process.env : { ...process.env, DISPLAY: display };
}

/** A runner: resolves with stdout, rejects with an X11ToolError. */
export function createX11Runner(options: X11RunnerOptions = {}): X11Runner {
  const spawn = options.spawn ?? nodeSpawn;
  const env = toolEnv(options.display);
  const defaultTimeout = options.timeoutMs ?? 3000;

  return (tool, args, run = {}) =>
    new Promise<Buffer>((resolve, reject) => {
      const writes = run.input !== undefined;
      const timeoutMs = run.timeoutMs ?? defaultTimeout;
      const command = `${tool} ${args.join(' ')}`;
      let settled = false;
      const finish = (error: X11ToolError | null, value?: Buffer) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (error) reject(error);
        else resolve(value!);
      };
      let child: ReturnType<SpawnFn>;
      try {
        child = spawn(tool, args, {
          env,
          stdio: writes ? ['pipe', 'ignore', 'ignore'] : ['ignore', 'pipe', 'pipe'],
        });
      } catch (error) {
        finish(
          new X11ToolError('failed', tool, `${command} failed: ${(error as Error).message}`, '', {
            cause: error,
          }),
        );
        return;
      }
      const out: Buffer[] = [];
      const err: Buffer[] = [];
      child.stdout?.on('data', (chunk: Buffer) => out.push(chunk));
      child.stderr?.on('data', (chunk: Buffer) => err.push(chunk));
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        finish(new X11ToolError('timeout', tool, `${command} did not answer within ${timeoutMs} ms`));
      }, timeoutMs);
      child.on('error', (error: NodeJS.ErrnoException) => {
        finish(
          error.code === 'ENOENT'
            ? new X11ToolError(
                'not-installed',
                tool,
                `${tool} is not installed — apt-get install ${X11_PACKAGES[tool]}`,
                '',
                { cause: error },
              )
            : new X11ToolError('failed', tool, `${command} failed: ${error.message}`, '', { cause: error }),
        );
      });
      // Reading: 'close' (stdout fully read; these commands do not fork). Writing: 'exit' (they fork).
      child.on(writes ? 'exit' : 'close', (code: number | null, signal: NodeJS.Signals | null) => {
        if (code === 0) {
          finish(null, Buffer.concat(out));
          return;
        }
        const stderr = Buffer.concat(err).toString('utf8').trim();
        const noDisplay = /open display/i.test(stderr);
        finish(
          new X11ToolError(
            noDisplay ? 'no-display' : 'failed',
            tool,
            noDisplay
              ? `${tool} cannot open the X display ${JSON.stringify(env.DISPLAY ?? '')}`
              : `${command} exited with ${signal ?? `code ${String(code)}`}${stderr ? `: ${firstLine(stderr)}` : ''}`,
            stderr,
          ),
        );
      });
      if (writes) {
        child.stdin?.on('error', () => undefined); // EPIPE when the tool dies first: 'exit' reports it
        child.stdin?.end(run.input);
      }
    });
}

function firstLine(text: string): string {
  return text.split('\n', 1)[0]!;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
