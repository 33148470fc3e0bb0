import type { Migration } from './types';

/** Placeholder for memos with FTS5 full-text search (output tools): filled in by its owner. */
export const migration0030: Migration = {
  version: 30,
  name: 'memos',
  up() {},
};
