// The sandbox a Bash command runs in: what this computer has (detect.ts), laid out for the run
// (layout.ts), as a bwrap or sandbox-exec command line — or, where there is none, the plain shell and a
// plain statement of that for the prompt and the run's events.
import fs from 'node:fs';
import os from 'node:os';
import type { BashSandbox } from '../../../../shared/types/run';
import { bwrapArgs } from './bwrap';
import { detectSandbox, type SandboxProbeOptions } from './detect';
import { sandboxEnv, type SandboxLayout } from './layout';
import { seatbeltArgs, seatbeltProfile } from './seatbelt';

export type { SandboxLayout } from './layout';
export type { SandboxProbeOptions } from './detect';

export interface ShellCommandLine {
  shell: string;
  flag: string;
  line: string;
}

export interface SandboxedSpawn {
  file: string;
  args: string[];
  env: Record<string, string>;
}

export interface SandboxPlan {
  /** For the permission prompt and the run's events. */
  info: BashSandbox;
  /** The program, arguments and environment that run the line confined; undefined when there is no sandbox. */
  wrap?: (command: ShellCommandLine) => SandboxedSpawn;
}

export async function planSandbox(
  probe: SandboxProbeOptions | undefined,
  layout: SandboxLayout,
): Promise<SandboxPlan> {
  const found = await detectSandbox(probe);
  if (found.kind === 'none')
    return {
      info: { confined: false, network: true, unavailable: found.unavailable, detail: found.detail },
    };
  const info: BashSandbox = { confined: true, by: found.kind, network: layout.network };
  const env = sandboxEnv(process.env, layout);
  if (found.kind === 'bubblewrap')
    return { info, wrap: (command) => ({ file: found.program, args: bwrapArgs(layout, command), env }) };
  const tmpDirs = [...new Set(['/tmp', os.tmpdir()].map(realOrSame))];
  const profile = seatbeltProfile(layout, tmpDirs);
  return { info, wrap: (command) => ({ file: found.program, args: seatbeltArgs(profile, command), env }) };
}

function realOrSame(p: string): string {
  try {
    return fs.realpathSync(p);
  } catch {
    return p;
  }
}
