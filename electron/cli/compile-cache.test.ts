// The bin's code cache (compile-cache.mjs) on a small CommonJS "bundle" of its own: written once when the
// process ends, used by the next start, rewritten when V8 refuses it, never in the way when it cannot be
// written. Each case is a fresh Node process, as a command is.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { packageRoot } from './paths';

const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) {
    fs.chmodSync(dir, 0o755);
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

/** A folder like out/cli: CommonJS, a main requiring a chunk; and a starter like the bin. */
function bundle() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'skilldeck-compile-cache-'));
  temps.push(root);
  const folder = path.join(root, 'cli');
  fs.mkdirSync(folder);
  fs.writeFileSync(path.join(folder, 'package.json'), '{ "type": "commonjs" }\n');
  fs.writeFileSync(path.join(folder, 'chunk-abc.js'), 'exports.twice = (n) => n * 2;\n');
  fs.writeFileSync(
    path.join(folder, 'main.js'),
    "const { twice } = require('./chunk-abc.js');\nexports.answer = () => `${twice(21)} ${__filename.endsWith('main.js')}`;\n",
  );
  const start = path.join(root, 'start.mjs');
  const cacheModule = pathToFileURL(path.join(packageRoot, 'electron/cli/compile-cache.mjs')).href;
  fs.writeFileSync(
    start,
    `import { createRequire } from 'node:module';
import { useCompileCache } from ${JSON.stringify(cacheModule)};
useCompileCache(${JSON.stringify(folder)});
console.log(createRequire(import.meta.url)(${JSON.stringify(path.join(folder, 'main.js'))}).answer());
`,
  );
  const run = () => {
    const result = spawnSync(process.execPath, [start], { encoding: 'utf8' });
    return { out: result.stdout.trim(), err: result.stderr, code: result.status };
  };
  return { folder, cache: path.join(folder, '.v8-cache'), run };
}

describe('the CLI bundle’s code cache', () => {
  it('writes a cache file per file of the bundle on the first start and runs the same from it after', () => {
    const { cache, run } = bundle();
    expect(run()).toEqual({ out: '42 true', err: '', code: 0 });
    const files = fs.readdirSync(cache).sort();
    expect(files).toEqual([
      expect.stringMatching(/^chunk-abc\.js\.\d+-\d+\.cache$/),
      expect.stringMatching(/^main\.js\.\d+-\d+\.cache$/),
    ]);
    const written = fs.statSync(path.join(cache, files[1]!)).mtimeMs;
    expect(run()).toEqual({ out: '42 true', err: '', code: 0 });
    // accepted: not written again
    expect(fs.readdirSync(cache).sort()).toEqual(files);
    expect(fs.statSync(path.join(cache, files[1]!)).mtimeMs).toBe(written);
  });

  it('a cache V8 refuses is replaced, and an edited file (even of the same length) never runs its old code', () => {
    const { folder, cache, run } = bundle();
    run();
    const mainCache = () => fs.readdirSync(cache).find((f) => f.startsWith('main.js.'))!;
    fs.writeFileSync(path.join(cache, mainCache()), 'not a code cache');
    expect(run()).toEqual({ out: '42 true', err: '', code: 0 });
    expect(fs.readFileSync(path.join(cache, mainCache()), 'utf8')).not.toBe('not a code cache');
    // same length, other code, a later modification time
    const chunk = path.join(folder, 'chunk-abc.js');
    fs.writeFileSync(chunk, 'exports.twice = (n) => n * 3;\n');
    fs.utimesSync(chunk, new Date(), new Date(Date.now() + 5000));
    expect(run().out).toBe('63 true');
    const left = fs.readdirSync(cache);
    expect(left.filter((f) => f.startsWith('chunk-abc.js.'))).toHaveLength(1); // the old one removed
    expect(left.filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('a folder it cannot write to (a read-only install) costs nothing but the cache', () => {
    const { folder, cache, run } = bundle();
    fs.chmodSync(folder, 0o555);
    try {
      expect(run()).toEqual({ out: '42 true', err: '', code: 0 });
      expect(fs.existsSync(cache)).toBe(process.getuid?.() === 0); // root writes anyway
    } finally {
      fs.chmodSync(folder, 0o755);
    }
  });
});
