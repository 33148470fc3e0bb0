import type { Io } from '../io';

export interface ValidateOptions {
  paths: string[];
  strict: boolean;
  json: boolean;
}

export async function validateCommand(options: ValidateOptions, io: Io): Promise<number> {
  io.err(`skilldeck: validate is not built yet (${options.paths.join(' ')})`);
  return 1;
}
