import { resolve } from 'node:path';
import { builtinModules } from 'node:module';
import { defineConfig } from 'vite';
import pkg from './package.json' with { type: 'json' };

// The `skilldeck` CLI and headless host: a Node bundle of electron/cli with the runtime dependencies
// left external (they are in package.json "dependencies"), so it runs under plain Node 20.
const external = [
  ...builtinModules,
  ...builtinModules.map((m) => `node:${m}`),
  ...Object.keys(pkg.dependencies),
].map((name) => new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(/.*)?$`));

export default defineConfig({
  build: {
    ssr: resolve(import.meta.dirname, 'electron/cli/cli.ts'),
    outDir: 'out/cli',
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    sourcemap: true,
    rollupOptions: { external, output: { format: 'es', entryFileNames: 'main.js' } },
  },
  ssr: { noExternal: true, external: Object.keys(pkg.dependencies) },
});
