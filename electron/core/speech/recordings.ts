// Recordings in flight and transcribed, in memory: a recorder uploads its audio in chunks (`speech:append`),
// `speech:finish` transcribes it, and `runs:start` `speech` takes the result once. Bounded: a few at a time,
// a size cap, and each forgotten a while after it was last touched — a recording whose chunks stopped
// coming (its page closed mid-recording) after a minute, a transcript no run took after 15 minutes — so
// a recorder that vanished never keeps the user from recording again.
import crypto from 'node:crypto';
import type { Transcript } from '../../../shared/types/speech';
import { speechErrors } from './speech-error';

/** A transcribed recording waiting for its run. */
export interface FinishedRecording extends Transcript {
  audio: Uint8Array;
  extension: string;
}

interface Open {
  chunks: Buffer[];
  bytes: number;
  touched: number;
  finished?: FinishedRecording;
  /** speech:finish is working on it: no more chunks. */
  closing?: boolean;
}

export interface RecordingStoreOptions {
  /** At most this many recordings at once (default 4). */
  maxOpen?: number;
  /** At most this many bytes per recording (default 100 MiB: 10 min of WAV at 44.1 kHz stereo is ~100 MiB). */
  maxBytes?: number;
  /** A transcript no run took is forgotten this long after it was made (default 15 min). */
  idleMs?: number;
  /** A recording whose chunks stopped coming is forgotten after this (default 60 s; chunks come every second). */
  abandonedMs?: number;
  now?: () => number;
}

export const newRecordingId = () => `rec_${crypto.randomBytes(9).toString('base64url')}`;

export function createRecordingStore(options: RecordingStoreOptions = {}) {
  const maxOpen = options.maxOpen ?? 4;
  const maxBytes = options.maxBytes ?? 100 * 1024 * 1024;
  const idleMs = options.idleMs ?? 15 * 60_000;
  const abandonedMs = options.abandonedMs ?? 60_000;
  const now = options.now ?? Date.now;
  const open = new Map<string, Open>();

  const sweep = () => {
    for (const [id, r] of open) {
      const limit = r.finished || r.closing ? idleMs : abandonedMs;
      if (now() - r.touched > limit) open.delete(id);
    }
  };
  const get = (id: string) => {
    sweep();
    const r = open.get(id);
    if (!r) throw speechErrors.unknownRecording(id);
    return r;
  };

  return {
    maxBytes,
    begin(): string {
      sweep();
      if (open.size >= maxOpen) throw speechErrors.tooManyRecordings();
      const id = newRecordingId();
      open.set(id, { chunks: [], bytes: 0, touched: now() });
      return id;
    },
    append(id: string, chunk: Buffer): number {
      const r = get(id);
      if (r.closing || r.finished) throw speechErrors.unknownRecording(id);
      if (r.bytes + chunk.length > maxBytes) {
        open.delete(id);
        throw speechErrors.tooLarge(Math.round(maxBytes / 1024 / 1024));
      }
      r.chunks.push(chunk);
      r.bytes += chunk.length;
      r.touched = now();
      return r.bytes;
    },
    /** The bytes of a recording, marked as being transcribed (no more chunks). */
    close(id: string): Uint8Array {
      const r = get(id);
      if (r.closing || r.finished) throw speechErrors.unknownRecording(id);
      r.closing = true;
      r.touched = now();
      return Buffer.concat(r.chunks);
    },
    /** A recording whose transcription failed: gone (the recorder records again). */
    drop(id: string): boolean {
      return open.delete(id);
    },
    /** Keeps a transcribed recording (a file given to the CLI is one too) for its run. */
    finish(recording: FinishedRecording): void {
      sweep();
      const r = open.get(recording.recordingId) ?? { chunks: [], bytes: 0, touched: now() };
      r.chunks = [];
      r.finished = recording;
      r.touched = now();
      open.set(recording.recordingId, r);
    },
    /** The transcribed recording, once: a run takes it (and its audio) away. */
    take(id: string): FinishedRecording {
      const r = get(id);
      if (!r.finished) throw speechErrors.unknownRecording(id);
      open.delete(id);
      return r.finished;
    },
  };
}

export type RecordingStore = ReturnType<typeof createRecordingStore>;
