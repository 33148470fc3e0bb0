// `npm start` where Electron's binary cannot be had: the headless dashboard starts instead, on the data
// folder the desktop app uses, its URL printed and handed to the browser opener (a fake one here: a test
// never opens a real browser), with one line saying why the desktop app did not start.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { packageRoot } from './paths';

const temps: string[] = [];
const children: ChildProcess[] = [];
const tempDir = (prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  temps.push(dir);
  return dir;
};
afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) {
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await gone;
    }
  }
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A browser opener that records the URL it was given instead of opening anything. */
function fakeOpener(dir: string) {
  const record = path.join(dir, 'opened.txt');
  const script = path.join(dir, 'fake-open');
  fs.writeFileSync(script, `#!/bin/sh\nprintf '%s' "$1" > '${record}'\n`, { mode: 0o755 });
  return { script, record };
}

function start(env: NodeJS.ProcessEnv, options: { ownGroup?: boolean } = {}) {
  // no Electron here, and none to download: the same path as a machine without network access
  const noElectron = tempDir('skilldeck-no-electron-');
  const child = spawn(process.execPath, [path.join(packageRoot, 'electron/cli/start.mjs')], {
    cwd: packageRoot,
    env: {
      ...process.env,
      ELECTRON_OVERRIDE_DIST_PATH: noElectron,
      ELECTRON_SKIP_BINARY_DOWNLOAD: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // its own process group, to send Ctrl+C to the group as a terminal does
    detached: options.ownGroup === true,
  });
  children.push(child);
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const url = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', () => {
      const match = /Skilldeck dashboard: (http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]+)/.exec(output);
      if (match) resolve(match[1]!);
    });
    child.on('exit', (code) => reject(new Error(`npm start exited with ${code}: ${output}`)));
  });
  return { child, url, output: () => output };
}

describe('npm start without Electron', () => {
  it('serves the dashboard on the app’s data folder, opens it in the browser and says why', async () => {
    if (!fs.existsSync(path.join(packageRoot, 'out/cli/main.js')))
      throw new Error('out/cli/main.js is missing: run `npm run build` first (npm test does)');
    const dir = tempDir('skilldeck-start-');
    const opener = fakeOpener(dir);
    const dataDir = path.join(dir, 'data');
    const started = start({ SKILLDECK_DATA_DIR: dataDir, SKILLDECK_OPEN: opener.script });
    const url = await started.url;

    const { origin, searchParams } = new URL(url);
    const page = await fetch(`${origin}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/<div id="root">/);
    const listed = await fetch(`${origin}/api/invoke/skills:list`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${searchParams.get('token')}` },
    });
    expect(((await listed.json()) as { ok: boolean }).ok).toBe(true);

    await expect.poll(() => fs.existsSync(opener.record) && fs.readFileSync(opener.record, 'utf8')).toBe(url);
    const lines = started.output().split('\n');
    expect(lines.filter((l) => /desktop app did not start/.test(l))).toEqual([
      expect.stringMatching(
        /^The desktop app did not start: .*Electron.*; the dashboard runs in your browser instead\.$/,
      ),
    ]);
    await expect.poll(started.output).toContain(`Data: ${dataDir}.`);
    await expect.poll(started.output).toContain('Opened it in your browser.');

    const exited = new Promise<number | null>((resolve) => started.child.on('exit', resolve));
    started.child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 30_000);

  it('uses the desktop app’s own data folder by default, and only prints the URL without a browser', async () => {
    const home = tempDir('skilldeck-start-home-');
    const env: NodeJS.ProcessEnv = { HOME: home, SKILLDECK_OPEN: 'none' };
    delete env.SKILLDECK_DATA_DIR;
    const started = start({ ...env, SKILLDECK_DATA_DIR: '', XDG_CONFIG_HOME: '' }, { ownGroup: true });
    const url = await started.url;
    const expected =
      process.platform === 'darwin' ? 'Library/Application Support/skilldeck' : '.config/skilldeck';
    await expect.poll(started.output).toContain(`Data: ${path.join(home, expected)}.`);
    await expect.poll(started.output).toContain(`Open ${url} in your browser.`);

    // Ctrl+C reaches both npm start and serve: both stop cleanly
    const exited = new Promise<number | null>((resolve) => started.child.on('exit', resolve));
    process.kill(-started.child.pid!, 'SIGINT');
    expect(await exited).toBe(0);
    expect(started.output()).not.toMatch(/Error:|\n\s+at /);
  }, 30_000);
});
