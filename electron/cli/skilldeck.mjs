#!/usr/bin/env node
// The `skilldeck` command: runs the bundled CLI (built by `npm run build`, which `npm ci` runs), compiled
// through V8's code cache (compile-cache.mjs).
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { useCompileCache } from './compile-cache.mjs';

const bundle = fileURLToPath(new URL('../../out/cli/main.js', import.meta.url));
if (!existsSync(bundle)) {
  console.error(
    'skilldeck: the CLI is not built yet. Run `npm run build` in the Skilldeck folder, then try again.',
  );
  process.exit(1);
}
useCompileCache(path.dirname(bundle));
const { main, endQuietlyWhenStdoutCloses } = createRequire(import.meta.url)(bundle);
endQuietlyWhenStdoutCloses();
process.exitCode = await main(process.argv.slice(2));
