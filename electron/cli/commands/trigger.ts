// `skilldeck run SKILL --trigger`: starts the skill in the desktop app — as its hotkey would (selection
// captured, command bar, floating card) — instead of running it here. The CLI launches the app binary with
// `--trigger=SKILL`; when the app is already running, Electron's single-instance lock hands that command
// line to it ('second-instance') and the new process exits at once; when it is not, the app starts and
// triggers the skill itself.
import { spawn as nodeSpawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { skillIdProblem } from '../../../shared/types/skill-id';
import type { Io } from '../io';
import { packageRoot } from '../paths';

export const NO_APP_MESSAGE =
  'the Skilldeck app is not running/installed; --trigger needs the desktop app (set SKILLDECK_APP to its executable if it is installed elsewhere)';

/** How to start the desktop app: an executable and the arguments that come before ours. */
export interface AppLaunch {
  command: string;
  args: string[];
  /** Where it was found, for messages. */
  kind: 'env' | 'installed' | 'development';
}

export interface FindAppOptions {
  env?: NodeJS.ProcessEnv;
  platform?: NodeJS.Platform;
  /** The package the CLI runs from (the project in development). */
  root?: string;
  home?: string;
  exists?: (file: string) => boolean;
  readFile?: (file: string) => string;
}

/** The switches the app reads (electron/main/triggers/deep-link.ts readLaunchRequest). */
export function triggerSwitches(skillId: string, instruction?: string): string[] {
  // `--name=value` keeps name and value together: Chromium moves switches ahead of plain arguments.
  return [`--trigger=${skillId}`, ...(instruction ? [`--instruction=${instruction}`] : [])];
}

/**
 * The desktop app: `SKILLDECK_APP` when set; else an installed Skilldeck in the platform's usual place
 * (or the packaged app around this CLI); else, in a development checkout, the project's Electron with the
 * built bundles. null when there is none.
 */
export function findDesktopApp(options: FindAppOptions = {}): AppLaunch | null {
  const env = options.env ?? process.env;
  const platform = options.platform ?? process.platform;
  const root = options.root ?? packageRoot;
  const home = options.home ?? os.homedir();
  const exists = options.exists ?? ((file: string) => fs.existsSync(file));
  const readFile = options.readFile ?? ((file: string) => fs.readFileSync(file, 'utf8'));
  const p = platform === 'win32' ? path.win32 : path.posix;

  const override = env.SKILLDECK_APP?.trim();
  if (override) return exists(override) ? { command: override, args: [], kind: 'env' } : null;

  // Shipped inside a packaged app (…/resources/<this package>): the executable is beside `resources/`.
  const resources = p.dirname(root);
  const bundled = p.basename(resources).toLowerCase() === 'resources';
  const installed: string[] = [];
  if (platform === 'darwin') {
    if (bundled) installed.push(p.join(resources, '..', 'MacOS', 'Skilldeck'));
    installed.push(
      '/Applications/Skilldeck.app/Contents/MacOS/Skilldeck',
      p.join(home, 'Applications', 'Skilldeck.app', 'Contents', 'MacOS', 'Skilldeck'),
    );
  } else if (platform === 'win32') {
    if (bundled) installed.push(p.join(resources, '..', 'Skilldeck.exe'));
    if (env.LOCALAPPDATA) installed.push(p.join(env.LOCALAPPDATA, 'Programs', 'Skilldeck', 'Skilldeck.exe'));
    if (env.ProgramFiles) installed.push(p.join(env.ProgramFiles, 'Skilldeck', 'Skilldeck.exe'));
  } else {
    if (bundled) installed.push(p.join(resources, '..', 'skilldeck'));
    installed.push('/opt/Skilldeck/skilldeck'); // electron-builder's deb
  }
  const found = installed.find((file) => exists(file));
  if (found) return { command: found, args: [], kind: 'installed' };

  // A development checkout: node_modules/electron's binary running this project (as `npm start` does).
  const electronDir = p.join(root, 'node_modules', 'electron');
  const pathFile = p.join(electronDir, 'path.txt');
  if (exists(pathFile) && exists(p.join(root, 'out', 'main', 'index.js'))) {
    const binary = p.join(electronDir, 'dist', readFile(pathFile).trim());
    if (exists(binary)) return { command: binary, args: [root], kind: 'development' };
  }
  return null;
}

export type Spawn = (command: string, args: readonly string[], options: SpawnOptions) => ChildProcess;

export interface TriggerOptions {
  skillId: string;
  instruction?: string;
  /** `--data-dir`: the app instance using that data dir (its single-instance lock is per data dir). */
  dataDirFlag?: string;
  app?: AppLaunch | null;
  spawn?: Spawn;
  env?: NodeJS.ProcessEnv;
  /** How long to wait for a hand-over to a running app before assuming the app started fresh (ms). */
  handOverMs?: number;
}

/** Exit 0 handed over (or the app started with the trigger), 1 no app / it failed, 2 bad skill id. */
export async function triggerCommand(options: TriggerOptions, io: Io): Promise<number> {
  // checked without zod: the hand-over is what a hotkey waits for
  const problem = skillIdProblem(options.skillId);
  if (problem !== null) {
    io.err(`skilldeck: bad skill id "${options.skillId}": ${problem}`);
    return 2;
  }
  const skillId = options.skillId;
  const app = options.app !== undefined ? options.app : findDesktopApp({ env: options.env });
  if (!app) {
    io.err(`skilldeck: ${NO_APP_MESSAGE}`);
    return 1;
  }
  const env = { ...(options.env ?? process.env) };
  delete env.ELECTRON_RUN_AS_NODE; // would make the binary behave as plain Node
  if (options.dataDirFlag !== undefined) env.SKILLDECK_DATA_DIR = path.resolve(options.dataDirFlag);
  const args = [...app.args, ...triggerSwitches(skillId, options.instruction)];
  const spawn = options.spawn ?? nodeSpawn;

  return new Promise<number>((resolve) => {
    let child: ChildProcess;
    try {
      child = spawn(app.command, args, { detached: true, stdio: 'ignore', env });
    } catch (error) {
      io.err(`skilldeck: could not start ${app.command}: ${(error as Error).message}`);
      resolve(1);
      return;
    }
    const timer = setTimeout(() => {
      // Still running: no instance was there to hand over to, so this one is the app now.
      child.removeAllListeners();
      child.unref();
      io.out(`Started Skilldeck to run "${skillId}".`);
      resolve(0);
    }, options.handOverMs ?? 5000);
    child.once('error', (error) => {
      clearTimeout(timer);
      io.err(`skilldeck: could not start ${app.command}: ${error.message}`);
      resolve(1);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) {
        io.out(`Sent "${skillId}" to the running Skilldeck app.`);
        resolve(0);
      } else {
        io.err(
          `skilldeck: the Skilldeck app (${app.command}) exited with ${code !== null ? `code ${code}` : signal} before triggering "${skillId}"`,
        );
        resolve(1);
      }
    });
  });
}
