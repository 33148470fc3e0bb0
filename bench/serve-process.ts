// A process launched for the host bench, timed from spawn: the built `skilldeck serve`, or the floor — a
// bare node HTTP server — both read the same way (the line naming their URL on stdout, then requests).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { childStopper } from '../electron/core/testing/child-stop';
import { serveArgs } from '../e2e/helpers/skilldeck-host';

export interface Launched {
  child: ChildProcess;
  /** ms from spawn to the URL line. */
  urlMs: number;
  url: URL;
  startedAt: number;
  output(): string;
  stop(): Promise<void>;
}

/** The floor: node starting an HTTP server that prints the same kind of line and answers a page. */
const FLOOR_SERVER = `
const http = require('node:http');
const server = http.createServer((req, res) => res.end('<!doctype html><title>floor</title>'));
server.listen(0, '127.0.0.1', () => console.log('Skilldeck dashboard: http://127.0.0.1:' + server.address().port + '/?token=x'));
`;

function launch(args: string[]): Promise<Launched> {
  const startedAt = performance.now();
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1' },
  });
  let output = '';
  const stop = childStopper(child, 10_000);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URL within 30 s:\n${output}`)), 30_000);
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      const found = /Skilldeck dashboard: (http:\/\/\S+)/.exec(output)?.[1];
      if (!found) return;
      clearTimeout(timer);
      const urlMs = performance.now() - startedAt;
      resolve({ child, urlMs, url: new URL(found), startedAt, output: () => output, stop });
    });
    child.once('exit', (code) => reject(new Error(`exited (${code}) before its URL:\n${output}`)));
  });
}

export const launchFloor = () => launch(['-e', FLOOR_SERVER]);

export const launchServe = (dataDir: string, skillsDirs: readonly string[] = []): Promise<Launched> =>
  launch(serveArgs(dataDir, skillsDirs));

/** ms from spawn until the page at `/` was read. */
export async function pageAt(l: Launched): Promise<number> {
  const res = await fetch(new URL('/', l.url));
  await res.text();
  if (!res.ok) throw new Error(`GET / answered ${res.status}`);
  return performance.now() - l.startedAt;
}

/** Calls a channel through the host's HTTP endpoint with the printed token. */
export async function invoke<T = unknown>(l: Launched, channel: string, input?: unknown): Promise<T> {
  const res = await fetch(new URL(`/api/invoke/${channel}`, l.url), {
    method: 'POST',
    headers: {
      authorization: `Bearer ${l.url.searchParams.get('token')}`,
      'content-type': 'application/json',
    },
    ...(input === undefined ? {} : { body: JSON.stringify(input) }),
  });
  const body = (await res.json()) as { ok: boolean; value?: T; error?: { message: string } };
  if (!body.ok) throw new Error(`${channel}: ${body.error?.message}`);
  return body.value as T;
}

/** Resident memory of a process (VmRSS), in MiB. */
export function rssMiB(pid: number): number {
  const kb = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) / 1024;
}

/**
 * RSS at rest: `restMs` after the last request (serve collects its garbage once quiet for 3 s,
 * quiet-collector.ts), then sampled every 250 ms until two samples agree within 1 MiB (at most `maxMs`).
 */
export async function restingRss(pid: number, restMs = 4500): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, restMs));
  return settledRss(pid);
}

/** RSS once it stopped moving: sampled every 250 ms until two samples agree within 1 MiB (at most `maxMs`). */
export async function settledRss(pid: number, maxMs = 6000): Promise<number> {
  let last = rssMiB(pid);
  for (let waited = 0; waited < maxMs; waited += 250) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = rssMiB(pid);
    if (Math.abs(now - last) < 1) return now;
    last = now;
  }
  return last;
}
