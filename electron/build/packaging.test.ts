// Runs electron-builder on the real electron-builder.yml (linux dir target) with a stub in place of the
// Electron binary, which cannot be downloaded here, and checks what lands in the package.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Arch, build, Platform, type Configuration } from 'electron-builder';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { checkNativeForPackage } from './before-pack.mjs';
import { electronTarget, projectRoot } from './electron-target.mjs';

const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
const built = fs.existsSync(path.join(projectRoot, 'out', 'main', 'index.js'));
if (!built)
  console.warn('packaging test skipped: out/main/index.js is missing — run `npx electron-vite build` first');

let work: string;
let resources: string;

interface AsarDirectory {
  files: Record<string, Partial<AsarDirectory>>;
}

/** Every path in an asar archive, read from its JSON header (a Chromium pickle: sizes at bytes 4 and 12). */
function listAsar(): string[] {
  const bytes = fs.readFileSync(path.join(resources, 'app.asar'));
  const header = JSON.parse(
    bytes.subarray(16, 16 + bytes.readUInt32LE(12)).toString('utf8'),
  ) as AsarDirectory;
  const walk = (dir: AsarDirectory, prefix: string): string[] =>
    Object.entries(dir.files).flatMap(([name, entry]) => [
      `${prefix}/${name}`,
      ...(entry.files ? walk(entry as AsarDirectory, `${prefix}/${name}`) : []),
    ]);
  return walk(header, '');
}

/** The fuse wire after the sentinel: [version, length, ...states], states '0' off / '1' on. */
function fuseStates(binary: string): string {
  const bytes = fs.readFileSync(binary);
  const start = bytes.indexOf(FUSE_SENTINEL) + FUSE_SENTINEL.length;
  return bytes.subarray(start + 2, start + 2 + bytes[start + 1]!).toString('latin1');
}

