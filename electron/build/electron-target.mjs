// What "better-sqlite3 built for our Electron" means, shared by the build script and the packaging hook:
// the Electron version and ABI, the better-sqlite3 version and the platform/arch, recorded in a stamp
// beside the binary so a stale or foreign build is caught before Electron tries to load it.
import fs from 'node:fs';
import path from 'node:path';
import { abiOfAddon } from './native-abi.mjs';

export const projectRoot = path.resolve(import.meta.dirname, '..', '..');
export const outputDir = path.join(projectRoot, 'build-electron');
export const binaryFile = path.join(outputDir, 'better_sqlite3.node');
export const stampFile = path.join(outputDir, 'better_sqlite3.json');

/** @param {string} file */
function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/**
 * @param {{ platform?: string, arch?: string, root?: string }} [options]
 * @returns {{ electron: string, abi: number, betterSqlite3: string, platform: string, arch: string }}
 */
export function electronTarget(options = {}) {
  const root = options.root ?? projectRoot;
  const electronDir = path.join(root, 'node_modules', 'electron');
  return {
    electron: readJson(path.join(electronDir, 'package.json')).version,
    abi: Number(fs.readFileSync(path.join(electronDir, 'abi_version'), 'utf8').trim()),
    betterSqlite3: readJson(path.join(root, 'node_modules', 'better-sqlite3', 'package.json')).version,
    platform: options.platform ?? process.platform,
    arch: options.arch ?? process.arch,
  };
}

/**
 * Why the binary at `binary` (with its stamp) does not fit `target`, or null when it does.
 * @param {ReturnType<typeof electronTarget>} target
 * @param {{ binary?: string, stamp?: string }} [files]
 * @returns {string | null}
 */
export function mismatch(target, files = {}) {
  const binary = files.binary ?? binaryFile;
  const stamp = files.stamp ?? stampFile;
  if (!fs.existsSync(binary)) return `${path.relative(projectRoot, binary)} does not exist`;
  let recorded;
  try {
    recorded = readJson(stamp);
  } catch {
    return `${path.relative(projectRoot, stamp)} is missing or unreadable`;
  }
  for (const key of /** @type {const} */ (['electron', 'abi', 'betterSqlite3', 'platform', 'arch'])) {
    if (recorded[key] !== target[key]) {
      return `built for ${key} ${JSON.stringify(recorded[key])}, needed ${JSON.stringify(target[key])}`;
    }
  }
  const abi = abiOfAddon(binary);
  if (abi !== target.abi)
    return `the binary is for ABI ${abi ?? 'unknown'}, Electron ${target.electron} needs ${target.abi}`;
  return null;
}
