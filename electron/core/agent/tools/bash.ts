// Bash: one shell command in the working directory, confined by the sandbox where this computer has one
// (sandbox/), in its own process group so that cancelling or a timeout stops everything it started
// (SIGTERM, then SIGKILL 2 s later; bwrap takes its sandbox down with it), and nothing is left behind.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { StringDecoder } from 'node:string_decoder';
import { z } from 'zod';
import { defineTool, MAX_TOOL_OUTPUT, type AgentToolContext } from '../types';
import { findExecutable } from '../../fs/on-path';
import {
  planSandbox,
  type SandboxedSpawn,
  type SandboxPlan,
  type SandboxProbeOptions,
  type ShellCommandLine,
} from '../sandbox';
import { shorten } from './output';

export const BASH_DEFAULT_TIMEOUT = 120_000;
export const BASH_MAX_TIMEOUT = 600_000;
const KILL_GRACE_MS = 2000;
/** After the shell exits, how long to wait for its pipes to drain (a background child may hold them). */
const DRAIN_MS = 200;

const input = z.object({
  command: z.string().describe('The command to run (bash syntax)'),
  timeout: z
    .number()
    .int()
    .min(1)
    .optional()
    .describe(
      `Milliseconds before the command is stopped (default ${BASH_DEFAULT_TIMEOUT}, at most ${BASH_MAX_TIMEOUT})`,
    ),
  description: z.string().optional().describe('What the command does, in 5–10 words, for the user'),
});

export interface BashToolOptions {
  /** Where to find the sandbox (tests point it at a missing bwrap); false: run unconfined (tests only). */
  sandbox?: SandboxProbeOptions | false;
}

/** The sandbox a call of this run would get: confinement from the computer, the rest from the rules. */
async function sandboxFor(options: BashToolOptions, ctx: AgentToolContext): Promise<SandboxPlan | undefined> {
  if (options.sandbox === false) return undefined;
  const grants = ctx.sandboxGrants();
  return planSandbox(options.sandbox, {
    workdir: ctx.workdir,
    readOnly: [...(ctx.skillDir !== undefined ? [ctx.skillDir] : []), ...grants.readOnly],
    writable: grants.writable,
    network: grants.network,
    home: os.homedir(),
    pathEnv: process.env.PATH ?? '/usr/bin:/bin',
  });
}

export const createBashTool = (options: BashToolOptions = {}) =>
  defineTool({
    name: 'Bash',
    description:
      'Runs a shell command (bash -c) in the working directory and returns its output (stdout and stderr ' +
      `together, at most ${MAX_TOOL_OUTPUT} characters) and exit code. No input is given to it. Default ` +
      `timeout ${BASH_DEFAULT_TIMEOUT / 1000} s, at most ${BASH_MAX_TIMEOUT / 1000} s. It runs in a sandbox ` +
      'where the computer has one: files can be changed only in the working directory, the home folder is ' +
      'hidden, /tmp is private to the command, and there is no network unless the skill allows it. Prefer ' +
      'Read, Glob, Grep, Edit and Write for files.',
    effect: 'exec',
    input,
    async target(args, ctx) {
      const sandbox = await sandboxFor(options, ctx);
      return { command: args.command, paths: [ctx.workdir], ...(sandbox ? { sandbox: sandbox.info } : {}) };
    },
    async execute(args, ctx) {
      const label = shorten(args.command);
      if (args.command.trim() === '') {
        return { isError: true, output: 'the command is empty', summary: 'Ran nothing (empty command)' };
      }
      const timeout = Math.min(args.timeout ?? BASH_DEFAULT_TIMEOUT, BASH_MAX_TIMEOUT);
      const sandbox = await sandboxFor(options, ctx);
      const run = await runCommand(args.command, ctx.workdir, timeout, ctx.signal, undefined, sandbox?.wrap);
      const notes: string[] = [];
      if (run.exitCode !== null && run.exitCode !== 0) notes.push(`exit code ${run.exitCode}`);
      if (run.stopped === 'timeout') notes.push(`[stopped: the command timed out after ${timeout} ms]`);
      else if (run.stopped === 'cancelled') notes.push('[stopped: the run was cancelled]');
      else if (run.signal) notes.push(`[killed by ${run.signal}]`);
      if (run.leftovers) notes.push('[processes it left running in the background were stopped]');
      let output = run.text;
      if (run.total > MAX_TOOL_OUTPUT) {
        output += `\n[output truncated: ${run.total} characters, first ${MAX_TOOL_OUTPUT} shown]`;
      }
      if (notes.length > 0)
        output = output === '' ? notes.join('\n') : `${output.replace(/\n$/, '')}\n${notes.join('\n')}`;
      if (output === '') output = '(no output)';
      const how =
        run.stopped === 'timeout'
          ? 'timed out'
          : run.stopped === 'cancelled'
            ? 'cancelled'
            : run.exitCode !== null
              ? `exit ${run.exitCode}`
              : `killed by ${run.signal}`;
      const failed = run.stopped !== undefined || run.exitCode !== 0;
      return { output, summary: `Ran ${label} (${how})`, ...(failed ? { isError: true } : {}) };
    },
  });

/** Bash confined by the sandbox this computer has (or, where none, unconfined and saying so). */
export const bashTool = createBashTool();

