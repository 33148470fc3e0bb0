import type { Migration } from './types';

/** Placeholder for provider configurations (providers): filled in by its owner. */
export const migration0040: Migration = {
  version: 40,
  name: 'providers',
  up() {},
};
