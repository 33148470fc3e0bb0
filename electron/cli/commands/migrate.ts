import type { Io } from '../io';

export interface MigrateOptions {
  path: string;
  dryRun: boolean;
  dataDirFlag: string | undefined;
  json: boolean;
}

/** `skilldeck migrate PATH [--dry-run]`: GHOSTYPE-format skills to the current format. */
export async function migrateCommand(options: MigrateOptions, io: Io): Promise<number> {
  io.err(`skilldeck: migrate is not built yet (${options.path})`);
  return 1;
}