interface CommandRun {
  text: string;
  /** Characters produced in all (only the first MAX_TOOL_OUTPUT are kept). */
  total: number;
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  stopped?: 'timeout' | 'cancelled';
  /** The shell exited but processes of its group were still running (and were stopped). */
  leftovers: boolean;
  pid: number | undefined;
}

/** Exported for tests: the pid is the process group's id. */
export async function runCommand(
  command: string,
  cwd: string,
  timeoutMs: number,
  signal: AbortSignal,
  onSpawn?: (pid: number) => void,
  wrap?: (command: ShellCommandLine) => SandboxedSpawn,
): Promise<CommandRun> {
  const [shell, flag] = shellCommand();
  const { file, args, env } = wrap
    ? wrap({ shell, flag, line: command })
    : { file: shell, args: [flag, command], env: process.env };
  let text = '';
  let total = 0;
  const collect = (decoder: StringDecoder) => (chunk: Buffer) => {
    const piece = decoder.write(chunk);
    total += piece.length;
    if (text.length < MAX_TOOL_OUTPUT) text += piece.slice(0, MAX_TOOL_OUTPUT - text.length);
  };
  let stopped: CommandRun['stopped'];
  let child: ChildProcess;
  try {
    child = spawn(file, args, {
      cwd,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...env, PAGER: 'cat', GIT_PAGER: 'cat' },
    });
  } catch (error) {
    return {
      text: `could not start ${file}: ${(error as Error).message}`,
      total: 0,
      exitCode: 127,
      signal: null,
      leftovers: false,
      pid: undefined,
    };
  }
  const pid = child.pid;
  if (pid !== undefined) onSpawn?.(pid);
  const outDecoder = new StringDecoder('utf8');
  const errDecoder = new StringDecoder('utf8');
  child.stdout!.on('data', collect(outDecoder));
  child.stderr!.on('data', collect(errDecoder));

  const stop = (why: NonNullable<CommandRun['stopped']>) => {
    if (stopped) return;
    stopped = why;
    killGroup(pid, 'SIGTERM');
    setTimeout(() => killGroup(pid, 'SIGKILL'), KILL_GRACE_MS).unref();
  };
  const onAbort = () => stop('cancelled');
  if (signal.aborted) onAbort();
  else signal.addEventListener('abort', onAbort, { once: true });
  const timer = setTimeout(() => stop('timeout'), timeoutMs);

  const exit = await new Promise<{ code: number | null; signal: NodeJS.Signals | null; error?: Error }>(
    (resolve) => {
      child.once('error', (error) => resolve({ code: 127, signal: null, error }));
      child.once('exit', (code, sig) => resolve({ code, signal: sig }));
    },
  );
  clearTimeout(timer);
  signal.removeEventListener('abort', onAbort);

  // a background child may still hold the pipes: give them a moment, then stop the rest of the group
  const drained = await Promise.race([
    Promise.all([closed(child.stdout!), closed(child.stderr!)]).then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), DRAIN_MS)),
  ]);
  const leftovers = !stopped && groupAlive(pid);
  if (leftovers) {
    killGroup(pid, 'SIGTERM');
    setTimeout(() => killGroup(pid, 'SIGKILL'), KILL_GRACE_MS).unref();
  }
  if (!drained) {
    child.stdout!.destroy();
    child.stderr!.destroy();
  }
  for (const decoder of [outDecoder, errDecoder]) {
    const rest = decoder.end();
    total += rest.length;
    if (text.length < MAX_TOOL_OUTPUT) text += rest.slice(0, MAX_TOOL_OUTPUT - text.length);
  }
  if (exit.error) text += `${text ? '\n' : ''}could not start ${file}: ${exit.error.message}`;
  return { text, total, exitCode: exit.code, signal: exit.signal, stopped, leftovers, pid };
}

function closed(
  stream: NodeJS.ReadableStream & { readableEnded?: boolean; destroyed?: boolean },
): Promise<void> {
  if (stream.readableEnded || stream.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    stream.once('close', () => resolve());
    stream.once('end', () => resolve());
  });
}

function killGroup(pid: number | undefined, sig: NodeJS.Signals): void {
  if (pid === undefined) return;
  try {
    process.kill(process.platform === 'win32' ? pid : -pid, sig);
  } catch {
    // already gone
  }
}

/**
 * Whether any process of the group still runs. `kill(-pgid, 0)` alone also counts zombies, which stay
 * when PID 1 does not reap orphans (as in some containers); on Linux /proc tells them apart.
 */
export function groupAlive(pgid: number | undefined): boolean {
  if (pgid === undefined || process.platform === 'win32') return false;
  try {
    process.kill(-pgid, 0);
  } catch {
    return false;
  }
  if (process.platform !== 'linux') return true;
  let pids: string[];
  try {
    pids = fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return true;
  }
  return pids.some((pid) => {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      // "pid (comm) state ppid pgrp …" — comm may hold spaces and parentheses, so read after the last ")"
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return Number(pgrp) === pgid && state !== 'Z' && state !== 'X';
    } catch {
      return false; // exited meanwhile
    }
  });
}

let cachedShell: [string, string] | undefined;

/** bash when there is one (on PATH or in /bin), else the POSIX shell. */
function shellCommand(): [string, string] {
  if (cachedShell) return cachedShell;
  const bash = findExecutable('bash', { fallbackDirs: ['/bin', '/usr/bin'] });
  cachedShell = bash ? [bash, '-c'] : ['/bin/sh', '-c'];
  return cachedShell;
}
