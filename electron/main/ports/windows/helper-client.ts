// The client side of the Windows desktop helper (helper-script.ts has the protocol): starts the helper
// on first use, waits for it to be ready, sends numbered request lines, matches the JSON answers to
// them, times a request out (and restarts the helper, which may be stuck), and starts it again after it
// died — at most a few times a minute, so a helper that cannot start is reported, not respawned forever.
import { spawn as spawnChild } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { windowsHelperArgs } from './helper-script';

/** What the client needs of a child process (a ChildProcess is one). */
export interface HelperProcess {
  stdin: Writable | null;
  stdout: Readable | null;
  stderr: Readable | null;
  /** After it ended and its output was read to the end (so its last words on stderr are known). */
  on(event: 'close', listener: (code: number | null, signal: NodeJS.Signals | null) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  kill(): boolean;
}

export type HelperAnswer = { ok: true; [field: string]: unknown };

/** The helper answered a request with a refusal (`code`: `elevated`, `blocked`, `bad-request`…). */
export class HelperRefusal extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'HelperRefusal';
  }
}

/** The helper could not be reached (did not start, died, timed out). */
export class HelperUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'HelperUnavailable';
  }
}

export interface HelperClientOptions {
  /** Starts the helper (default: powershell.exe with the helper script, no window). */
  spawn?: () => HelperProcess;
  /** How long the first start (the C# compile) may take (ms, default 20 s). */
  startTimeoutMs?: number;
  /** How long one request may take (ms, default 5 s). */
  requestTimeoutMs?: number;
  /** At most this many starts within `restartWindowMs` (default 3 in 60 s). */
  maxStarts?: number;
  restartWindowMs?: number;
}

interface Pending {
  resolve(answer: HelperAnswer): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

interface Running {
  child: HelperProcess;
  ready: Promise<void>;
  pending: Map<number, Pending>;
  lastError: string;
}

const spawnPowerShell = (): HelperProcess =>
  spawnChild('powershell.exe', windowsHelperArgs(), { windowsHide: true, stdio: ['pipe', 'pipe', 'pipe'] });

/** Commands and arguments are single words (letters, digits, `+`, `-`): nothing to escape on the line. */
const WORD = /^[a-z0-9+-]+$/;

export class WindowsHelperClient {
  private running: Running | null = null;
  private nextId = 1;
  private starts: number[] = [];
  private disposed = false;

  constructor(private readonly options: HelperClientOptions = {}) {}

  /** Sends one request; resolves the answer, rejects with HelperRefusal or HelperUnavailable. */
  async request(command: string, argument?: string): Promise<HelperAnswer> {
    if (!WORD.test(command) || (argument !== undefined && !WORD.test(argument)))
      throw new Error(`not a helper request: ${command} ${argument ?? ''}`);
    const running = this.start();
    await running.ready;
    if (this.running !== running) throw new HelperUnavailable('the Windows helper stopped');
    const id = this.nextId++;
    return new Promise<HelperAnswer>((resolve, reject) => {
      const timer = setTimeout(() => {
        running.pending.delete(id);
        reject(new HelperUnavailable(`the Windows helper did not answer "${command}" in time`));
        this.stop(running); // it may be stuck: the next request starts a fresh one
      }, this.options.requestTimeoutMs ?? 5000);
      running.pending.set(id, { resolve, reject, timer });
      running.child.stdin?.write(`${id} ${command}${argument !== undefined ? ` ${argument}` : ''}\n`);
    });
  }

  /** Ends the helper; later requests fail. */
  dispose(): void {
    this.disposed = true;
    if (this.running) this.stop(this.running);
  }

  private start(): Running {
    if (this.running) return this.running;
    if (this.disposed) throw new HelperUnavailable('the Windows helper was shut down');
    const now = Date.now();
    const window = this.options.restartWindowMs ?? 60_000;
    this.starts = this.starts.filter((t) => now - t < window);
    if (this.starts.length >= (this.options.maxStarts ?? 3))
      throw new HelperUnavailable('the Windows helper keeps stopping; try again in a minute');
    this.starts.push(now);

    const child = (this.options.spawn ?? spawnPowerShell)();
    let markReady!: () => void;
    let failStart!: (error: Error) => void;
    const ready = new Promise<void>((resolve, reject) => {
      markReady = resolve;
      failStart = reject;
    });
    ready.catch(() => undefined); // also seen by each request that awaits it
    const running: Running = { child, ready, pending: new Map(), lastError: '' };
    this.running = running;

    const startTimer = setTimeout(() => {
      failStart(new HelperUnavailable('the Windows helper did not start in time'));
      this.stop(running);
    }, this.options.startTimeoutMs ?? 20_000);

    if (child.stdout)
      createInterface({ input: child.stdout }).on('line', (line) => {
        const message = parse(line);
        if (!message) return; // PowerShell's own noise: not ours
        if (message.ready === true) {
          clearTimeout(startTimer);
          markReady();
          return;
        }
        const pending = typeof message.id === 'number' ? running.pending.get(message.id) : undefined;
        if (!pending) return;
        running.pending.delete(message.id as number);
        clearTimeout(pending.timer);
        if (message.ok === true) pending.resolve(message as HelperAnswer);
        else
          pending.reject(
            new HelperRefusal(
              typeof message.code === 'string' ? message.code : 'failed',
              typeof message.error === 'string' ? message.error : 'the Windows helper refused',
            ),
          );
      });
    if (child.stderr)
      createInterface({ input: child.stderr }).on('line', (line) => {
        if (line.trim()) running.lastError = line.trim().slice(0, 300);
      });
    child.stdin?.on('error', () => undefined); // writing to a helper that just died: its close says so
    const ended = (why: string) => {
      clearTimeout(startTimer);
      const error = new HelperUnavailable(
        `the Windows helper ${why}${running.lastError ? `: ${running.lastError}` : ''}`,
      );
      failStart(error);
      this.forget(running, error);
    };
    child.on('error', (error) => ended(`could not start (${error.message})`));
    child.on('close', (code, signal) => ended(`stopped (${signal ?? `exit code ${code ?? '?'}`})`));
    return running;
  }

  private stop(running: Running): void {
    this.forget(running, new HelperUnavailable('the Windows helper was stopped'));
    try {
      running.child.kill();
    } catch {
      // already gone
    }
  }

  /** Drops a helper: its open requests fail with `error`; the next request starts a new one. */
  private forget(running: Running, error: Error): void {
    if (this.running === running) this.running = null;
    for (const [id, pending] of running.pending) {
      clearTimeout(pending.timer);
      pending.reject(error);
      running.pending.delete(id);
    }
  }
}

function parse(line: string): Record<string, unknown> | null {
  const text = line.trim();
  if (!text.startsWith('{')) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
