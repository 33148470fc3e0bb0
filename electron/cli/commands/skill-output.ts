import path from 'node:path';
import type { SkillEntry } from '../../core/skills/registry';
import { resolveSourceRoots, type SkillDir } from '../../core/skills/sources';
import { createSkillRegistry, type SkillRegistry } from '../../core/skills/registry';
import type { Finding } from '../../core/skills/types';
import { resolveDataDir } from '../paths';
import { DATABASE_FILE } from '../../core/store/db';
import { readSettingReadOnly } from '../../core/store/settings';

/**
 * A registry over the same folders as the app (the folders added in Settings included), read once:
 * nothing is watched, created or written. `warn` is told when the stored folder list is damaged.
 */
export function readOnlyRegistry(
  skillDirs: readonly SkillDir[],
  dataDirFlag: string | undefined,
  warn?: (message: string) => void,
): SkillRegistry {
  const dataDir = resolveDataDir(dataDirFlag);
  const userDir = path.join(dataDir, 'skills');
  const added = readSettingReadOnly(path.join(dataDir, DATABASE_FILE), 'skills.folders', {
    warn: (error) => warn?.(error.message),
  });
  return createSkillRegistry({
    roots: resolveSourceRoots({
      userDir,
      skillDirs: [...skillDirs, ...added.map((dir) => ({ dir, source: 'folder' as const }))],
    }),
    watch: false,
  });
}

/** What `--json` prints for a skill: everything the registry knows without reading the body. */
export function entryJson(e: SkillEntry) {
  return {
    id: e.id,
    name: e.name,
    description: e.description,
    whenToUse: e.whenToUse,
    source: e.source,
    precedence: e.precedence,
    path: e.dir,
    file: e.file,
    mode: e.mode,
    layout: e.layout,
    runnable: e.runnable,
    shadowedBy: e.shadowedBy,
    findings: e.findings,
  };
}

/** `✗ line 3: message` for errors, `! …` for warnings. */
export function findingLine(f: Finding): string {
  return `${f.severity === 'error' ? '✗' : '!'} ${f.line !== undefined ? `line ${f.line}: ` : ''}${f.message}`;
}
