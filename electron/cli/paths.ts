import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package root: two levels above both electron/cli/*.ts (tests) and out/cli/main.js (bundle). */
export const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export const builtinSkillsDir = path.join(packageRoot, 'skills');
export const rendererDir = path.join(packageRoot, 'out', 'renderer');

export function packageVersion(): string {
  const pkg = JSON.parse(fs.readFileSync(path.join(packageRoot, 'package.json'), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

/** `--data-dir`, else SKILLDECK_DATA_DIR, else ~/.skilldeck. */
export function resolveDataDir(flag: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  const chosen = flag ?? env.SKILLDECK_DATA_DIR;
  if (chosen !== undefined && chosen.trim() !== '') return path.resolve(chosen);
  return path.join(os.homedir(), '.skilldeck');
}
