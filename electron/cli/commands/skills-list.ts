import path from 'node:path';
import { scanSkills, type SkillDir } from '../../core/skills/scan';
import type { Io } from '../io';
import { resolveDataDir } from '../paths';

export interface ListOptions {
  skillDirs: SkillDir[];
  dataDirFlag: string | undefined;
  json: boolean;
}

/** Reads skill folders only: listing never creates the data directory or its database. */
export async function listSkillsCommand(options: ListOptions, io: Io): Promise<number> {
  const dataDir = resolveDataDir(options.dataDirFlag);
  const dirs: SkillDir[] = [{ dir: path.join(dataDir, 'skills'), source: 'user' }, ...options.skillDirs];
  const skills = await scanSkills(dirs);
  if (options.json) {
    io.out(
      JSON.stringify(
        skills.map(({ id, name, description, source, file, problems }) => ({
          id,
          name,
          description,
          source,
          file,
          problems,
        })),
        null,
        2,
      ),
    );
    return 0;
  }
  if (skills.length === 0) {
    io.out(`No skills found in ${dirs.map((d) => d.dir).join(', ')}`);
    return 0;
  }
  const width = Math.max(...skills.map((s) => s.id.length), 2);
  for (const s of skills) {
    const description = s.description.length > 70 ? `${s.description.slice(0, 69)}…` : s.description;
    io.out(`${s.id.padEnd(width)}  ${s.source.padEnd(7)}  ${description}`);
    for (const problem of s.problems) io.out(`${' '.repeat(width)}  ! ${problem}`);
  }
  return 0;
}
