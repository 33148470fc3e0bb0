// The sandbox-exec profile for one Bash command (macOS Seatbelt, SBPL). The last rule that matches wins:
// everything may be read, then the home folder is hidden, then what the run may see is shown again.
import path from 'node:path';
import { toolFoldersInHome, type SandboxLayout } from './layout';

/** An SBPL string literal. */
const quote = (text: string) => `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
const subpath = (dir: string) => `(subpath ${quote(dir)})`;
const literal = (file: string) => `(literal ${quote(file)})`;

/**
 * `tmpDirs`: the real paths of /tmp and $TMPDIR (on macOS /private/tmp and /private/var/folders/…), where
 * commands may write scratch files.
 */
export function seatbeltProfile(layout: SandboxLayout, tmpDirs: readonly string[]): string {
  const visible = [
    subpath(layout.workdir),
    ...layout.readOnly.map(subpath),
    ...layout.writable.map(subpath),
    ...toolFoldersInHome(layout).map(subpath),
    literal(path.join(layout.home, '.gitconfig')),
  ];
  const writable = [
    subpath(layout.workdir),
    ...layout.writable.map(subpath),
    ...tmpDirs.map(subpath),
    literal('/dev/null'),
    literal('/dev/tty'),
    '(regex #"^/dev/fd/")',
  ];
  const lines = [
    '(version 1)',
    '(deny default)',
    '(allow process-exec)',
    '(allow process-fork)',
    '(allow signal (target same-sandbox))',
    '(allow sysctl-read)',
    '(allow ipc-posix-shm-read-data)',
    '(allow mach-lookup (global-name "com.apple.system.opendirectoryd.libinfo"))',
    '(allow file-read*)',
    `(deny file-read* ${subpath(layout.home)})`,
    `(allow file-read* ${visible.join(' ')})`,
    `(allow file-write* ${writable.join(' ')})`,
    `(allow file-ioctl ${literal('/dev/tty')})`,
  ];
  if (layout.network)
    lines.push(
      '(allow network*)',
      '(allow system-socket)',
      '(allow mach-lookup (global-name "com.apple.mDNSResponder") (global-name "com.apple.SystemConfiguration.configd"))',
    );
  return `${lines.join('\n')}\n`;
}

/** `sandbox-exec -p PROFILE shell -c LINE`. */
export function seatbeltArgs(
  profile: string,
  command: { shell: string; flag: string; line: string },
): string[] {
  return ['-p', profile, command.shell, command.flag, command.line];
}
