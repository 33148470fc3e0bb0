import type { Migration } from './types';
import { migration0010 } from './0010-skill-meta';
import { migration0020 } from './0020-runs';
import { migration0030 } from './0030-memos';
import { migration0040 } from './0040-providers';
import { migration0050 } from './0050-permissions';
import { migration0060 } from './0060-mcp-servers';
import { migration0070 } from './0070-run-state';
import { migration0080 } from './0080-retries-and-turns';
import { migration0085 } from './0085-run-try';
import { migration0090 } from './0090-step-quality';
import { migration0095 } from './0095-provider-keys';
import { migration0110 } from './0110-run-speech';

/** In ascending version order. Add a file and a test per version; never edit a shipped one. */
export const migrations: readonly Migration[] = [
  migration0010,
  migration0020,
  migration0030,
  migration0040,
  migration0050,
  migration0060,
  migration0070,
  migration0080,
  migration0085,
  migration0090,
  migration0095,
  migration0110,
];

export const LATEST_SCHEMA_VERSION = migrations[migrations.length - 1]!.version;
