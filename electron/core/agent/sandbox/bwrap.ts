// The bubblewrap command line for one Bash command (Linux). Later mounts cover earlier ones, so the order
// is: the system read-only, the private stand-ins (/tmp, home), the secrets masked, then what the run may
// see and change.
import fs from 'node:fs';
import path from 'node:path';
import { toolFoldersInHome, type SandboxLayout } from './layout';

/** System folders shown read-only (those that exist; a symlink such as /bin → usr/bin is kept a symlink). */
const SYSTEM = ['/usr', '/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32', '/etc', '/opt', '/nix'];
/** Files of /etc no command needs to read: replaced by an empty file. */
const SECRET_FILES = ['/etc/shadow', '/etc/shadow-', '/etc/gshadow', '/etc/gshadow-', '/etc/sudoers'];
/** Folders of /etc no command needs to read: replaced by an empty one. */
const SECRET_FOLDERS = ['/etc/ssh', '/etc/sudoers.d', '/etc/ssl/private'];

export function bwrapArgs(
  layout: SandboxLayout,
  command: { shell: string; flag: string; line: string },
): string[] {
  const args = ['--die-with-parent', '--new-session', '--unshare-all'];
  if (layout.network) args.push('--share-net');
  args.push('--cap-drop', 'ALL');
  for (const dir of SYSTEM) {
    const stat = lstat(dir);
    if (stat?.isSymbolicLink()) args.push('--symlink', fs.readlinkSync(dir), dir);
    else if (stat?.isDirectory()) args.push('--ro-bind', dir, dir);
  }
  for (const file of SECRET_FILES) if (lstat(file)?.isFile()) args.push('--ro-bind', '/dev/null', file);
  for (const dir of SECRET_FOLDERS) if (lstat(dir)?.isDirectory()) args.push('--tmpfs', dir);
  args.push('--proc', '/proc', '--dev', '/dev', '--tmpfs', '/tmp', '--tmpfs', '/var/tmp');
  // the home folder: an empty private one (tools may write caches there; nothing is kept)
  args.push('--tmpfs', layout.home);
  for (const dir of toolFoldersInHome(layout)) args.push('--ro-bind-try', dir, dir);
  args.push('--ro-bind-try', path.join(layout.home, '.gitconfig'), path.join(layout.home, '.gitconfig'));
  // DNS: /etc/resolv.conf often points into /run (systemd-resolved)
  if (layout.network) args.push('--ro-bind-try', '/run/systemd/resolve', '/run/systemd/resolve');
  for (const dir of layout.readOnly) args.push('--ro-bind-try', dir, dir);
  for (const dir of layout.writable) args.push('--bind-try', dir, dir);
  args.push('--bind', layout.workdir, layout.workdir, '--chdir', layout.workdir);
  args.push(
    '--setenv',
    'HOME',
    layout.home,
    '--setenv',
    'TMPDIR',
    '/tmp',
    '--setenv',
    'PATH',
    layout.pathEnv,
  );
  args.push('--', command.shell, command.flag, command.line);
  return args;
}

function lstat(p: string): fs.Stats | undefined {
  try {
    return fs.lstatSync(p);
  } catch {
    return undefined;
  }
}
