// `npm start`'s fallback: `skilldeck serve` on the desktop app's data folder, its URL printed and opened in
// the default browser (xdg-open / open / start; SKILLDECK_OPEN names another opener, `none` only prints).
// Plain Node, no dependencies: it runs before anything is known to work.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** The platform's opener for a URL, or null where there is none (no display on Linux). */
function defaultOpener(env = process.env) {
  if (process.platform === 'darwin') return { command: 'open', args: [] };
  if (process.platform === 'win32') return { command: 'cmd', args: ['/c', 'start', '""'] };
  if (!env.DISPLAY && !env.WAYLAND_DISPLAY) return null;
  const onPath = (env.PATH ?? '')
    .split(path.delimiter)
    .some((dir) => dir && fs.existsSync(path.join(dir, 'xdg-open')));
  return onPath ? { command: 'xdg-open', args: [] } : null;
}

/** Hands the URL to the browser; says so, or says to open it by hand. Never waits on the browser. */
function openInBrowser(url) {
  const chosen = process.env.SKILLDECK_OPEN?.trim();
  const opener =
    chosen === 'none' ? null : chosen ? { command: chosen, args: [] } : defaultOpener(process.env);
  if (!opener) {
    console.log(`Open ${url} in your browser.`);
    return;
  }
  const byHand = (why) => console.log(`Could not open a browser (${why}): open ${url} in your browser.`);
  const child = spawn(opener.command, [...opener.args, url], { stdio: 'ignore', detached: true });
  child.on('error', (error) =>
    byHand(error.code === 'ENOENT' ? `${opener.command} not found` : error.message),
  );
  child.on('exit', (code) => {
    if (code === 0) console.log('Opened it in your browser.');
    else if (code !== null) byHand(`${opener.command} exited with ${code}`);
  });
  child.unref();
}

/** Builds what serve needs (the CLI bundle and the dashboard) when `npm ci` has not. */
function ensureBuilt(root, runNode) {
  const built = ['out/cli/main.js', 'out/renderer/index.html'].every((f) =>
    fs.existsSync(path.join(root, f)),
  );
  if (built) return true;
  const bin = (pkg, name) => {
    const dir = path.join(root, 'node_modules', pkg);
    const { bin: field } = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
    return path.join(dir, typeof field === 'string' ? field : field[name]);
  };
  return (
    runNode(bin('electron-vite', 'electron-vite'), ['build']) === 0 &&
    runNode(bin('vite', 'vite'), ['build', '--config', 'vite.cli.config.mts']) === 0
  );
}

/**
 * Runs `skilldeck serve --data-dir dataDir` until it stops (Ctrl+C); resolves with its exit code.
 * @param {{ root: string, why: string, dataDir: string, runNode: (script: string, args: string[]) => number }} options
 */
export function headlessDashboard({ root, why, dataDir, runNode }) {
  console.log(`The desktop app did not start: ${why}; the dashboard runs in your browser instead.`);
  if (!ensureBuilt(root, runNode)) {
    console.error('The build failed (see above), so there is no dashboard to serve.');
    return Promise.resolve(1);
  }
  const child = spawn(
    process.execPath,
    [path.join(root, 'electron', 'cli', 'skilldeck.mjs'), 'serve', '--data-dir', dataDir],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let pending = '';
  let opened = false;
  child.stdout.setEncoding('utf8').on('data', (chunk) => {
    process.stdout.write(chunk);
    if (opened) return;
    pending += chunk;
    const url = /Skilldeck dashboard: (\S+)/.exec(pending)?.[1];
    if (url && pending.includes('\n', pending.indexOf(url))) {
      opened = true;
      openInBrowser(url);
    }
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  return new Promise((resolve) => {
    child.on('error', (error) => {
      console.error(`Could not run skilldeck serve: ${error.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}
