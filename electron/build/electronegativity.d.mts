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
  url: string;
}
export const ALLOWED: AllowedFinding[];
export function parseCsv(text: string): string[][];
export function readReport(csv: string, root?: string): Finding[];
export function judge(
  findings: Finding[],
  allowed?: AllowedFinding[],
): { blocking: Finding[]; allowed: Finding[]; stale: AllowedFinding[]; below: number };
