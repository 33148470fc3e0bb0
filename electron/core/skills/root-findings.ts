import type { Finding } from '../../../shared/types/finding';
import type { PluginProblem } from './plugins';

// What went wrong with a source folder itself, not with one of its skills: reported with the folder in
// `skills:sources` (Settings › Skill folders) and `skilldeck skills list`. Words: `errors:sources.<name>`.

export interface RootTrouble {
  /** The kernel filesystem it is on (`/proc`…): not searched, not watched. */
  refused: string | null;
  /** The folder limit the search stopped at, or null. */
  truncated: number | null;
  /** The watch limit reached, or null. */
  watchLimit: number | null;
  /** A plugin that cannot be searched (its name cannot begin ids). */
  problem?: PluginProblem;
}

export function rootFindingsOf(dir: string, trouble: RootTrouble): Finding[] {
  const findings: Finding[] = [];
  if (trouble.problem) {
    findings.push({
      code: 'plugin-refused',
      severity: 'error',
      message: `${trouble.problem.message}; it is not searched`,
      words: { ...trouble.problem.words, key: `sources.${trouble.problem.words.key}` },
      file: dir,
    });
  }
  if (trouble.refused !== null) {
    findings.push({
      code: 'folder-refused',
      severity: 'error',
      message: `${dir} is a system folder (${trouble.refused}), not a folder of skills: it is not searched`,
      words: { key: 'sources.systemFolder', values: { dir, kind: trouble.refused } },
      file: dir,
    });
  }
  if (trouble.truncated !== null) {
    findings.push({
      code: 'folder-too-large',
      severity: 'warning',
      message: `only the first ${trouble.truncated} folders of ${dir} were searched for skills: add the folder inside it that holds them`,
      words: { key: 'sources.tooManyFolders', values: { dir, max: trouble.truncated } },
      file: dir,
    });
  }
  if (trouble.watchLimit !== null) {
    findings.push({
      code: 'folder-watch-limit',
      severity: 'warning',
      message: `${dir} holds more than ${trouble.watchLimit} folders and skill files to watch: changes past them are seen only after a restart; add a narrower folder`,
      words: { key: 'sources.tooManyWatched', values: { dir, max: trouble.watchLimit } },
      file: dir,
    });
  }
  return findings;
}
