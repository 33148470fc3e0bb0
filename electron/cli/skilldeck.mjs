#!/usr/bin/env node
// The `skilldeck` command: runs the bundled CLI (built by `npm run build`, which `npm ci` runs).
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const bundle = fileURLToPath(new URL('../../out/cli/main.js', import.meta.url));
if (!existsSync(bundle)) {
  console.error(
    'skilldeck: the CLI is not built yet. Run `npm run build` in the Skilldeck folder, then try again.',
  );
  process.exit(1);
}
const { main, endQuietlyWhenStdoutCloses } = await import(pathToFileURL(bundle).href);
endQuietlyWhenStdoutCloses();
process.exitCode = await main(process.argv.slice(2));
