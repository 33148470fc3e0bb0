import { resolve } from 'node:path';
import { builtinModules } from 'node:module';
import { defineConfig } from 'vite';
import pkg from './package.json' with { type: 'json' };

// The `skilldeck` CLI and headless host: a Node bundle of electron/cli that runs under plain Node 20.
// The runtime dependencies stay external (loaded from node_modules), except the pure-ESM ones every run
// and validate loads: Node 20 resolves, reads and compiles each file of a package on its own (zod alone
// is ~100 files, ~40 ms), while a bundled chunk is one file. Native and asset-carrying packages
// (better-sqlite3, the tree-sitter WebAssembly) and the rest, loaded only by the commands or tools that
// need them, stay external.
const BUNDLED = [
  'zod',
  'yaml',
  '@ai-sdk/provider',
  '@ai-sdk/openai',
  '@ai-sdk/anthropic',
  '@ai-sdk/openai-compatible',
];
const externalNames = Object.keys(pkg.dependencies).filter((name) => !BUNDLED.includes(name));
const external = [...builtinModules, ...builtinModules.map((m) => `node:${m}`), ...externalNames].map(
  (name) => new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(/.*)?$`),
);

/** A bundled package's chunk is named after the package (`ai-sdk-anthropic-….js`), the rest after their module. */
function chunkFileName(chunk: { name: string; facadeModuleId: string | null }): string {
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(chunk.facadeModuleId ?? '')?.[1];
  return `${inPackage ? inPackage.replace(/^@/, '').replace('/', '-') : chunk.name}-[hash].js`;
}

export default defineConfig({
  build: {
    ssr: resolve(import.meta.dirname, 'electron/cli/cli.ts'),
    outDir: 'out/cli',
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    sourcemap: true,
    rollupOptions: {
      external,
      // Each command is a dynamic import() in cli.ts, and so is each provider kind's SDK, the MCP SDK,
      // linkedom …: each becomes its own chunk, loaded only when used. Chunks sit beside main.js:
      // paths.ts finds the package root from its own file's location.
      // CommonJS (out/cli/package.json says so), so that the bin can compile it through V8's code cache
      // (electron/cli/compile-cache.mjs); an import() becomes a require() run when it is reached.
      output: {
        format: 'cjs',
        entryFileNames: 'main.js',
        chunkFileNames: chunkFileName,
        dynamicImportInCjs: false,
      },
    },
  },
  ssr: { noExternal: true, external: externalNames },
  plugins: [
    {
      name: 'commonjs-folder',
      generateBundle() {
        this.emitFile({ type: 'asset', fileName: 'package.json', source: '{ "type": "commonjs" }\n' });
      },
    },
  ],
});
