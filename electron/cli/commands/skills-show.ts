import type { SkillDir } from '../../core/skills/scan';
import type { Io } from '../io';

export interface ShowOptions {
  skillDirs: SkillDir[];
  dataDirFlag: string | undefined;
  json: boolean;
  id: string;
}

/** `skilldeck skills show ID`: definition, body and resource files of one skill. */
export async function showSkillCommand(options: ShowOptions, io: Io): Promise<number> {
  io.err(`skilldeck: skills show is not built yet (${options.id})`);
  return 1;
}
