// selection-hook for Node, for the tests under Xvfb. The package's own Linux binary (prebuilds/linux-x64)
// needs glibc ≥ 2.38 and libevdev.so.2; on Debian 12 (glibc 2.36) it cannot load whatever is installed, so
// the same sources are compiled here for this Node — in a temp folder, never in node_modules — when the
// headers are there (apt-get install libevdev-dev libxtst-dev libwayland-dev libx11-dev libxfixes-dev).
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { onPath } from '../../fs/on-path';

const require = createRequire(import.meta.url);

/** The selection-hook class, as the package exports it. */
export type SelectionHookClass = new () => {
  start(config?: Record<string, unknown>): boolean;
  cleanup(): void;
  on(event: string, listener: (...args: never[]) => void): unknown;
  removeListener(event: string, listener: (...args: never[]) => void): unknown;
  setSelectionPassiveMode(passive: boolean): boolean;
};

export type Loaded = { hook: SelectionHookClass; from: string } | { skip: string };

const PACKAGE = path.dirname(require.resolve('selection-hook'));

/** Why the package's own binary does not load here (its loader prints it on console.error), or null. */
export function packageLoadError(): string | null {
  const probe = spawnSync(process.execPath, ['-e', 'require("selection-hook")'], {
    cwd: PACKAGE,
    encoding: 'utf8',
    timeout: 20_000,
  });
  const said = `${probe.stdout}${probe.stderr}`.trim();
  return /Failed to load native module/.test(said) ? said : null;
}

function loadFrom(dir: string): SelectionHookClass {
  return require(path.join(dir, 'index.js')) as SelectionHookClass;
}

/** node-gyp as npm ships it. */
function nodeGyp(): string | null {
  const beside = path.resolve(process.execPath, '..', '..', 'lib', 'node_modules', 'npm', 'node_modules');
  const besideNode = path.join(beside, 'node-gyp', 'bin', 'node-gyp.js');
  if (fs.existsSync(besideNode)) return besideNode;
  if (!onPath('npm')) return null;
  try {
    const npmPrefix = execFileSync('npm', ['prefix', '-g'], { encoding: 'utf8' }).trim();
    const gyp = path.join(
      npmPrefix,
      'lib',
      'node_modules',
      'npm',
      'node_modules',
      'node-gyp',
      'bin',
      'node-gyp.js',
    );
    return fs.existsSync(gyp) ? gyp : null;
  } catch {
    return null;
  }
}

/** The package's binary when it loads, else the sources built for this Node (cached in the temp folder). */
export function loadNodeSelectionHook(): Loaded {
  if (process.platform !== 'linux') return { skip: 'the Xvfb tests run on Linux' };
  const own = packageLoadError();
  if (own === null) return { hook: loadFrom(PACKAGE), from: `its own binary (${PACKAGE})` };

  const version = (require(path.join(PACKAGE, 'package.json')) as { version: string }).version;
  const dir = path.join(os.tmpdir(), `skilldeck-selection-hook-${version}-node${process.versions.modules}`);
  const built = path.join(dir, 'build', 'Release', 'selection-hook.node');
  if (!fs.existsSync(built)) {
    const libs = ['libevdev', 'xtst', 'wayland-client', 'x11', 'xfixes'];
    const headers = onPath('pkg-config') && spawnSync('pkg-config', ['--exists', ...libs]).status === 0;
    const gyp = nodeGyp();
    const nodeHeaders = fs.existsSync('/usr/include/node/node_api.h');
    if (!headers || !gyp || !nodeHeaders || !onPath('make') || !onPath('g++'))
      return {
        skip:
          `its binary does not load here (${own.split('\n')[0]!}) and it cannot be built: ` +
          'apt-get install -y libevdev-dev libxtst-dev libwayland-dev libx11-dev libxfixes-dev g++ make pkg-config',
      };
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    for (const name of ['binding.gyp', 'index.js', 'package.json', 'src'])
      fs.cpSync(path.join(PACKAGE, name), path.join(dir, name), { recursive: true });
    // node-addon-api and node-gyp-build, from the project's node_modules
    fs.symlinkSync(path.resolve(PACKAGE, '..'), path.join(dir, 'node_modules'));
    const build = spawnSync(process.execPath, [gyp, 'rebuild', '--nodedir=/usr'], {
      cwd: dir,
      encoding: 'utf8',
      timeout: 180_000,
    });
    if (build.status !== 0 || !fs.existsSync(built))
      return { skip: `building selection-hook failed: ${(build.stderr || build.stdout).slice(-600)}` };
  }
  // The cache outlives the checkout that built it: its link to node-gyp-build follows this checkout.
  const modules = path.join(dir, 'node_modules');
  const wanted = path.resolve(PACKAGE, '..');
  const linked = (() => {
    try {
      return fs.readlinkSync(modules);
    } catch {
      return null;
    }
  })();
  if (linked !== wanted) {
    fs.rmSync(modules, { force: true });
    fs.symlinkSync(wanted, modules);
  }
  return { hook: loadFrom(dir), from: `built from its sources for Node ${process.version} (${built})` };
}
