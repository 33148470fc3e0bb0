// The headless host as a user starts it: the built `skilldeck serve`, spawned, timed from spawn to the
// dashboard's page and to `skills:list` answered (0, 1,000 and 5,000 real skills), against the floor of a
// bare node HTTP server answering its first page in the same rounds; then its resident memory idle, with
// 1,000 skills, and after 100 and 500 runs against the wire-format model server.
// Run `npm run build` first: this measures out/cli, not the sources.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startLlmServer } from '../electron/core/testing/llm-server';
import { ROOT } from './dashboard/host';
import { goal, median } from './harness';
import {
  invoke,
  launchFloor,
  launchServe,
  pageAt,
  restingRss,
  rssMiB,
  settledRss,
  type Launched,
} from './serve-process';
import { writeRealSkills } from './skill-corpus';

const ROUNDS = Number(process.env.HOST_BENCH_ROUNDS ?? 5);
const RUNS = 500;

const spread = (xs: number[]) => `${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)}`;

interface StartCase {
  name: string;
  launch: () => Promise<Launched>;
  /** Also ask for skills:list (not the floor). */
  lists: boolean;
  url: number[];
  page: number[];
  list: number[];
  listed: number;
}

async function startOnce(c: StartCase) {
  const l = await c.launch();
  try {
    const page = pageAt(l);
    const list = c.lists
      ? invoke<unknown[]>(l, 'skills:list').then((skills) => ({
          ms: performance.now() - l.startedAt,
          skills,
        }))
      : null;
    c.url.push(l.urlMs);
    c.page.push(await page);
    if (list) {
      const { ms, skills } = await list;
      c.list.push(ms);
      c.listed = skills.length;
    }
  } finally {
    await l.stop();
  }
}

