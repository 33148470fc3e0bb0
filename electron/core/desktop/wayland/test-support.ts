// Tests against a real Wayland compositor: sway on wlroots' headless backend (no GPU, no input devices),
// which offers data-control (wl-clipboard reads without focus), primary selection and the virtual
// keyboard (wtype). sway refuses to run as root, so as root it is started as `nobody` (setpriv) in a
// private runtime folder that root's clients can still reach.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { onPath } from '../../fs/on-path';

export interface Sway {
  /** The environment a client needs: XDG_RUNTIME_DIR and WAYLAND_DISPLAY (and nothing of X11). */
  env: NodeJS.ProcessEnv;
  /** The app_id of the window that has the keyboard focus (sway's tree through swaymsg), null if none. */
  focusedApp(): string | null;
  stop(): Promise<void>;
}

export function missingWaylandCommands(
  commands: readonly string[] = ['sway', 'wl-copy', 'wl-paste', 'wtype'],
): string[] {
  const missing = commands.filter((command) => !onPath(command));
  if (process.getuid?.() === 0 && !onPath('setpriv')) missing.push('setpriv');
  return missing;
}

export async function startSway(timeoutMs = 10_000): Promise<Sway> {
  const runtime = fs.mkdtempSync(path.join(os.tmpdir(), 'skilldeck-wl-'));
  const config = path.join(runtime, 'sway.cfg');
  fs.writeFileSync(config, 'output HEADLESS-1 resolution 1280x800\n');
  const root = process.getuid?.() === 0;
  if (root) {
    fs.chownSync(runtime, 65534, 65534);
    fs.chmodSync(config, 0o644);
  }
  fs.chmodSync(runtime, 0o700);
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: runtime,
    XDG_RUNTIME_DIR: runtime,
    WLR_BACKENDS: 'headless',
    WLR_LIBINPUT_NO_DEVICES: '1',
    WLR_RENDERER: 'pixman',
    WLR_HEADLESS_OUTPUTS: '1',
  };
  const [file, args] = root
    ? ['setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', 'sway', '-c', config]]
    : ['sway', ['-c', config]];
  const child = spawn(file, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const socket = fs.readdirSync(runtime).find((name) => /^wayland-\d+$/.test(name));
    if (socket)
      return {
        env: {
          XDG_RUNTIME_DIR: runtime,
          WAYLAND_DISPLAY: socket,
          XDG_SESSION_TYPE: 'wayland',
          XDG_CURRENT_DESKTOP: 'sway',
        },
        focusedApp() {
          const ipc = fs.readdirSync(runtime).find((name) => /^sway-ipc\..*\.sock$/.test(name));
          if (!ipc) return null;
          const tree = JSON.parse(
            execFileSync('swaymsg', ['-s', path.join(runtime, ipc), '-t', 'get_tree', '-r'], {
              encoding: 'utf8',
            }),
          ) as SwayNode;
          return focusedIn(tree)?.app_id ?? null;
        },
        async stop() {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
          await exited;
          fs.rmSync(runtime, { recursive: true, force: true });
        },
      };
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      fs.rmSync(runtime, { recursive: true, force: true });
      throw new Error(`sway did not start: ${stderr.trim().split('\n').slice(-3).join(' | ')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

interface SwayNode {
  app_id?: string | null;
  focused?: boolean;
  nodes?: SwayNode[];
  floating_nodes?: SwayNode[];
}

function focusedIn(node: SwayNode): SwayNode | null {
  if (node.focused) return node;
  for (const child of [...(node.nodes ?? []), ...(node.floating_nodes ?? [])]) {
    const found = focusedIn(child);
    if (found) return found;
  }
  return null;
}
