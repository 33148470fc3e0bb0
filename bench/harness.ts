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
  const measured: Omit<CaseResult, 'ratio'>[] = [];
  for (const c of cases) {
    for (let i = 0; i < warmup; i++) await c.run();
    const times: number[] = [];
    const deadline = performance.now() + maxMs;
    while (times.length < samples && (times.length < minSamples || performance.now() < deadline)) {
      const start = performance.now();
      await c.run();
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    measured.push({
      name: c.name,
      n: times.length,
      medianMs: quantile(times, 0.5),
      p95Ms: quantile(times, 0.95),
    });
  }
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
