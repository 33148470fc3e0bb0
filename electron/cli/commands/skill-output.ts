import path from 'node:path';
import type { SkillEntry } from '../../core/skills/registry';
import { rootsWith, type SkillDir } from '../../core/skills/sources';
import { createSkillRegistry, type SkillRegistry } from '../../core/skills/registry';
import type { Finding } from '../../core/skills/types';
import { resolveDataDir } from '../paths';
import { DATABASE_FILE } from '../../core/store/db';
import { readSettingReadOnly } from '../../core/store/settings';

/**
 * A registry over the same folders as the app (the folders and plugins added in Settings included), read
 * once: nothing is watched, created or written. `warn` is told when a stored list is damaged.
 */
export function readOnlyRegistry(
  skillDirs: readonly SkillDir[],
  dataDirFlag: string | undefined,
  warn?: (message: string) => void,
  pluginDirs: readonly string[] = [],
): SkillRegistry {
  const dataDir = resolveDataDir(dataDirFlag);
  const database = path.join(dataDir, DATABASE_FILE);
  const read = (key: 'skills.folders' | 'skills.plugins') =>
    readSettingReadOnly(database, key, { warn: (error) => warn?.(error.message) });
  return createSkillRegistry({
    roots: rootsWith(
      { userDir: path.join(dataDir, 'skills'), skillDirs, pluginDirs },
      { folders: read('skills.folders'), plugins: read('skills.plugins') },
    ),
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
    userInvocable: e.userInvocable,
    shadowedBy: e.shadowedBy,
    findings: e.findings,
  };
}

/** `✗ line 3: message` for errors, `! …` for warnings. */
export function findingLine(f: Finding): string {
  return `${f.severity === 'error' ? '✗' : '!'} ${f.line !== undefined ? `line ${f.line}: ` : ''}${f.message}`;
}
