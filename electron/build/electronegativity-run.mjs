// Runs Electronegativity through its programmatic API and writes one JSON file with every finding and
// every file it could not parse. Started by electronegativity.mjs as
//   npx -y -p @doyensec/electronegativity@X node electronegativity-run.mjs <input dir> <electron version> <out.json>
// so the package is the one npx installed (its bin folder is on PATH), not a dependency of the project.
//
// Why not the CLI's `-o report.csv`: the CLI writes the CSV header and the rows with two concurrent
// fs.writeFile calls on the same path (flag 'w', then flag 'a'); whichever finishes last wins, so under
// load the report lost rows at random (seen in CI: 1 finding instead of 7, twice in a row).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

function packageRoot() {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    for (const name of ['electronegativity', 'electronegativity.cmd']) {
      const bin = path.join(dir, name);
      if (!fs.existsSync(bin)) continue;
      // node_modules/.bin/electronegativity -> ../@doyensec/electronegativity/dist/index.js
      if (name.endsWith('.cmd')) return path.join(dir, '..', '@doyensec', 'electronegativity');
      return path.resolve(path.dirname(fs.realpathSync(bin)), '..');
    }
  }
  throw new Error('the electronegativity package is not on PATH (run this through npx -p)');
}

async function main() {
  const [input, electronVersion, out] = process.argv.slice(2);
  if (!input || !electronVersion || !out) throw new Error('usage: <input dir> <electron version> <out.json>');
  const root = packageRoot();
  const load = createRequire(path.join(root, 'package.json'));
  const run = load('./dist/runner.js');
  const { version } = load('./package.json');
  const result = await run({ input, electronVersionOverride: electronVersion }, false);
  const findings = result.issues.map((issue) => ({
    issue: issue.id,
    severity: issue.severity?.name ?? String(issue.severity),
    confidence: issue.confidence?.name ?? String(issue.confidence),
    filename: issue.file,
    location: `${issue.location?.line ?? 0}:${issue.location?.column ?? 0}`,
    sample: issue.sample ?? '',
    description: issue.description ?? '',
  }));
  const errors = result.errors.map((e) => ({
    file: e.file,
    message: e.message,
    tolerable: Boolean(e.tolerable),
  }));
  fs.writeFileSync(out, JSON.stringify({ version, findings, errors }, null, 2));
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error && error.stack ? error.stack : String(error));
    process.exit(1);
  },
);
