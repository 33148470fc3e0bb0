import type { Database } from 'better-sqlite3';

/** One schema step. Versions are numbered with gaps (10, 20, …) so a fix can slot in between. */
export interface Migration {
  version: number;
  name: string;
  up(db: Database): void;
}
