export interface PackContext {
  electronPlatformName: string;
  /** electron-builder's Arch enum value. */
  arch: number;
}
/** Throws when the Electron build of better-sqlite3 does not fit the package being made. */
export function checkNativeForPackage(
  context: PackContext,
  files?: { binary?: string; stamp?: string },
): void;
export default function beforePack(context: PackContext): Promise<void>;
