import { describe, expect, it } from 'vitest';
import { judge, parseCsv, readReport } from './electronegativity.mjs';

// The shape Electronegativity 1.10.3 writes: quoted fields, samples spanning lines, global checks as N/A.
const CSV = `issue, severity, confidence, filename, location, sample, description, url
CSP_GLOBAL_CHECK,"LOW","FIRM","/repo/electron/main/pages/card.html","6:0","<meta
  content=""default-src 'self'"">","One or more CSP directives detected seems to be vulnerable",https://x/CSP
PRELOAD_JS_CHECK,"MEDIUM","FIRM","/repo/electron/main/window.ts","29:8","preload: this.preloadFile,","Review the use of preload scripts",https://x/PRELOAD
CONTEXT_ISOLATION_JS_CHECK,"HIGH","FIRM","/repo/electron/main/other.ts","3:1","new BrowserWindow({","Review the use of the contextIsolation option",https://x/CI
CSP_GLOBAL_CHECK,"MEDIUM","CERTAIN","N/A","0:0",N/A,"No CSP has been detected in the target application",https://x/CSP
`;

describe('the Electronegativity gate', () => {
  it('parses quoted fields with doubled quotes, commas and newlines', () => {
    expect(parseCsv('a,"b, ""c""\nd",e\r\n1,2,3\n')).toEqual([
      ['a', 'b, "c"\nd', 'e'],
      ['1', '2', '3'],
    ]);
  });

  it('reads findings with paths relative to the project root', () => {
    const findings = readReport(CSV, '/repo');
    expect(findings.map((f) => [f.issue, f.severity, f.file])).toEqual([
      ['CSP_GLOBAL_CHECK', 'LOW', 'electron/main/pages/card.html'],
      ['PRELOAD_JS_CHECK', 'MEDIUM', 'electron/main/window.ts'],
      ['CONTEXT_ISOLATION_JS_CHECK', 'HIGH', 'electron/main/other.ts'],
      ['CSP_GLOBAL_CHECK', 'MEDIUM', 'N/A'],
    ]);
    expect(findings[0]!.sample).toContain('\n');
    expect(() => readReport('not,a,report\n')).toThrow(/not an Electronegativity CSV/);
  });

  it('blocks HIGH and MEDIUM findings unless allow-listed by check and file; LOW passes', () => {
    const allowed = [{ check: 'PRELOAD_JS_CHECK', file: 'electron/main/window.ts', reason: 'reviewed' }];
    const verdict = judge(readReport(CSV, '/repo'), allowed);
    expect(verdict.blocking.map((f) => f.issue)).toEqual(['CONTEXT_ISOLATION_JS_CHECK', 'CSP_GLOBAL_CHECK']);
    expect(verdict.allowed.map((f) => f.file)).toEqual(['electron/main/window.ts']);
    expect(verdict.below).toBe(1);
    expect(verdict.stale).toEqual([]);
  });

  it('reports allow-list entries that match nothing (a file it could not parse is silently skipped)', () => {
    const allowed = [{ check: 'PRELOAD_JS_CHECK', file: 'electron/main/gone.ts', reason: 'x' }];
    expect(judge(readReport(CSV, '/repo'), allowed).stale).toEqual(allowed);
  });
});
