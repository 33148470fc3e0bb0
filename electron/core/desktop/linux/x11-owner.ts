// Owning a selection through an `xclip -verbose` kept running, which prints a line for every request a
// window makes for the text: the paste transaction (x11-paste.ts) knows when the target window has read
// it, instead of waiting a fixed delay.

import type { ChildProcess } from 'node:child_process';
import { X11ToolError, type SpawnFn } from './x11-tools';

export interface WatchedOwner {
  /** Selection requests answered so far (TARGETS included). */
  readonly reads: number;
  /** Another client owns the selection now (xclip exited). */
  readonly lost: boolean;
  /**
   * Resolves once no request came for `quietMs` since owning (apps that follow the clipboard read its
   * TARGETS on every change of owner; a paste key sent before that settles finds their old list), or
   * after `limitMs`.
   */
  quiet?(quietMs: number, limitMs: number): Promise<void>;
  /** Resolves once a read after `since` is followed by `settleMs` of quiet, the selection is lost, or timeout. */
  waitForReads(since: number, timeoutMs: number, settleMs: number): Promise<'read' | 'lost' | 'timeout'>;
  stop(): void;
}

export interface WatchedOwnerOptions {
  spawn: SpawnFn;
  env: NodeJS.ProcessEnv;
  selection: 'clipboard' | 'primary';
  data: Buffer;
  /** Give up when xclip does not own the selection within this long (ms). */
  timeoutMs: number;
  /** xclip is not installed: the caller owns the selection another way (resolves null). */
  whenNotInstalled: () => Promise<null>;
}

/** Owns `selection` with `data`; resolves once xclip waits for requests. */
export function ownWatched(options: WatchedOwnerOptions): Promise<WatchedOwner | null> {
  const { spawn, env, selection, data } = options;
  return new Promise((resolve, reject) => {
    let child: ChildProcess;
    try {
      child = spawn('xclip', ['-verbose', '-selection', selection, '-i'], {
        env,
        stdio: ['pipe', 'ignore', 'pipe'],
      });
    } catch (error) {
      reject(error as Error);
      return;
    }
    let reads = 0;
    let lost = false;
    let ready = false;
    let buffered = '';
    let stderr = '';
    const listeners = new Set<() => void>();
    const notify = () => listeners.forEach((listener) => listener());
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new X11ToolError('timeout', 'xclip', `xclip -verbose did not own the ${selection} in time`));
    }, options.timeoutMs);
    const owner: WatchedOwner = {
      get reads() {
        return reads;
      },
      get lost() {
        return lost;
      },
      waitForReads: (since, timeoutMs, settleMs) =>
        waitForReads({ reads: () => reads, lost: () => lost, listeners }, since, timeoutMs, settleMs),
      stop() {
        if (!lost) child.kill();
      },
    };
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      buffered += chunk;
      stderr += chunk;
      let nl: number;
      while ((nl = buffered.indexOf('\n')) >= 0) {
        const line = buffered.slice(0, nl);
        buffered = buffered.slice(nl + 1);
        const request = /selection request number (\d+)/.exec(line);
        if (request) reads = Math.max(reads, Number(request[1]) - 1);
        if (!ready && (request || /Waiting for selection requests/.test(line))) {
          ready = true;
          clearTimeout(timer);
          resolve(owner);
        }
      }
      notify();
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      if (error.code === 'ENOENT') options.whenNotInstalled().then(resolve, reject);
      else reject(new X11ToolError('failed', 'xclip', `xclip -verbose failed: ${error.message}`));
    });
    child.on('exit', (code) => {
      lost = true;
      notify();
      if (!ready) {
        clearTimeout(timer);
        const noDisplay = /open display/i.test(stderr);
        reject(
          new X11ToolError(
            noDisplay ? 'no-display' : 'failed',
            'xclip',
            noDisplay
              ? `xclip cannot open the X display ${JSON.stringify(env.DISPLAY ?? '')}`
              : `xclip -verbose exited with code ${String(code)}`,
            stderr.trim(),
          ),
        );
      }
    });
    child.stdin!.on('error', () => undefined);
    child.stdin!.end(data);
  });
}

/**
 * A watched owner's wait: 'read' once its reads passed `since` and then stayed quiet for `settleMs`,
 * 'lost' when another client took the selection first, 'timeout' after `timeoutMs` without a read.
 * `listeners` are the owner's, called on every read and on the loss.
 */
export function waitForReads(
  watch: { reads(): number; lost(): boolean; listeners: Set<() => void> },
  since: number,
  timeoutMs: number,
  settleMs: number,
): Promise<'read' | 'lost' | 'timeout'> {
  return new Promise((done) => {
    let settle: NodeJS.Timeout | undefined;
    const finish = (outcome: 'read' | 'lost' | 'timeout') => {
      clearTimeout(settle);
      clearTimeout(limit);
      watch.listeners.delete(check);
      done(outcome);
    };
    const check = () => {
      if (watch.reads() > since) {
        clearTimeout(settle);
        settle = setTimeout(() => finish('read'), settleMs);
      } else if (watch.lost()) finish('lost');
    };
    const limit = setTimeout(() => finish(watch.reads() > since ? 'read' : 'timeout'), timeoutMs);
    watch.listeners.add(check);
    check();
  });
}
