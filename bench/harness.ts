import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';

export interface Case {
  name: string;
  /** One measured operation. */
  run: () => unknown | Promise<unknown>;
}

export interface SuiteOptions {
  /** Case whose median is 1.00× in the ratio column; the first case when unset. */
  baseline?: string;
  warmup?: number;
  /** Stop after this many samples or `maxMs`, whichever comes first, but never below `minSamples`. */
  samples?: number;
  minSamples?: number;
  maxMs?: number;
  /**
   * Run the cases in rounds (one sample of each per round) instead of one case after the other, so a
   * change in machine load hits every case alike and the ratios stay fair. Uses `samples` rounds.
   */
  interleave?: boolean;
}

export interface CaseResult {
  name: string;
  n: number;
  medianMs: number;
  p95Ms: number;
  ratio: number;
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

/** The median of some samples (the upper one of an even count), as every bench reports it. */
export const median = (values: readonly number[]) =>
  quantile(
    [...values].sort((a, b) => a - b),
    0.5,
  );

function formatMs(ms: number): string {
  if (ms < 0.01) return `${(ms * 1000).toFixed(2)} µs`;
  if (ms < 1) return `${(ms * 1000).toFixed(0)} µs`;
  return `${ms.toFixed(2)} ms`;
}

/** Measures each case, prints median, p95 and the ratio to the baseline, and returns the figures. */
export async function suite(title: string, cases: Case[], options: SuiteOptions = {}): Promise<CaseResult[]> {
  const { warmup = 20, samples = 500, minSamples = 20, maxMs = 3000 } = options;
  const timeOnce = async (c: Case) => {
    const start = performance.now();
    await c.run();
    return performance.now() - start;
  };
  const timesOf = new Map<Case, number[]>(cases.map((c) => [c, []]));
  if (options.interleave) {
    for (let i = 0; i < warmup; i++) for (const c of cases) await c.run();
    for (let round = 0; round < samples; round++)
      for (const c of cases) timesOf.get(c)!.push(await timeOnce(c));
  } else {
    for (const c of cases) {
      for (let i = 0; i < warmup; i++) await c.run();
      const times = timesOf.get(c)!;
      const deadline = performance.now() + maxMs;
      while (times.length < samples && (times.length < minSamples || performance.now() < deadline)) {
        times.push(await timeOnce(c));
      }
    }
  }
  const measured = cases.map((c) => {
    const times = timesOf.get(c)!.sort((a, b) => a - b);
    return { name: c.name, n: times.length, medianMs: quantile(times, 0.5), p95Ms: quantile(times, 0.95) };
  });
  const base = measured.find((m) => m.name === options.baseline) ?? measured[0]!;
  const results = measured.map((m) => ({ ...m, ratio: m.medianMs / base.medianMs }));

  const width = Math.max(...results.map((r) => r.name.length), 4);
  console.log(`\n${title}`);
  console.log(
    `  ${'case'.padEnd(width)}  ${'median'.padStart(10)}  ${'p95'.padStart(10)}  ${'n'.padStart(5)}  ratio`,
  );
  for (const r of results) {
    console.log(
      `  ${r.name.padEnd(width)}  ${formatMs(r.medianMs).padStart(10)}  ${formatMs(r.p95Ms).padStart(10)}  ${String(r.n).padStart(5)}  ${r.ratio.toFixed(r.ratio < 0.1 ? 3 : 2)}×${r.name === base.name ? ' (baseline)' : ''}`,
    );
  }
  return results;
}

/**
 * A full garbage collection, for heap figures. `npm run bench` starts node without --expose-gc, so the
 * flag is set at run time and the collector fetched from a fresh context (where it is then defined).
 */
export function collectGarbage(): void {
  const g = (globalThis as { gc?: () => void }).gc;
  if (g) return g();
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
}

/** Heap in use after a full collection, in bytes. */
export function heapUsedAfterGc(): number {
  for (let i = 0; i < 3; i++) collectGarbage();
  return process.memoryUsage().heapUsed;
}

export const formatMiB = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/** One goal of `npm run bench`: a measured figure against its limit, printed in the closing table. */
export interface Goal {
  /** What is measured, in words ("skilldeck --help ÷ node -e 0"). */
  name: string;
  measured: number;
  /** The goal is met when `measured <= limit`. */
  limit: number;
  /** Unit of both figures: '×' for ratios, 'ms', 'MiB', '/s'. */
  unit: string;
  /** Figures behind the value ("412 ms vs 51 ms"), or why it cannot be met on this machine. */
  detail?: string;
}

// Kept on globalThis: each bench is its own bundle entry, and bench/run.mjs prints the table after them all.
const store = globalThis as { [key: symbol]: unknown };
const goals = (store[Symbol.for('skilldeck.bench.goals')] ??= []) as Goal[];

/** Records a goal; `npm run bench` prints every recorded goal at the end, met or not. */
export function goal(g: Goal): void {
  goals.push(g);
  const met = g.measured <= g.limit;
  console.log(
    `  goal: ${g.name}: ${formatFigure(g.measured, g.unit)} (≤ ${formatFigure(g.limit, g.unit)}) ${met ? 'met' : 'NOT MET'}${g.detail ? ` — ${g.detail}` : ''}`,
  );
}

function formatFigure(value: number, unit: string): string {
  // three places near 1 (1.021 is over a limit of 1.02, which two places would hide)
  if (unit === '×') return `${value.toFixed(value < 10 ? 3 : 2)}×`;
  if (unit === 'ms') return `${value < 10 ? value.toFixed(2) : value.toFixed(0)} ms`;
  return `${value.toFixed(value < 10 ? 2 : 0)} ${unit}`;
}

/** The closing table: every goal recorded in this run. Returns how many were not met. */
export function printGoals(): number {
  if (goals.length === 0) return 0;
  const width = Math.max(...goals.map((g) => g.name.length));
  console.log('\nGoals');
  for (const g of goals) {
    const met = g.measured <= g.limit;
    console.log(
      `  ${met ? 'met    ' : 'NOT MET'}  ${g.name.padEnd(width)}  ${formatFigure(g.measured, g.unit).padStart(10)}  ≤ ${formatFigure(g.limit, g.unit).padEnd(9)}${g.detail ? `  ${g.detail}` : ''}`,
    );
  }
  return goals.filter((g) => g.measured > g.limit).length;
}

store[Symbol.for('skilldeck.bench.printGoals')] = printGoals;
