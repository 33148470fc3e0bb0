#!/usr/bin/env node
// `npm start`: launches the desktop app from the project; where it cannot start on this machine (no
// Electron binary to be had, no SQLite module for it), starts the headless dashboard on the same data
// folder instead and opens it in the browser, saying in one line why.
// Plain Node, no dependencies, never imports `electron` (its index.js would try a download and throw).
import { spawn, spawnSync } from 'node:child_process';
import { lookup } from 'node:dns/promises';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { headlessDashboard } from './start-headless.mjs';

const root = path.resolve(import.meta.dirname, '..', '..');
const electronPackage = path.join(root, 'node_modules', 'electron');

const PLATFORM_EXECUTABLE = { darwin: 'Electron.app/Contents/MacOS/Electron', win32: 'electron.exe' };

/** The Electron executable, found the way node_modules/electron/index.js finds it, or null. */
function findElectron() {
  const pathFile = path.join(electronPackage, 'path.txt');
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  if (!fs.existsSync(pathFile) && !override) return null;
  const relative = fs.existsSync(pathFile)
    ? fs.readFileSync(pathFile, 'utf8').trim()
    : (PLATFORM_EXECUTABLE[process.platform] ?? 'electron');
  const executable = path.join(override || path.join(electronPackage, 'dist'), relative);
  return fs.existsSync(executable) ? executable : null;
}

/** The error line of a failed command's output (no stack frames). */
function errorLine(output) {
  const lines = output.split('\n').map((line) => line.trim());
  return (
    lines.find(
      (line) => /error|failed|ENOTFOUND|ECONN|ETIMEDOUT|EAI_AGAIN/i.test(line) && !line.startsWith('at '),
    ) ?? ''
  );
}

/** Electron ≥ 42 downloads its binary on first use; try that once, and explain a failure in a few words. */
async function downloadElectron() {
  if (process.env.ELECTRON_SKIP_BINARY_DOWNLOAD) {
    return { reason: "Electron's binary is not installed (ELECTRON_SKIP_BINARY_DOWNLOAD is set)" };
  }
  console.log('Electron binary not present; downloading it (once)…');
  const result = spawnSync(process.execPath, [path.join(electronPackage, 'install.js')], {
    cwd: root,
    encoding: 'utf8',
    timeout: 10 * 60_000,
  });
  const found = findElectron();
  if (found) return { executable: found };
  let reason =
    errorLine(`${result.stderr ?? ''}\n${result.stdout ?? ''}`) ||
    result.error?.message ||
    `exit code ${result.status}`;
  if (!process.env.ELECTRON_MIRROR) {
    try {
      await lookup('github.com'); // where @electron/get downloads from unless a mirror is set
    } catch (error) {
      reason = `no network access to github.com (${error.code ?? error.message})`;
    }
  }
  return { reason: `Electron's binary could not be downloaded: ${reason}` };
}

/** @param {string} script @param {string[]} args */
function runNode(script, args) {
  return spawnSync(process.execPath, [script, ...args], { cwd: root, stdio: 'inherit' }).status ?? 1;
}

function bundlesBuilt() {
  return ['out/main/index.js', 'out/preload/index.cjs', 'out/renderer/index.html'].every((file) =>
    fs.existsSync(path.join(root, file)),
  );
}

function electronViteBin() {
  const dir = path.join(root, 'node_modules', 'electron-vite');
  const { bin } = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  return path.join(dir, typeof bin === 'string' ? bin : bin['electron-vite']);
}

/** The headless dashboard on the desktop app's data folder, when the app itself cannot start. */
function startHeadless(why) {
  return headlessDashboard({ root, why, dataDir: appDataDir(), runNode });
}

/**
 * The folder the desktop app keeps its data in: SKILLDECK_DATA_DIR, else Electron's userData for this
 * project (named after package.json's productName or name), so both front ends see the same skills.
 */
function appDataDir(env = process.env) {
  const override = env.SKILLDECK_DATA_DIR?.trim();
  if (override) return path.resolve(override);
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  const name = pkg.productName ?? pkg.name;
  const home = os.homedir();
  if (process.platform === 'darwin') return path.join(home, 'Library', 'Application Support', name);
  if (process.platform === 'win32')
    return path.join(env.APPDATA || path.join(home, 'AppData', 'Roaming'), name);
  return path.join(env.XDG_CONFIG_HOME?.trim() || path.join(home, '.config'), name);
}

async function main() {
  let electron = findElectron();
  if (!electron) {
    const download = await downloadElectron();
    if (!download.executable) return startHeadless(download.reason);
    electron = download.executable;
  }

  if (runNode(path.join(root, 'electron', 'build', 'build-sqlite-for-electron.mjs'), ['--if-stale']) !== 0) {
    return startHeadless('the SQLite module for Electron could not be built (see above)');
  }

  if (!bundlesBuilt() && runNode(electronViteBin(), ['build']) !== 0) {
    console.error('electron-vite build failed (see above).');
    return 1;
  }

  const env = { ...process.env };
  delete env.ELECTRON_RUN_AS_NODE; // would make the binary behave as plain Node
  const child = spawn(electron, [root, ...process.argv.slice(2)], { cwd: root, stdio: 'inherit', env });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  return new Promise((resolve) => {
    child.on('error', (error) => {
      console.error(`Could not run ${electron}: ${error.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

process.exitCode = await main();
