import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** The temp name sits in the same folder (so rename stays atomic) and starts with a dot (watchers skip it). */
export function atomicTempName(file: string): string {
  return path.join(
    path.dirname(file),
    `.${path.basename(file)}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`,
  );
}

/**
 * Writes `file` so a reader sees either the old content or the new, never a half: a temp file in the
 * same folder, flushed to disk, then renamed over the target. An existing file's permissions are kept.
 */
export async function writeFileAtomic(file: string, data: string | Uint8Array): Promise<void> {
  const temp = atomicTempName(file);
  let mode = 0o666;
  try {
    mode = (await fs.stat(file)).mode & 0o7777;
  } catch {
    // a new file: default permissions (minus umask)
  }
  const handle = await fs.open(temp, 'wx', mode);
  try {
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(temp, file);
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw error;
  }
  await syncFolder(path.dirname(file));
}

/** Makes the rename itself durable. Not possible on Windows (folders cannot be opened); best effort. */
async function syncFolder(dir: string): Promise<void> {
  if (process.platform === 'win32') return;
  let handle;
  try {
    handle = await fs.open(dir, 'r');
    await handle.sync();
  } catch {
    // some filesystems refuse fsync on a directory; the data itself is already on disk
  } finally {
    await handle?.close();
  }
}
