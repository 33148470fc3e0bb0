import { PACK_FILE_MAX_BYTES } from '../../../shared/types/pack';

// The limits a pack is held to, on import and on export alike (so a pack Skilldeck makes, it can open).

export const PACK_LIMITS = {
  /** The pack file itself, sealed or not (and a download from a link). */
  packBytes: PACK_FILE_MAX_BYTES,
  /** Files in the skill folder (skillpack.json aside). */
  files: 500,
  /** One file, unpacked. */
  fileBytes: 10 * 1024 * 1024,
  /** Every file together, unpacked. */
  totalBytes: 50 * 1024 * 1024,
  /** Unpacked ÷ packed, for a file (or the whole) over `ratioFloorBytes`: more is a zip bomb. */
  ratio: 100,
  ratioFloorBytes: 1024 * 1024,
} as const;

export type PackLimits = { -readonly [K in keyof typeof PACK_LIMITS]: number };

/** The manifest's name inside the ZIP, and the folder the skill's files are under. */
export const MANIFEST_NAME = 'skillpack.json';
export const SKILL_PREFIX = 'skill/';
export const PACK_EXTENSION = '.skillpack';
