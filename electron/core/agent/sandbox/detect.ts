// Whether Bash can be confined on this computer: bubblewrap on Linux (installed, and allowed to make user
// namespaces), sandbox-exec on macOS. Found out once per program path (a ~10–60 ms probe), then remembered.
import { execFile } from 'node:child_process';
import { findExecutable, isExecutableFile } from '../../fs/on-path';

export type SandboxAvailability =
  | { kind: 'bubblewrap' | 'sandbox-exec'; program: string }
  | { kind: 'none'; unavailable: 'not-installed' | 'refused' | 'unsupported-platform'; detail: string };

export interface SandboxProbeOptions {
  /** Default `process.platform`. */
  platform?: NodeJS.Platform;
  /** The bwrap program (a path, or a name looked up on PATH). Default `bwrap`. */
  bwrap?: string;
  /** The sandbox-exec program. Default `/usr/bin/sandbox-exec`. */
  sandboxExec?: string;
}

const PROBE_TIMEOUT_MS = 5000;
const found = new Map<string, Promise<SandboxAvailability>>();

export function detectSandbox(options: SandboxProbeOptions = {}): Promise<SandboxAvailability> {
  const platform = options.platform ?? process.platform;
  const program =
    platform === 'linux'
      ? (options.bwrap ?? 'bwrap')
      : platform === 'darwin'
        ? (options.sandboxExec ?? '/usr/bin/sandbox-exec')
        : '';
  const key = `${platform}\0${program}`;
  let result = found.get(key);
  if (!result) {
    result = probe(platform, program);
    found.set(key, result);
  }
  return result;
}

async function probe(platform: NodeJS.Platform, program: string): Promise<SandboxAvailability> {
  if (platform === 'darwin') {
    return isExecutableFile(program)
      ? { kind: 'sandbox-exec', program }
      : { kind: 'none', unavailable: 'not-installed', detail: `${program} was not found` };
  }
  if (platform !== 'linux')
    return {
      kind: 'none',
      unavailable: 'unsupported-platform',
      detail: `Skilldeck has no sandbox for Bash on ${platform}`,
    };
  const bwrap = findExecutable(program, { fallbackDirs: ['/usr/bin', '/bin'] });
  if (!bwrap)
    return {
      kind: 'none',
      unavailable: 'not-installed',
      detail: `bubblewrap is not installed (no ${program} on PATH; Debian/Ubuntu: apt install bubblewrap)`,
    };
  // the namespaces and mounts a real run uses (a container may refuse /proc): refused here, refused there
  const args = ['--ro-bind', '/', '/', '--proc', '/proc', '--dev', '/dev', '--tmpfs', '/tmp'];
  args.push('--unshare-all', '--die-with-parent', '--new-session');
  const problem = await new Promise<string | undefined>((resolve) => {
    execFile(
      bwrap,
      [...args, '--cap-drop', 'ALL', '--', 'true'],
      { timeout: PROBE_TIMEOUT_MS },
      (error, _stdout, stderr) => {
        if (!error) resolve(undefined);
        else resolve(stderr.trim().split('\n')[0] || error.message);
      },
    );
  });
  return problem === undefined
    ? { kind: 'bubblewrap', program: bwrap }
    : { kind: 'none', unavailable: 'refused', detail: `bubblewrap cannot make a sandbox here: ${problem}` };
}
