import fs from 'node:fs';
import path from 'node:path';
import { isInside } from './inside';

// Folders the kernel makes up as they are read (/proc, /sys, /dev): endless through their links, huge,
// never skills. A skill folder there, or a link into one, would have the watcher follow them until the
// host runs out of memory.

/** The folders themselves, and everything below them, on every Unix. */
const PSEUDO_FOLDERS = ['/proc', '/sys', '/dev'];

/** Linux `statfs` magic numbers of kernel filesystems (linux/magic.h), wherever they are mounted. */
const PSEUDO_TYPES: ReadonlyMap<number, string> = new Map([
  [0x9fa0, 'proc'],
  [0x62656572, 'sysfs'],
  [0x1cd1, 'devpts'],
  [0x64626720, 'debugfs'],
  [0x74726163, 'tracefs'],
  [0x73636673, 'securityfs'],
  [0x27e0eb, 'cgroup'],
  [0x63677270, 'cgroup2'],
  [0xcafe4a11, 'bpf'],
  [0x6165676c, 'pstore'],
  [0x62656570, 'configfs'],
  [0x65735543, 'fusectl'],
  [0x42494e4d, 'binfmt_misc'],
  [0xde5e81e4, 'efivarfs'],
  [0x6e736673, 'nsfs'],
  [0x19800202, 'mqueue'],
]);

/** Whether a path is one of the pseudo folders by name alone (no disk access). */
function pseudoByPath(p: string): string | null {
  if (process.platform === 'win32') return null;
  const resolved = path.resolve(p);
  const hit = PSEUDO_FOLDERS.find((dir) => isInside(dir, resolved));
  return hit ?? null;
}

const typeName = (type: number | bigint) => PSEUDO_TYPES.get(Number(type)) ?? null;

/**
 * The kernel filesystem `dir` is on (`/proc`, `/sys`, `/dev`, or a filesystem type such as `proc`,
 * `sysfs`, `cgroup2` on Linux), through symlinks; null for an ordinary folder, or one that does not exist.
 */
export function pseudoFilesystem(dir: string): string | null {
  const byName = pseudoByPath(dir);
  if (byName) return byName;
  let real: string;
  try {
    real = fs.realpathSync(dir);
  } catch {
    return null;
  }
  const realByName = pseudoByPath(real);
  if (realByName) return realByName;
  if (process.platform !== 'linux') return null;
  try {
    return typeName(fs.statfsSync(real).type);
  } catch {
    return null;
  }
}

/** `pseudoFilesystem` for a real path already resolved, without blocking (discovery checks each link). */
export function pseudoFilesystemOfReal(real: string): Promise<string | null> {
  const byName = pseudoByPath(real);
  if (byName || process.platform !== 'linux') return Promise.resolve(byName);
  return new Promise((resolve) =>
    fs.statfs(real, (error, stats) => resolve(error ? null : typeName(stats.type))),
  );
}