describe.skipIf(!built)('electron-builder.yml, packaged for linux (dir) with a stub Electron', () => {
  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'skilldeck-pack-'));
    const stubDir = path.join(work, 'electron-dist');
    fs.mkdirSync(stubDir);
    // 9 fuses, all "off", behind the sentinel @electron/fuses looks for.
    fs.writeFileSync(path.join(stubDir, 'electron'), `#!/bin/sh\n#${FUSE_SENTINEL}\u0001\u0009000000000`, {
      mode: 0o755,
    });
    const native = path.join(work, 'better_sqlite3.node');
    fs.writeFileSync(native, 'stub\u0000node_register_module_v150\u0000');

    // The file as written, except where the native module comes from, the hook (checked on its own below:
    // it reads build-electron/, which this test leaves alone), the Electron binary and the output folder.
    const config = parse(
      fs.readFileSync(path.join(projectRoot, 'electron-builder.yml'), 'utf8'),
    ) as Configuration;
    const extraResources = (config.extraResources as { from: string; to: string }[]).map((entry) =>
      entry.to === 'native/better_sqlite3.node' ? { ...entry, from: native } : entry,
    );
    const configFile = path.join(work, 'electron-builder.yml');
    fs.writeFileSync(
      configFile,
      stringify({
        ...config,
        extraResources,
        beforePack: null,
        electronDist: stubDir,
        directories: { ...config.directories, output: path.join(work, 'dist') },
      }),
    );
    await build({
      projectDir: projectRoot,
      targets: Platform.LINUX.createTarget('dir', Arch.x64),
      config: configFile,
      publish: 'never',
    });
    resources = path.join(work, 'dist', 'linux-unpacked', 'resources');
  }, 120_000);

  afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

  it('puts the Electron bundles and package.json in app.asar, and neither the CLI, source maps nor sources', () => {
    const files = listAsar();
    expect(files).toEqual(
      expect.arrayContaining([
        '/package.json',
        '/out/main/index.js',
        '/out/preload/index.cjs',
        '/out/renderer/index.html',
        '/out/preload/card.cjs',
        '/out/preload/command-bar.cjs',
        '/out/main/pages/card.html',
        '/out/main/pages/card.js',
        '/out/main/pages/command-bar.html',
        '/out/main/pages/command-bar.js',
        '/out/main/pages/shell.css',
        '/out/main/pages/icon.png',
      ]),
    );
    expect(
      files.filter((f) => /^\/out\/(cli|bench)\b|\.map$|^\/(electron|renderer|shared|e2e)\//.test(f)),
    ).toEqual([]);
    expect(files.filter((f) => /^\/node_modules\/better-sqlite3\/(build|deps|src)\//.test(f))).toEqual([]);
    expect(files).toEqual(
      expect.arrayContaining(['/node_modules/zod', '/node_modules/yaml', '/node_modules/better-sqlite3']),
    );
  });

  it('ships the shell parser as WebAssembly, without tree-sitter-bash’s native addon or C sources', () => {
    const files = listAsar();
    expect(files).toEqual(
      expect.arrayContaining([
        '/node_modules/tree-sitter-bash/tree-sitter-bash.wasm',
        '/node_modules/web-tree-sitter/web-tree-sitter.wasm',
      ]),
    );
    expect(
      files.filter((f) => /^\/node_modules\/tree-sitter-bash\/(prebuilds|src|bindings)\//.test(f)),
    ).toEqual([]);
  });

  it('unpacks better-sqlite3 and ships skills and the Electron SQLite module beside the asar', () => {
    expect(
      fs.existsSync(
        path.join(resources, 'app.asar.unpacked', 'node_modules', 'better-sqlite3', 'lib', 'index.js'),
      ),
    ).toBe(true);
    expect(fs.readFileSync(path.join(resources, 'native', 'better_sqlite3.node'), 'latin1')).toContain(
      'node_register_module_v150',
    );
    const skills = fs.readdirSync(path.join(projectRoot, 'skills'));
    expect(skills.length).toBeGreaterThan(0);
    for (const skill of skills)
      expect(fs.existsSync(path.join(resources, 'skills', skill, 'SKILL.md'))).toBe(true);
  });

  it("unpacks selection-hook's native binary for this platform only, without its sources", () => {
    const unpacked = path.join(resources, 'app.asar.unpacked', 'node_modules', 'selection-hook');
    expect(fs.existsSync(path.join(unpacked, 'index.js'))).toBe(true);
    expect(fs.readdirSync(path.join(unpacked, 'prebuilds')).sort()).toEqual(['linux-arm64', 'linux-x64']);
    const binary = fs.readFileSync(path.join(unpacked, 'prebuilds', 'linux-x64', 'selection-hook.node'));
    expect(binary.subarray(0, 4).toString('latin1')).toBe('\x7fELF');
    expect(fs.existsSync(path.join(unpacked, 'src'))).toBe(false);
    expect(listAsar()).toEqual(
      expect.arrayContaining(['/node_modules/selection-hook', '/node_modules/node-gyp-build']),
    );
  });

  it('flips the security fuses', () => {
    // RunAsNode, CookieEncryption, NODE_OPTIONS, --inspect, AsarIntegrity, OnlyLoadAppFromAsar, (V8 snapshot), FileProtocolPrivileges, (wasm)
    expect(fuseStates(path.join(work, 'dist', 'linux-unpacked', 'skilldeck'))).toBe('010011000');
  });
});

describe('the preloads', () => {
  it.skipIf(!built)('are self-contained: a sandboxed preload can require only electron', () => {
    for (const name of ['index.cjs', 'card.cjs', 'command-bar.cjs']) {
      const code = fs.readFileSync(path.join(projectRoot, 'out', 'preload', name), 'utf8');
      const required = [...code.matchAll(/require\(["']([^"']+)["']\)/g)].map((m) => m[1]);
      expect(new Set(required), name).toEqual(new Set(['electron']));
    }
  });

  it.skipIf(!built)(
    'are bridges only: no zod (the main process validates), no contract list in the shell ones',
    () => {
      for (const name of ['index.cjs', 'card.cjs', 'command-bar.cjs']) {
        const code = fs.readFileSync(path.join(projectRoot, 'out', 'preload', name), 'utf8');
        expect(code, name).not.toMatch(/zod|safeParse/i);
        if (name !== 'index.cjs') expect(code, name).not.toContain('skills:list');
      }
    },
  );
});

describe('the macOS and icon settings', () => {
  const config = parse(
    fs.readFileSync(path.join(projectRoot, 'electron-builder.yml'), 'utf8'),
  ) as Configuration;

  it('signs with the hardened runtime, our entitlements and the usage descriptions', () => {
    expect(config.mac).toMatchObject({
      hardenedRuntime: true,
      entitlements: 'electron/build/entitlements.mac.plist',
    });
    const entitlements = fs.readFileSync(
      path.join(projectRoot, 'electron/build/entitlements.mac.plist'),
      'utf8',
    );
    expect([...entitlements.matchAll(/<key>([^<]+)<\/key>/g)].map((m) => m[1])).toEqual([
      'com.apple.security.cs.allow-jit',
      'com.apple.security.automation.apple-events',
    ]);
    expect(Object.keys(config.mac?.extendInfo as object).sort()).toEqual([
      'NSAccessibilityUsageDescription',
      'NSAppleEventsUsageDescription',
    ]);
  });

  it('has a 512×512 PNG icon for every platform', () => {
    for (const platform of [config.linux, config.mac, config.win])
      expect(platform?.icon).toBe('electron/build/icons/icon.png');
    const png = fs.readFileSync(path.join(projectRoot, 'electron/build/icons/icon.png'));
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([512, 512]);
  });
});

// The one packaging step that needs Electron's build of better-sqlite3 (npm run build:native-electron,
// which needs Electron's headers from the network): skipped with the reason where it was never built.
const electronSqlite = path.join(projectRoot, 'build-electron', 'better_sqlite3.node');
if (!fs.existsSync(electronSqlite))
  console.warn(
    'packaging: the beforePack check of build-electron/better_sqlite3.node skipped — it is not built here ' +
      '(`npm run build:native-electron` needs Electron headers from the network); the smoke test packs a stub',
  );

describe('the beforePack check', () => {
  it.skipIf(!fs.existsSync(electronSqlite))('accepts this machine’s Electron build of better-sqlite3', () => {
    expect(() =>
      checkNativeForPackage({
        electronPlatformName: process.platform,
        arch: process.arch === 'arm64' ? Arch.arm64 : Arch.x64,
      }),
    ).not.toThrow();
  });

  it('refuses a module built for another platform or arch, and accepts a fitting one', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skilldeck-prepack-'));
    try {
      const binary = path.join(dir, 'better_sqlite3.node');
      const stamp = path.join(dir, 'better_sqlite3.json');
      const target = electronTarget({ platform: 'linux', arch: 'x64' });
      fs.writeFileSync(binary, `node_register_module_v${target.abi}`);
      fs.writeFileSync(stamp, JSON.stringify(target));
      expect(() =>
        checkNativeForPackage({ electronPlatformName: 'linux', arch: Arch.x64 }, { binary, stamp }),
      ).not.toThrow();
      expect(() =>
        checkNativeForPackage({ electronPlatformName: 'win32', arch: Arch.x64 }, { binary, stamp }),
      ).toThrow(/cannot go into a win32-x64 package: built for platform "linux"/);
      expect(() =>
        checkNativeForPackage({ electronPlatformName: 'linux', arch: Arch.arm64 }, { binary, stamp }),
      ).toThrow(/arch "x64", needed "arm64"/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
