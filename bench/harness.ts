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
