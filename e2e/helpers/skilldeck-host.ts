import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { childStopper } from '../../electron/core/testing/child-stop';

const CLI = path.resolve(import.meta.dirname, '../../electron/cli/skilldeck.mjs');

export interface RunningHost {
  /** The dashboard URL with its token, as printed. */
  url: string;
  /** stdout and stderr so far, for failure messages. */
  output(): string;
  stop(): Promise<void>;
  /** Ends the host at once (SIGKILL), as a crash would: its runs are left as they were. */
  kill(): Promise<void>;
}

export interface HostOptions {
  /** Extra skill folders (`--skills-dir`, repeatable). */
  skillsDirs?: readonly string[];
  timeoutMs?: number;
  /** More `serve` flags (e.g. `--desktop`). */
  args?: readonly string[];
  /** More environment (e.g. DISPLAY). */
  env?: Record<string, string>;
}

/** `skilldeck serve`'s command line: a free port, the data folder, more skill folders, then `extra`. */
export function serveArgs(
  dataDir: string,
  skillsDirs: readonly string[] = [],
  extra: readonly string[] = [],
): string[] {
  return [
    CLI,
    'serve',
    '--port',
    '0',
    '--data-dir',
    dataDir,
    ...skillsDirs.flatMap((d) => ['--skills-dir', d]),
    // keys typed in tests never reach the keyring of the machine running them
    '--no-keyring',
    ...extra,
  ];
}

/** Starts `skilldeck serve` on a free port and waits for the URL line it prints. */
export async function startSkilldeckHost(dataDir: string, options: HostOptions = {}): Promise<RunningHost> {
  const { skillsDirs = [], timeoutMs = 20_000, args: extra = [], env = {} } = options;
  const child = spawn(process.execPath, serveArgs(dataDir, skillsDirs, extra), {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1', ...env },
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));

  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = childStopper(child, 5_000);

  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  };

  try {
    const url = await waitForUrl(child, () => output, timeoutMs);
    return { url, output: () => output, stop, kill };
  } catch (error) {
    await stop();
    throw error;
  }
}

function waitForUrl(child: ChildProcess, output: () => string, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const line = output()
        .split('\n')
        .find((l) => l.startsWith('Skilldeck dashboard:'));
      const url = line?.match(/http:\/\/\S+/)?.[0];
      if (url) finish(() => resolve(url));
    };
    const onExit = (code: number | null) =>
      finish(() =>
        reject(new Error(`skilldeck serve exited (${code}) before printing its URL:\n${output()}`)),
      );
    const timer = setTimeout(
      () =>
        finish(() => reject(new Error(`skilldeck serve printed no URL in ${timeoutMs} ms:\n${output()}`))),
      timeoutMs,
    );
    const finish = (settle: () => void) => {
      clearTimeout(timer);
      child.stdout?.off('data', check);
      child.off('exit', onExit);
      settle();
    };
    child.stdout?.on('data', check);
    child.once('exit', onExit);
    check();
  });
}
