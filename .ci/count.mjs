// Sums the passed / failed / skipped counts of the test runners' JSON reports and prints one line.
// A report that is missing counts as one failure: a runner that never ran must not look green.
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
let flaky = 0;
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) {
    console.log(`missing report: ${file} (that test runner did not run to the end)`);
    failed += 1;
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  if (report.stats) {
    // Playwright: expected = passed, unexpected = failed, flaky passed on retry
    passed += report.stats.expected + report.stats.flaky;
    flaky += report.stats.flaky;
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
  } else {
    // Vitest (Jest-compatible JSON)
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  }
}
if (flaky > 0)
  console.log(`flaky: ${flaky} end-to-end test(s) passed only on retry — see the Playwright report above`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
