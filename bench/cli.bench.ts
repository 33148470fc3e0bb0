// The CLI's start-up as a user meets it: each command spawned as its own process and timed from the spawn,
// against `node -e 0` spawned in the same rounds (interleaved, medians). `run` is timed to the moment its
// first request reaches the model server, `run --trigger` to the moment the (fake) desktop app is started
// with the trigger — the hand-over. CLI_BENCH_ROOT measures another built checkout (a before/after).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startLlmServer } from '../electron/core/testing/llm-server';
import { goal, median } from './harness';

function repoRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) return process.cwd();
  }
}
const ROOT = process.env.CLI_BENCH_ROOT ?? repoRoot(import.meta.dirname);
const CLI = path.join(ROOT, 'electron', 'cli', 'skilldeck.mjs');
const ROUNDS = Number(process.env.CLI_BENCH_ROUNDS ?? 15);

/** Spawns `node args`, resolving with the ms from the spawn to `until` (default: the exit). */
function timeSpawn(
  args: string[],
  options: { env?: NodeJS.ProcessEnv; until?: Promise<number> } = {},
): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: options.env ?? process.env,
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    if (options.until) {
      // the moment the marker arrives, then the process is left to end before the next case
      const marked = options.until.then((at) => at - start);
      void Promise.race([marked, exited.then(() => null)]).then(async (ms) => {
        if (ms === null) reject(new Error(`${args.join(' ')} ended before its marker: ${stderr}`));
        else {
          await exited;
          resolve(ms);
        }
      });
    } else
      void exited.then((code) =>
        code === 0 || code === 2
          ? resolve(performance.now() - start)
          : reject(new Error(`${args.join(' ')} exited ${code}: ${stderr}`)),
      );
  });
}

const spread = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `${sorted[Math.floor(sorted.length * 0.1)]!.toFixed(0)}–${sorted[Math.floor(sorted.length * 0.9)]!.toFixed(0)} ms`;
};

interface Case {
  name: string;
  /** One sample, in ms. */
  once: () => Promise<number>;
}

export default async function run() {
  if (!fs.existsSync(path.join(ROOT, 'out', 'cli', 'main.js'))) {
    console.log('\nCLI bench skipped: out/cli/main.js is missing — run `npm run build` first.');
    return;
  }
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'skilldeck-bench-cli-'));
  const dataDir = path.join(tmp, 'data');
  const llm = await startLlmServer();
  let requestArrived: (at: number) => void = () => undefined;
  llm.setResponder(() => {
    requestArrived(performance.now());
    return { text: 'ok' };
  });

  // The desktop app for --trigger: a bash script that tells a local socket it was started, then exits 0
  // as a second instance does once Electron has handed its command line to the running app.
  let appStarted: (at: number) => void = () => undefined;
  const marker = net.createServer((socket) => {
    appStarted(performance.now());
    socket.destroy();
  });
  await new Promise<void>((resolve) => marker.listen(0, '127.0.0.1', resolve));
  const markerPort = (marker.address() as net.AddressInfo).port;
  const fakeApp = path.join(tmp, 'skilldeck-app');
  fs.writeFileSync(fakeApp, `#!/bin/bash\necho started > /dev/tcp/127.0.0.1/${markerPort}\n`, {
    mode: 0o755,
  });

  const cli = (...args: string[]) => [CLI, ...args];
  const cases: Case[] = [
    { name: 'node -e 0', once: () => timeSpawn(['-e', '0']) },
    // fetch's first use (Node's undici): any first request pays it, the CLI's included
    { name: 'node, first Headers (undici)', once: () => timeSpawn(['-e', 'new Headers()']) },
    { name: 'skilldeck --help', once: () => timeSpawn(cli('--help')) },
    {
      name: 'skilldeck validate (one skill)',
      once: () => timeSpawn(cli('validate', path.join(ROOT, 'skills', 'translate'))),
    },
    { name: 'skilldeck skills list', once: () => timeSpawn(cli('skills', 'list', '--data-dir', dataDir)) },
    {
      name: 'skilldeck run → first request',
      once: () =>
        timeSpawn(
          cli(
            'run',
            'translate',
            '--selection',
            'Hello',
            '--data-dir',
            dataDir,
            '--provider',
            'openai-compatible',
            '--base-url',
            `${llm.url}/v1`,
            '--model',
            'm1',
          ),
          { until: new Promise((resolve) => (requestArrived = resolve)) },
        ),
    },
    {
      name: 'skilldeck run --trigger → hand-over',
      once: () =>
        timeSpawn(cli('run', 'translate', '--trigger', '--data-dir', dataDir), {
          env: { ...process.env, SKILLDECK_APP: fakeApp },
          until: new Promise((resolve) => (appStarted = resolve)),
        }),
    },
  ];

  const times = new Map<Case, number[]>(cases.map((c) => [c, []]));
  try {
    for (const c of cases) await c.once(); // warm the page cache and the data folder
    for (let round = 0; round < ROUNDS; round++) for (const c of cases) times.get(c)!.push(await c.once());
  } finally {
    await llm.close();
    marker.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  }

  const floor = median(times.get(cases[0]!)!);
  const width = Math.max(...cases.map((c) => c.name.length));
  console.log(`\nCLI start-up (${ROUNDS} interleaved rounds, spawned processes; ${ROOT})`);
  console.log(`  ${'case'.padEnd(width)}  ${'median'.padStart(9)}  ${'p10–p90'.padStart(12)}  ratio`);
  for (const c of cases) {
    const all = times.get(c)!;
    console.log(
      `  ${c.name.padEnd(width)}  ${`${median(all).toFixed(1)} ms`.padStart(9)}  ${spread(all).padStart(12)}  ${(median(all) / floor).toFixed(2)}×`,
    );
  }
  const of = (name: string) => times.get(cases.find((c) => c.name === name)!)!;
  const ratioGoal = (name: string, command: string, limit: number) =>
    goal({
      name: `${command} ÷ node -e 0`,
      measured: median(of(name)) / floor,
      limit,
      unit: '×',
      detail: `${median(of(name)).toFixed(0)} ms vs node ${floor.toFixed(0)} ms (spread ${spread(of(name))})`,
    });
  ratioGoal('skilldeck --help', 'skilldeck --help', 2.5);
  ratioGoal('skilldeck validate (one skill)', 'skilldeck validate SKILL', 2.5);
  ratioGoal('skilldeck skills list', 'skilldeck skills list', 4);
  const undici = median(of('node, first Headers (undici)')) - floor;
  const absoluteGoal = (name: string, what: string, remains = '') =>
    goal({
      name: what,
      measured: median(of(name)),
      limit: 150,
      unit: 'ms',
      detail: `${(median(of(name)) / floor).toFixed(2)}× node -e 0 (${floor.toFixed(0)} ms); spread ${spread(of(name))}${remains}`,
    });
  absoluteGoal(
    'skilldeck run → first request',
    'skilldeck run: process start → first model request',
    `; the plain chat sends over node:http (a fetch would add undici's first use, ${undici.toFixed(0)} ms here) and the run reads only its own skill. The rest (cpu-prof, source-mapped): loading the core's modules through the code cache, the zod schemas they build as they load (~15 ms), start-up GC, better-sqlite3`,
  );
  absoluteGoal('skilldeck run --trigger → hand-over', 'skilldeck run --trigger: process start → hand-over');
}
