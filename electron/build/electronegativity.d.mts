export interface AllowedFinding {
  check: string;
  /** Relative to the project root, `/`-separated. */
  file: string;
  reason: string;
}
export interface Finding {
  issue: string;
  severity: string;
  confidence: string;
  filename: string;
  /** `filename` relative to the project root ('N/A' for global checks). */
  file: string;
  location: string;
  sample: string;
  description: string;
}
/** What electronegativity-run.mjs writes. */
export interface ScanReport {
  version: string;
  findings: Omit<Finding, 'file'>[];
  errors: { file: string; message: string; tolerable: boolean }[];
}
export const ALLOWED: AllowedFinding[];
export function readReport(
  report: unknown,
  root?: string,
): { findings: Finding[]; unparsed: { file: string; message: string }[] };
export function judge(
  findings: Finding[],
  allowed?: AllowedFinding[],
): { blocking: Finding[]; allowed: Finding[]; stale: AllowedFinding[]; below: number };
