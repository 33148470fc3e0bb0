import fs from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../../shared/ipc/result';
import { TrashedSkill } from '../../../shared/types/skill';
import { atomicTempName, writeFileAtomic } from '../fs/atomic-write';
import { contentHash } from './skill-entry';

// What the app does to skill folders on disk. Every SKILL.md is written atomically, and a new folder
// appears whole (built aside, then renamed in), so the watcher never sees half a skill.

const exists = (p: string) =>
  fs.lstat(p).then(
    () => true,
    () => false,
  );

/** Writes a new skill folder `<parent>/<id>/` holding SKILL.md; CONFLICT when the folder exists. */
export async function createSkillFolder(parent: string, id: string, text: string): Promise<string> {
  const dir = path.join(parent, id);
  await fs.mkdir(parent, { recursive: true });
  if (await exists(dir)) throw folderTaken(dir);
  const staging = atomicTempName(dir);
  await fs.mkdir(staging);
  try {
    await writeFileAtomic(path.join(staging, 'SKILL.md'), text);
    await renameNew(staging, dir);
  } catch (error) {
    await fs.rm(staging, { recursive: true, force: true });
    throw error;
  }
  return dir;
}

/**
 * Replaces a SKILL.md if it still has the content the editor started from (`baseHash`); otherwise
 * CONFLICT, and nothing is written.
 */
export async function replaceSkillFile(file: string, baseHash: string, text: string): Promise<void> {
  assertUnchanged(file, await fs.readFile(file), baseHash);
  // a SKILL.md that is a symlink is written through, not replaced by a plain file
  await writeFileAtomic(await fs.realpath(file), text);
}

/** CONFLICT, with the current hash, when `bytes` are not what the editor read. */
export function assertUnchanged(file: string, bytes: Uint8Array, baseHash: string): void {
  const current = contentHash(bytes);
  if (current !== baseHash) {
    throw new AppError(
      'CONFLICT',
      `${file} changed on disk since you opened it; reopen it and apply your edit again (current hash: ${current})`,
    );
  }
}

/**
 * Copies a skill folder to `<parent>/<id>/` (hidden files, .git and node_modules left out; links
 * copied as links) and lets `rewrite` change the copy's SKILL.md before it appears.
 */
export async function copySkillFolder(
  fromRealDir: string,
  skillFileName: string,
  parent: string,
  id: string,
  rewrite: (text: string) => string,
): Promise<string> {
  const dir = path.join(parent, id);
  await fs.mkdir(parent, { recursive: true });
  if (await exists(dir)) throw folderTaken(dir);
  const staging = atomicTempName(dir);
  try {
    await fs.cp(fromRealDir, staging, {
      recursive: true,
      verbatimSymlinks: true,
      errorOnExist: true,
      filter: (src) =>
        src === fromRealDir || (!path.basename(src).startsWith('.') && path.basename(src) !== 'node_modules'),
    });
    const file = path.join(staging, skillFileName);
    await writeFileAtomic(file, rewrite(await fs.readFile(file, 'utf8')));
    await renameNew(staging, dir);
  } catch (error) {
    await fs.rm(staging, { recursive: true, force: true });
    throw error;
  }
  return dir;
}

/** Moves a folder, copying when source and target are on different filesystems. */
async function move(from: string, to: string): Promise<void> {
  try {
    await fs.rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await fs.cp(from, to, { recursive: true, verbatimSymlinks: true, errorOnExist: true });
    await fs.rm(from, { recursive: true, force: true });
  }
}

/** rename() replaces an empty folder silently: check again just before. */
async function renameNew(from: string, to: string): Promise<void> {
  if (await exists(to)) throw folderTaken(to);
  await fs.rename(from, to);
}

const folderTaken = (dir: string) =>
  new AppError('CONFLICT', `${dir} already exists: pick another id, or move that folder away first`, {
    words: { key: 'skills.folderTaken', values: { dir } },
  });

const manifestOf = (trashDir: string, trashId: string) => path.join(trashDir, `${trashId}.json`);

/**
 * Moves a skill folder to `<trashDir>/<time>-<folder>/`, with `<time>-<folder>.json` beside it
 * saying where it came from. Nothing is deleted: `restoreFromTrash` puts it back.
 */
export async function moveToTrash(
  trashDir: string,
  skill: { id: string; source: TrashedSkill['source']; dir: string; folderName: string },
  now = Date.now(),
): Promise<TrashedSkill> {
  await fs.mkdir(trashDir, { recursive: true });
  let deletedAt = now;
  let trashId = `${deletedAt}-${skill.folderName}`;
  while (await exists(path.join(trashDir, trashId))) trashId = `${++deletedAt}-${skill.folderName}`;
  const entry: TrashedSkill = {
    trashId,
    skillId: skill.id,
    source: skill.source,
    originalPath: skill.dir,
    deletedAt: now,
  };
  await move(skill.dir, path.join(trashDir, trashId));
  try {
    await writeFileAtomic(manifestOf(trashDir, trashId), JSON.stringify(entry, null, 2) + '\n');
  } catch (error) {
    await move(path.join(trashDir, trashId), skill.dir); // no record of where it goes back: undo
    throw error;
  }
  return entry;
}

/** The skills in the trash, newest first. */
export async function listTrash(trashDir: string): Promise<TrashedSkill[]> {
  let names: string[];
  try {
    names = await fs.readdir(trashDir);
  } catch {
    return [];
  }
  const out: TrashedSkill[] = [];
  for (const name of names.filter((n) => n.endsWith('.json'))) {
    const entry = await readManifest(trashDir, name.slice(0, -'.json'.length));
    if (entry && (await exists(path.join(trashDir, entry.trashId)))) out.push(entry);
  }
  return out.sort((a, b) => b.deletedAt - a.deletedAt || (a.trashId < b.trashId ? 1 : -1));
}

async function readManifest(trashDir: string, trashId: string): Promise<TrashedSkill | undefined> {
  try {
    const parsed = TrashedSkill.safeParse(
      JSON.parse(await fs.readFile(manifestOf(trashDir, trashId), 'utf8')),
    );
    return parsed.success && parsed.data.trashId === trashId ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Moves a trashed skill back where it was; CONFLICT when something took its place meanwhile. */
export async function restoreFromTrash(trashDir: string, trashId: string): Promise<TrashedSkill> {
  const entry = await readManifest(trashDir, trashId);
  const from = path.join(trashDir, trashId);
  if (!entry || !(await exists(from)))
    throw new AppError('NOT_FOUND', `nothing in the trash under "${trashId}"`);
  if (await exists(entry.originalPath)) {
    throw new AppError(
      'CONFLICT',
      `cannot restore "${entry.skillId}": ${entry.originalPath} exists again. Move it away, then restore.`,
      { words: { key: 'skills.restoreBlocked', values: { id: entry.skillId, path: entry.originalPath } } },
    );
  }
  await fs.mkdir(path.dirname(entry.originalPath), { recursive: true });
  await move(from, entry.originalPath);
  await fs.rm(manifestOf(trashDir, trashId), { force: true });
  return entry;
}
