// What a voice run heard (migration 110): its transcript, the audio's length and, when Settings › Speech
// keeps audio, the file it was saved to. Deleting the run deletes the row (and runs:delete the file).
import type { Database } from 'better-sqlite3';
import type { RunSpeech } from '../../../shared/types/speech';

export interface RunSpeechRepo {
  save(runId: string, speech: RunSpeech): void;
  get(runId: string): RunSpeech | null;
}

interface Row {
  transcript: string;
  audio_ms: number;
  audio_file: string | null;
}

export function createRunSpeechRepo(db: Database): RunSpeechRepo {
  const insert = db.prepare(
    'INSERT OR REPLACE INTO run_speech (run_id, transcript, audio_ms, audio_file) VALUES (?, ?, ?, ?)',
  );
  const select = db.prepare<[string], Row>(
    'SELECT transcript, audio_ms, audio_file FROM run_speech WHERE run_id = ?',
  );
  return {
    save: (runId, s) => void insert.run(runId, s.transcript, Math.round(s.audioMs), s.audioFile),
    get(runId) {
      const row = select.get(runId);
      return row ? { transcript: row.transcript, audioMs: row.audio_ms, audioFile: row.audio_file } : null;
    },
  };
}
