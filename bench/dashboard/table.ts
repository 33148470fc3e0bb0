// The dashboard bench's tables: median, p95, n and the ratio to a baseline row.

export interface Row {
  name: string;
  values: number[];
  /** Shown instead of ms figures (counts, rates). */
  unit?: string;
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
const median = (values: number[]) =>
  quantile(
    [...values].sort((a, b) => a - b),
    0.5,
  );
const p95 = (values: number[]) =>
  quantile(
    [...values].sort((a, b) => a - b),
    0.95,
  );
const fmt = (ms: number) => (ms < 1 ? `${(ms * 1000).toFixed(0)} µs` : `${ms.toFixed(2)} ms`);

/** Median, p95, n and the ratio of each row to the baseline row (its first row unless named). */
export function table(title: string, rows: Row[], baseline = rows[0]!.name) {
  const base = median(rows.find((r) => r.name === baseline)!.values);
  const width = Math.max(...rows.map((r) => r.name.length), 4);
  console.log(`\n${title}`);
  console.log(
    `  ${'case'.padEnd(width)}  ${'median'.padStart(10)}  ${'p95'.padStart(10)}  ${'n'.padStart(5)}  ratio`,
  );
  for (const r of rows) {
    const m = median(r.values);
    console.log(
      `  ${r.name.padEnd(width)}  ${fmt(m).padStart(10)}  ${fmt(p95(r.values)).padStart(10)}  ${String(r.values.length).padStart(5)}  ${(m / base).toFixed(2)}×${r.name === baseline ? ' (baseline)' : ''}`,
    );
  }
}
