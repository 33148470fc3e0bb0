import { describe, expect, it } from 'vitest';
import { judge, readReport } from './electronegativity.mjs';

// The shape electronegativity-run.cjs writes from Electronegativity 1.10.3's run(): absolute paths,
// samples spanning lines, global checks as N/A, parse errors per file.
const REPORT = {
  version: '1.10.3',
  findings: [
    {
      issue: 'CSP_GLOBAL_CHECK',
      severity: 'LOW',
      confidence: 'FIRM',
      filename: '/repo/electron/main/windows/pages/card.html',
      location: '6:0',
      sample: '<meta\n  content="default-src \'self\'">',
      description: 'One or more CSP directives detected seems to be vulnerable',
    },
    {
      issue: 'PRELOAD_JS_CHECK',
      severity: 'MEDIUM',
      confidence: 'FIRM',
      filename: '/repo/electron/main/windows/locked-down-window.ts',
      location: '29:8',
      sample: 'preload: this.preloadFile,',
      description: 'Review the use of preload scripts',
    },
    {
      issue: 'CONTEXT_ISOLATION_JS_CHECK',
      severity: 'HIGH',
      confidence: 'FIRM',
      filename: '/repo/electron/main/other.ts',
      location: '3:1',
      sample: 'new BrowserWindow({',
      description: 'Review the use of the contextIsolation option',
    },
    {
      issue: 'CSP_GLOBAL_CHECK',
      severity: 'MEDIUM',
      confidence: 'CERTAIN',
      filename: 'N/A',
      location: '0:0',
      sample: 'N/A',
      description: 'No CSP has been detected in the target application',
    },
  ],
  errors: [
    { file: '/repo/electron/main/broken.ts', message: 'Unexpected token (3:4)', tolerable: false },
    { file: '/repo/electron/main/odd.ts', message: 'Recoverable: x', tolerable: true },
  ],
};

describe('the Electronegativity gate', () => {
  it('reads findings with paths relative to the project root, and the files it could not parse', () => {
    const { findings, unparsed } = readReport(REPORT, '/repo');
    expect(findings.map((f) => [f.issue, f.severity, f.file])).toEqual([
      ['CSP_GLOBAL_CHECK', 'LOW', 'electron/main/windows/pages/card.html'],
      ['PRELOAD_JS_CHECK', 'MEDIUM', 'electron/main/windows/locked-down-window.ts'],
      ['CONTEXT_ISOLATION_JS_CHECK', 'HIGH', 'electron/main/other.ts'],
      ['CSP_GLOBAL_CHECK', 'MEDIUM', 'N/A'],
    ]);
    expect(findings[0]!.sample).toContain('\n');
    // a tolerable error still parsed the file; only the fatal one hides findings
    expect(unparsed).toEqual([{ file: 'electron/main/broken.ts', message: 'Unexpected token (3:4)' }]);
    expect(() => readReport({ rows: [] })).toThrow(/not an Electronegativity report/);
  });

  it('blocks HIGH and MEDIUM findings unless allow-listed by check and file; LOW passes', () => {
    const allowed = [
      { check: 'PRELOAD_JS_CHECK', file: 'electron/main/windows/locked-down-window.ts', reason: 'reviewed' },
    ];
    const verdict = judge(readReport(REPORT, '/repo').findings, allowed);
    expect(verdict.blocking.map((f) => f.issue)).toEqual(['CONTEXT_ISOLATION_JS_CHECK', 'CSP_GLOBAL_CHECK']);
    expect(verdict.allowed.map((f) => f.file)).toEqual(['electron/main/windows/locked-down-window.ts']);
    expect(verdict.below).toBe(1);
    expect(verdict.stale).toEqual([]);
  });

  it('reports allow-list entries that match nothing', () => {
    const allowed = [{ check: 'PRELOAD_JS_CHECK', file: 'electron/main/gone.ts', reason: 'x' }];
    expect(judge(readReport(REPORT, '/repo').findings, allowed).stale).toEqual(allowed);
  });
});
