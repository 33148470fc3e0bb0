import fs from 'node:fs';
import { AppError } from '../../../shared/ipc/result';
import type { LoadedSkillFile } from './load';
import { phaseFindings, withFindings } from './phase-quality';
import { changeToken, contentHash, readSkillLayout, readWholeSkill, type SkillEntry } from './skill-entry';
import type { SourceRoot } from './sources';

/** A skill read for use: its body and full definition, from the file as it is now. */
export interface ActivatedSkill {
  entry: SkillEntry;
  /** The file's text as stored (a BOM kept). */
  text: string;
  hash: string;
  loaded: LoadedSkillFile;
}

/** Parsed skills kept for activation (a run re-reads the file and hashes it; parsing is skipped on a hit). */
const ACTIVATED_CACHE_SIZE = 64;

export function skillNotFound(id: string): AppError {
  return new AppError('NOT_FOUND', `no skill "${id}" in any skill folder`);
}

export interface ActivationOptions {
  /** The source folder searched at `dir` now, if it still is. */
  rootAt(dir: string): SourceRoot | undefined;
  /** The skill listed at `dir` now. */
  entryAt(dir: string): SkillEntry | undefined;
  /** Brings the listing of these folders up to date with the disk. */
  reload(dirs: readonly string[], reason: string): Promise<unknown>;
}

/**
 * Reads a listed skill's file for use. When it changed since it was listed, the listing is brought up to
 * date first and the new version read; one that keeps changing is a CONFLICT.
 */
export function createActivation(options: ActivationOptions): (entry: SkillEntry) => Promise<ActivatedSkill> {
  /** Parsed activations by root, file, content hash and layout, most recently used last. */
  const activated = new Map<string, LoadedSkillFile>();

  return async function activateEntry(entry) {
    let current = entry;
    for (let attempt = 0; attempt < 2; attempt++) {
      let bytes: Buffer;
      try {
        // read at once, not through the thread pool: one small file on the way to a run's first request
        bytes = fs.readFileSync(current.file);
      } catch {
        await options.reload([current.dir], `${current.id} removed on disk`);
        throw skillNotFound(current.id);
      }
      if (changeToken(bytes) === current.token) {
        const hash = contentHash(bytes);
        const root = options.rootAt(current.root);
        if (!root) throw skillNotFound(current.id); // its source folder was just removed
        const layout = current.layout ? await readSkillLayout(current.dir) : null;
        // The same bytes and layout parse the same: a skill run again is not parsed again.
        const key = `${root.dir}\n${current.file}\n${hash}\n${layout ? JSON.stringify(layout) : ''}`;
        let loaded = activated.get(key);
        if (loaded) activated.delete(key);
        else loaded = readWholeSkill(current, current.file, bytes, layout);
        activated.set(key, loaded);
        if (activated.size > ACTIVATED_CACHE_SIZE) activated.delete(activated.keys().next().value!);
        // the phase files are read each time (not cached by SKILL.md's hash): a phase edited is seen
        if (layout?.kind === 'phases') {
          loaded = withFindings(loaded, await phaseFindings(current.dir, layout.phases));
        }
        return { entry: current, text: bytes.toString('utf8'), hash, loaded };
      }
      // changed since it was listed: bring the listing up to date, then read that
      await options.reload([current.dir], `${current.id} changed on disk`);
      const next = options.entryAt(current.dir);
      if (!next) throw skillNotFound(current.id);
      current = next;
    }
    throw new AppError('CONFLICT', `${current.file} keeps changing while it is read; try again`);
  };
}
