// The dashboard bench's host: `skilldeck serve` started on a folder of generated skills, and its URL.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** The repository: the bench runs bundled from out/bench/, so look up for package.json. */
function repoRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) return process.cwd();
  }
}
// DASHBOARD_BENCH_ROOT: another built checkout to measure (e.g. a copy of HEAD, for a before/after)
export const ROOT = process.env.DASHBOARD_BENCH_ROOT ?? repoRoot(import.meta.dirname);
const CLI = path.join(ROOT, 'electron', 'cli', 'skilldeck.mjs');

export interface Host {
  url: string;
  stop(): Promise<void>;
}

export async function startHost(dataDir: string, skillsDir: string): Promise<Host> {
  const child = spawn(
    process.execPath,
    [CLI, 'serve', '--port', '0', '--data-dir', dataDir, '--skills-dir', skillsDir, '--no-keyring'],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } },
  );
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`skilldeck serve printed no URL:\n${output}`)), 20_000);
    const onData = (chunk: string) => {
      output += chunk;
      const found = /Skilldeck dashboard: (http:\/\/\S+)/.exec(output)?.[1];
      if (found) {
        clearTimeout(timer);
        resolve(found);
      }
    };
    child.stdout.setEncoding('utf8').on('data', onData);
    child.stderr.setEncoding('utf8').on('data', onData);
    child.once('exit', (code) => reject(new Error(`skilldeck serve exited (${code}):\n${output}`)));
  });
  return {
    url,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

export function writeSkills(dir: string, count: number) {
  const pad = (i: number) => String(i).padStart(4, '0');
  for (let i = 0; i < count; i++) {
    const id = `skill-${pad(i)}`;
    fs.mkdirSync(path.join(dir, id), { recursive: true });
    fs.writeFileSync(
      path.join(dir, id, 'SKILL.md'),
      `---\nname: ${id}\ndescription: Rewrites the selected text in house style number ${i}.\n---\nRewrite the text in style ${i}.\n`,
    );
  }
}

export const pageUrl = (host: Host, hash: string) => {
  const url = new URL(host.url);
  url.hash = hash;
  return url.toString();
};
