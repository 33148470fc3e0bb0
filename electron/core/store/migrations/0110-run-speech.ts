import type { Migration } from './types';

/**
 * A voice run keeps what was said: the transcript, the audio's length, and (only when Settings › Speech
 * keeps audio) the file the audio was saved to. One row per voice run; it goes with its run.
 */
export const migration0110: Migration = {
  version: 110,
  name: 'run-speech',
  up(db) {
    db.exec(`
      CREATE TABLE run_speech (
        run_id TEXT PRIMARY KEY REFERENCES runs(id) ON DELETE CASCADE,
        transcript TEXT NOT NULL,
        audio_ms INTEGER NOT NULL CHECK (audio_ms >= 0),
        audio_file TEXT
      ) STRICT;
    `);
  },
};
