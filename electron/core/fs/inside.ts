import path from 'node:path';

/**
 * Whether `p` is `dir` or below it, comparing resolved paths by their parts (so `/a/bc` is not inside
 * `/a/b`, and the disk root holds everything). Symlinks are not followed: resolve them first when it matters.
 */
export function isInside(dir: string, p: string): boolean {
  const rel = path.relative(dir, p);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
}
