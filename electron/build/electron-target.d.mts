export interface ElectronTarget {
  electron: string;
  abi: number;
  betterSqlite3: string;
  platform: string;
  arch: string;
}
export const projectRoot: string;
export const outputDir: string;
export const binaryFile: string;
export const stampFile: string;
/** The installed Electron and better-sqlite3, for this (or the given) platform and arch. */
export function electronTarget(options?: { platform?: string; arch?: string; root?: string }): ElectronTarget;
/** Why the built binary (and its stamp) does not fit `target`, or null when it does. */
export function mismatch(target: ElectronTarget, files?: { binary?: string; stamp?: string }): string | null;
