import type { Migration } from './types';
import { migration0010 } from './0010-skill-meta';

/** In ascending version order. Add a file and a test per version; never edit a shipped one. */
export const migrations: readonly Migration[] = [migration0010];

export const LATEST_SCHEMA_VERSION = migrations[migrations.length - 1]!.version;
