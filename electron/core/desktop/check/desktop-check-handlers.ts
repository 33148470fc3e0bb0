// `desktop:check` (docs/ARCHITECTURE.md, "The desktop check").
import { execFile } from 'node:child_process';
import type { Handlers } from '../../../../shared/ipc/contract';
import type { DesktopSession } from '../../../../shared/types/desktop-check';
import type { SkillSummary } from '../../../../shared/types/skill';
import { onPath } from '../../fs/on-path';
import type { PlatformPorts } from '../../platform';
import type { HotkeyService } from '../../trigger/trigger-handlers';
import type { Command } from '../wayland/wayland-plan';
import { runDesktopCheck } from './desktop-check';

const runCommand = ({ file, args }: Command) =>
  new Promise<string>((resolve, reject) =>
    execFile(file, args, { timeout: 2000 }, (error, stdout) => (error ? reject(error) : resolve(stdout))),
  );

export function createDesktopCheckHandlers(deps: {
  session?: DesktopSession;
  ports: PlatformPorts;
  hotkeys?: HotkeyService;
  /** CoreOptions.desktopApp: the desktop app's executable (the command to bind starts it). */
  desktopApp?: string;
  listSkills: () => readonly SkillSummary[] | Promise<readonly SkillSummary[]>;
}): Pick<Handlers, 'desktop:check'> {
  return {
    'desktop:check': (input) =>
      runDesktopCheck(
        {
          session: deps.session ?? null,
          ports: deps.ports,
          ...(deps.hotkeys ? { hotkeys: deps.hotkeys } : {}),
          has: onPath,
          run: runCommand,
          listSkills: async () => deps.listSkills(),
          ...(deps.desktopApp ? { app: deps.desktopApp } : {}),
        },
        input,
      ),
  };
}
