#!/usr/bin/env node
// `npm run bench [filter]`: bundles every bench/*.bench.ts for Node with Vite, then runs each one's
// default export in turn. Each prints its own table of medians, p95 and ratios; the goals they record
// (bench/harness.ts `goal`) are printed together at the end.
import { readdirSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const root = path.dirname(fileURLToPath(import.meta.url));
const filter = process.argv[2] ?? '';
const files = readdirSync(root)
  .filter((f) => f.endsWith('.bench.ts') && f.includes(filter))
  .sort();
if (files.length === 0) {
  console.error(`no bench/*.bench.ts matches "${filter}"`);
  process.exit(1);
}
const outDir = path.join(root, '..', 'out', 'bench');
const pkg = (
  await import(pathToFileURL(path.join(root, '..', 'package.json')).href, { with: { type: 'json' } })
).default;
const external = [
  ...builtinModules,
  ...builtinModules.map((m) => `node:${m}`),
  ...Object.keys(pkg.dependencies),
];

await build({
  logLevel: 'warn',
  configFile: false,
  build: {
    ssr: true,
    outDir,
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    rollupOptions: {
      input: Object.fromEntries(files.map((f) => [f.replace(/\.ts$/, ''), path.join(root, f)])),
      external: (id) => external.some((e) => id === e || id.startsWith(`${e}/`)),
      output: { format: 'es', entryFileNames: '[name].js' },
    },
  },
});

console.log(`Skilldeck benchmarks — node ${process.version}, ${process.platform}/${process.arch}`);
for (const file of files) {
  const mod = await import(pathToFileURL(path.join(outDir, file.replace(/\.ts$/, '.js'))).href);
  await mod.default();
}
// Every goal a bench recorded (bench/harness.ts `goal`), met or not, in one closing table.
const printGoals = globalThis[Symbol.for('skilldeck.bench.printGoals')];
const unmet = typeof printGoals === 'function' ? printGoals() : 0;
if (unmet > 0) console.log(`\n${unmet} goal(s) not met: see the reasons beside them.`);
