import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { electronTarget, mismatch, type ElectronTarget } from './electron-target.mjs';

let dir: string;
let binary: string;
let stamp: string;
const target: ElectronTarget = {
  electron: '45.4.1',
  abi: 150,
  betterSqlite3: '12.11.1',
  platform: 'linux',
  arch: 'x64',
};

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skilldeck-native-'));
  binary = path.join(dir, 'better_sqlite3.node');
  stamp = path.join(dir, 'better_sqlite3.json');
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const write = (abi: number, recorded: Partial<ElectronTarget> = {}) => {
  fs.writeFileSync(binary, `\u007fELF...node_register_module_v${abi}\u0000...`);
  fs.writeFileSync(stamp, JSON.stringify({ ...target, ...recorded }));
};

describe('electronTarget', () => {
  it('reads the installed Electron version and ABI and the better-sqlite3 version', () => {
    const installed = electronTarget();
    expect(installed.electron).toMatch(/^\d+\.\d+\.\d+/);
    expect(installed.abi).toBeGreaterThan(Number(process.versions.modules));
    expect(installed.betterSqlite3).toMatch(/^\d+\.\d+\.\d+/);
    expect(installed).toMatchObject({ platform: process.platform, arch: process.arch });
  });
});

describe('mismatch', () => {
  it('accepts a binary whose stamp and ABI fit', () => {
    write(150);
    expect(mismatch(target, { binary, stamp })).toBeNull();
  });

  it('reports a missing binary or stamp', () => {
    expect(mismatch(target, { binary, stamp })).toMatch(/does not exist/);
    fs.writeFileSync(binary, 'node_register_module_v150');
    expect(mismatch(target, { binary, stamp })).toMatch(/missing or unreadable/);
  });

  it.each<[Partial<ElectronTarget>, RegExp]>([
    [{ electron: '44.0.0' }, /electron "44.0.0", needed "45.4.1"/],
    [{ betterSqlite3: '12.10.0' }, /betterSqlite3/],
    [{ platform: 'darwin' }, /platform "darwin", needed "linux"/],
    [{ arch: 'arm64' }, /arch "arm64"/],
  ])('reports a build for something else: %o', (recorded, message) => {
    write(150, recorded);
    expect(mismatch(target, { binary, stamp })).toMatch(message);
  });

  it('catches a Node-ABI binary behind a correct stamp (the electron-rebuild trap)', () => {
    write(115);
    expect(mismatch(target, { binary, stamp })).toBe('the binary is for ABI 115, Electron 45.4.1 needs 150');
  });
});
