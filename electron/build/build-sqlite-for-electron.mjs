#!/usr/bin/env node
// Builds better-sqlite3 for the installed Electron into build-electron/, leaving node_modules/better-sqlite3
// (the Node build used by tests and the CLI) untouched: the package sources are copied to a temp folder
// and built there. A prebuilt binary is tried first, then a compile against Electron's headers.
//
//   node electron/build/build-sqlite-for-electron.mjs            build (or rebuild)
//   node electron/build/build-sqlite-for-electron.mjs --if-stale  do nothing when the current build fits
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { abiOfAddon } from './native-abi.mjs';
import {
  binaryFile,
  electronTarget,
  mismatch,
  outputDir,
  projectRoot,
  stampFile,
} from './electron-target.mjs';

const require = createRequire(path.join(projectRoot, 'package.json'));
const HEADERS_URL = 'https://electronjs.org/headers';

/**
 * npm exports its config as npm_config_* (e.g. nodedir=/usr from ~/.npmrc); node-gyp would obey it and
 * quietly build against Node's headers. Keep only the network settings.
 */
function cleanEnv() {
  const keep = /^npm_config_(https?_proxy|proxy|noproxy|no_proxy|cafile|ca|strict_ssl)$/i;
  return Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !/^npm_config_/i.test(key) || keep.test(key)),
  );
}

const NOISE = /^(at |System |command |cwd |node -v|node-gyp -v|not ok|configure error|install got an error)/;

/**
 * The lines of a tool's output that say what went wrong: URLs fetched and error messages, no stack.
 * @param {string} output
 */
function summarizeFailure(output) {
  const lines = output
    .split('\n')
    .map((line) => line.replace(/^(gyp|prebuild-install) (ERR!|WARN|warn|http|info)( stack)?\s*/, '').trim())
    .filter(
      (line) => line && !NOISE.test(line) && !/^(it worked|using |find Python|begin|looking for)/.test(line),
    );
  return lines.slice(-4).join(' ');
}

/** @param {string} bin @param {string[]} args @param {string} cwd @param {number} timeout */
function run(bin, args, cwd, timeout) {
  const result = spawnSync(process.execPath, [bin, ...args], {
    cwd,
    env: cleanEnv(),
    encoding: 'utf8',
    timeout,
  });
  const summary = summarizeFailure(`${result.stdout ?? ''}\n${result.stderr ?? ''}`);
  const reason = result.error ? result.error.message : summary || `exit code ${result.status}`;
  return { ok: result.status === 0 && !result.error, reason };
}

/** @param {string} dir */
function copyPackageSources(dir) {
  const source = path.dirname(require.resolve('better-sqlite3/package.json'));
  fs.cpSync(source, dir, {
    recursive: true,
    filter: (file) => {
      const relative = path.relative(source, file).split(path.sep)[0];
      return relative !== 'build' && relative !== 'node_modules';
    },
  });
}

/** @param {ReturnType<typeof electronTarget>} target @param {string} dir */
function tryPrebuilt(target, dir) {
  const bin = require.resolve('prebuild-install/bin.js');
  const args = [
    '--runtime',
    'electron',
    '--target',
    target.electron,
    '--platform',
    target.platform,
    '--arch',
    target.arch,
  ];
  return run(bin, args, dir, 120_000);
}

/** @param {ReturnType<typeof electronTarget>} target @param {string} dir */
function tryCompile(target, dir) {
  const bin = require.resolve('node-gyp/bin/node-gyp.js');
  const args = [
    'rebuild',
    '--release',
    '--runtime=electron',
    `--target=${target.electron}`,
    `--arch=${target.arch}`,
    `--dist-url=${HEADERS_URL}`,
  ];
  return run(bin, args, dir, 15 * 60_000);
}

/** @param {ReturnType<typeof electronTarget>} target @param {string} built */
function install(target, built) {
  const abi = abiOfAddon(built);
  if (abi !== target.abi) {
    throw new Error(
      `the build is for ABI ${abi ?? 'unknown'}, but Electron ${target.electron} needs ABI ${target.abi}: ` +
        `it was compiled against other headers than Electron's (a stale ~/.cache/node-gyp/${target.electron}?). Nothing was installed.`,
    );
  }
  fs.mkdirSync(outputDir, { recursive: true });
  const partial = `${binaryFile}.partial`;
  fs.copyFileSync(built, partial);
  fs.renameSync(partial, binaryFile);
  fs.writeFileSync(stampFile, `${JSON.stringify(target, null, 2)}\n`);
}

function main() {
  const target = electronTarget();
  const label = `better-sqlite3 ${target.betterSqlite3} for Electron ${target.electron} (ABI ${target.abi}, ${target.platform}-${target.arch})`;
  if (process.argv.includes('--if-stale')) {
    const why = mismatch(target);
    if (why === null) return 0;
    console.log(`Rebuilding ${label}: ${why}.`);
  }

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skilldeck-sqlite-electron-'));
  try {
    copyPackageSources(dir);
    const built = path.join(dir, 'build', 'Release', 'better_sqlite3.node');
    console.log(`Fetching a prebuilt ${label}…`);
    const prebuilt = tryPrebuilt(target, dir);
    let compiled = { ok: false, reason: 'not tried' };
    if (!prebuilt.ok || !fs.existsSync(built)) {
      console.log(
        `No prebuilt binary; compiling against Electron's headers from ${HEADERS_URL} (about a minute)…`,
      );
      compiled = tryCompile(target, dir);
    }
    if (!fs.existsSync(built) || !(prebuilt.ok || compiled.ok)) {
      console.error(
        [
          `Could not build ${label}.`,
          `  prebuilt binary (GitHub releases): ${prebuilt.reason}`,
          `  compile from source (${HEADERS_URL}): ${compiled.reason}`,
          'Both need network access (github.com, electronjs.org); a compile also needs Python and a C++ toolchain.',
          'node_modules/better-sqlite3 was not touched: tests and the CLI keep working.',
          'Without it Electron cannot open the database; the dashboard runs headless with: npx skilldeck serve',
        ].join('\n'),
      );
      return 1;
    }
    install(target, built);
    console.log(`Built ${label} → ${path.relative(projectRoot, binaryFile)}`);
    return 0;
  } catch (error) {
    console.error(`Could not build ${label}: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

process.exitCode = main();
