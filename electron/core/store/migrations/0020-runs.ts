import type { Migration } from './types';

/** Placeholder for runs, run_steps and run_events (engine): filled in by its owner. */
export const migration0020: Migration = {
  version: 20,
  name: 'runs',
  up() {},
};