/** Runs `count` runs of `skillId` one after the other, each to its end. */
async function runMany(l: Launched, skillId: string, count: number) {
  for (let i = 0; i < count; i++) {
    const { runId } = await invoke<{ runId: string }>(l, 'runs:start', { skillId, input: `Message ${i}` });
    for (;;) {
      const run = await invoke<{ status: string; error?: unknown }>(l, 'runs:get', { runId });
      if (run.status === 'succeeded') break;
      if (run.status !== 'running') throw new Error(`run ${i} ended ${run.status}: ${JSON.stringify(run)}`);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  }
}

export default async function run() {
  if (!fs.existsSync(path.join(ROOT, 'out', 'cli', 'main.js'))) {
    console.log('\nHost bench skipped: out/cli/main.js is missing — run `npm run build` first.');
    return;
  }
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'skilldeck-bench-host-'));
  const llm = await startLlmServer({
    responder: () => ({ chunks: Array.from({ length: 20 }, (_, i) => `word${i} `) }),
  });
  try {
    const c1000 = path.join(work, 'skills-1000');
    const c5000 = path.join(work, 'skills-5000');
    writeRealSkills(c1000, 1000);
    writeRealSkills(c5000, 5000);
    const data = (name: string) => path.join(work, `data-${name}`);

    // ---- start-up: interleaved rounds, the first one (which also creates each data folder) not counted --
    const cases: StartCase[] = [
      { name: 'node http server (floor)', launch: launchFloor, lists: false },
      { name: 'serve, built-in skills only', launch: () => launchServe(data('0')), lists: true },
      { name: 'serve, 1,000 skills', launch: () => launchServe(data('1000'), [c1000]), lists: true },
      { name: 'serve, 5,000 skills', launch: () => launchServe(data('5000'), [c5000]), lists: true },
    ].map((c) => ({ ...c, url: [], page: [], list: [], listed: 0 }));
    for (const c of cases) await startOnce(c);
    for (const c of cases) c.url.length = c.page.length = c.list.length = 0;
    for (let round = 0; round < ROUNDS; round++) for (const c of cases) await startOnce(c);

    console.log(`\nserve start-up, ms from spawn (median of ${ROUNDS} interleaved rounds, min–max)`);
    console.log(
      `  ${'case'.padEnd(30)}  ${'URL line'.padStart(14)}  ${'page'.padStart(14)}  ${'skills:list'.padStart(16)}`,
    );
    for (const c of cases) {
      const cell = (xs: number[]) => (xs.length ? `${median(xs).toFixed(0)} (${spread(xs)})` : '—');
      console.log(
        `  ${c.name.padEnd(30)}  ${cell(c.url).padStart(14)}  ${cell(c.page).padStart(14)}  ${cell(c.list).padStart(16)}${c.lists ? `  ${c.listed} listed` : ''}`,
      );
    }
    const [floor, none, thousand, fiveThousand] = cases as [StartCase, StartCase, StartCase, StartCase];
    const floorPage = median(floor.page);
    goal({
      name: 'serve launch → dashboard page',
      measured: median(none.page),
      limit: 250,
      unit: 'ms',
      detail: `${median(none.page).toFixed(0)} ms (${spread(none.page)}) vs a bare node http server's first page ${floorPage.toFixed(0)} ms`,
    });
    for (const [c, limit, count] of [
      [thousand, 400, '1,000'],
      [fiveThousand, 1000, '5,000'],
    ] as const) {
      goal({
        name: `serve launch → skills:list, ${count} skills`,
        measured: median(c.list),
        limit,
        unit: 'ms',
        detail: `${median(c.list).toFixed(0)} ms (${spread(c.list)}, ${c.listed} listed); built-in skills only ${median(none.list).toFixed(0)} ms; node floor ${floorPage.toFixed(0)} ms`,
      });
    }

    // ---- memory: one long-lived host each, RSS once it settled --------------------------------------
    const floorProcess = await launchFloor();
    const floorRss = await settledRss(floorProcess.child.pid!);
    await floorProcess.stop();

    const idle = await launchServe(data('0'));
    await invoke(idle, 'skills:list');
    const idleRss = await restingRss(idle.child.pid!);
    await idle.stop();

    const runsDir = path.join(work, 'skills-runs');
    fs.mkdirSync(path.join(runsDir, 'echo'), { recursive: true });
    fs.writeFileSync(
      path.join(runsDir, 'echo', 'SKILL.md'),
      '---\nname: echo\ndescription: Says the text again.\n---\nSay the text you are given again.\n',
    );
    const host = await launchServe(data('1000'), [c1000, runsDir]);
    try {
      await invoke(host, 'skills:list');
      const withSkills = await restingRss(host.child.pid!);
      await invoke(host, 'providers:save', {
        kind: 'openai-compatible',
        name: 'local',
        baseUrl: `${llm.url}/v1`,
        defaultModel: 'm',
        isDefault: true,
      });
      const started = performance.now();
      await runMany(host, 'echo', 100);
      const busy100 = rssMiB(host.child.pid!);
      const after100 = await restingRss(host.child.pid!);
      const resumed = performance.now();
      await runMany(host, 'echo', RUNS - 100);
      const busy500 = rssMiB(host.child.pid!);
      const runMs = (performance.now() - resumed + (resumed - started)) / RUNS;
      const after500 = await restingRss(host.child.pid!);
      console.log('\nserve resident memory (VmRSS at rest: 4.5 s after the last request, once it settled)');
      console.log(`  bare node http server          ${floorRss.toFixed(1)} MiB`);
      console.log(`  serve idle (built-in skills)   ${idleRss.toFixed(1)} MiB`);
      console.log(`  serve with 1,000 skills        ${withSkills.toFixed(1)} MiB`);
      console.log(`  … after 100 runs               ${after100.toFixed(1)} MiB`);
      console.log(
        `  … after ${RUNS} runs               ${after500.toFixed(1)} MiB  (${runMs.toFixed(1)} ms a run, 20 chunks each)`,
      );
      goal({
        name: 'serve RSS idle',
        measured: idleRss,
        limit: 100,
        unit: 'MiB',
        detail: `${idleRss.toFixed(0)} MiB vs a bare node http server ${floorRss.toFixed(0)} MiB`,
      });
      goal({
        name: 'serve RSS with 1,000 skills',
        measured: withSkills,
        limit: 150,
        unit: 'MiB',
        detail: `${withSkills.toFixed(0)} MiB vs idle ${idleRss.toFixed(0)} MiB, node ${floorRss.toFixed(0)} MiB`,
      });
      goal({
        name: `serve RSS growth, run 100 → ${RUNS}`,
        measured: Math.max(0, after500 - after100),
        limit: 5,
        unit: 'MiB',
        detail: `${after100.toFixed(0)} → ${after500.toFixed(0)} MiB at rest (${busy100.toFixed(0)} → ${busy500.toFixed(0)} MiB as the last run ended; ${withSkills.toFixed(0)} MiB before any run)`,
      });
    } catch (error) {
      console.log(`serve output:\n${host.output()}`);
      throw error;
    } finally {
      await host.stop();
    }
    console.log(`  (rss of this bench process: ${rssMiB(process.pid).toFixed(0)} MiB)`);
  } finally {
    await llm.close();
    fs.rmSync(work, { recursive: true, force: true });
  }
}
