// Where a path really leads, for confinement checks: judged by its target, not by how it is spelled.
import fs from 'node:fs';
import path from 'node:path';

const MAX_LINK_DEPTH = 40;

/**
 * The real path of `abs` (absolute): the realpath of its nearest existing ancestor plus the rest. A dangling
 * symlink is followed to its target, since writing through it would create that target. A chain of more
 * than 40 dangling links throws an `ELOOP` error, as the system does for existing ones.
 */
export function realPathOf(abs: string, depth = 0): string {
  if (depth > MAX_LINK_DEPTH) {
    throw Object.assign(new Error(`ELOOP: too many levels of symbolic links, ${abs}`), { code: 'ELOOP' });
  }
  const rest: string[] = [];
  let current = abs;
  for (;;) {
    try {
      return path.join(fs.realpathSync.native(current), ...rest.reverse());
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
    const link = readLinkIfAny(current);
    if (link !== undefined) {
      const target = path.resolve(path.dirname(current), link);
      return realPathOf(path.join(target, ...rest.reverse()), depth + 1);
    }
    const parent = path.dirname(current);
    if (parent === current) return path.join(current, ...rest.reverse());
    rest.push(path.basename(current));
    current = parent;
  }
}

function readLinkIfAny(p: string): string | undefined {
  try {
    return fs.readlinkSync(p);
  } catch {
    return undefined;
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
