// The files of a skill folder that go into a pack: plain files, walked in name order. Links, hidden files
// and folders, node_modules and names a pack cannot hold are left out and said so; the limits are the
// import's, so a pack Skilldeck makes it can also open.
import fs from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../../shared/ipc/result';
import type { PackLimits } from './pack-limits';
import { checkPackPath, foldedPath } from './pack-path';
import { byteSize, refusal } from './pack-refusal';

export interface FolderFiles {
  /** Relative `/` path → bytes, in name order. */
  files: Map<string, Buffer>;
  /** What was left out, relative, with why: `link`, `hidden`, `special`, `name`. */
  leftOut: string[];
}

const usablePath = (relative: string) => {
  try {
    checkPackPath(relative);
    return true;
  } catch (error) {
    if (error instanceof AppError) return false;
    throw error;
  }
};

export async function readFolderFiles(dir: string, limits: PackLimits): Promise<FolderFiles> {
  const files = new Map<string, Buffer>();
  const leftOut: string[] = [];
  const folded = new Set<string>();
  let total = 0;

  async function walk(folder: string, prefix: string): Promise<void> {
    const entries = (await fs.readdir(folder, { withFileTypes: true })).sort((a, b) =>
      a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
    );
    for (const entry of entries) {
      const relative = prefix + entry.name;
      if (entry.name.startsWith('.') || entry.name === 'node_modules') {
        leftOut.push(relative);
        continue;
      }
      if (entry.isSymbolicLink() || (!entry.isFile() && !entry.isDirectory())) {
        leftOut.push(relative);
        continue;
      }
      if (!usablePath(relative) || folded.has(foldedPath(relative))) {
        leftOut.push(relative);
        continue;
      }
      folded.add(foldedPath(relative));
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) {
        await walk(full, `${relative}/`);
        continue;
      }
      if (files.size >= limits.files)
        throw refusal('tooManyFiles', { count: `${limits.files + 1}+`, limit: limits.files });
      const { size } = await fs.stat(full);
      if (size > limits.fileBytes)
        throw refusal('fileTooLarge', {
          path: relative,
          size: byteSize(size),
          limit: byteSize(limits.fileBytes),
        });
      total += size;
      if (total > limits.totalBytes)
        throw refusal('totalTooLarge', {
          size: `${byteSize(total)}+`,
          limit: byteSize(limits.totalBytes),
        });
      files.set(relative, await fs.readFile(full));
    }
  }

  await walk(dir, '');
  return { files, leftOut };
}
