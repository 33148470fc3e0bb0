// One recording from the page's microphone to a transcript: `speech:begin`, each chunk uploaded in order as
// the recorder makes it (`speech:append`: the WebSocket's frames are limited, and most of the upload is
// done by the time the user stops), `speech:finish` when stopped (Enter, the key again, the limit), or
// `speech:discard` when cancelled (Esc): then nothing is transcribed and nothing runs.
import { create } from 'zustand';
import type { Client } from '../../../../shared/ipc/client';
import type { IpcError } from '../../../../shared/ipc/result';
import type { Transcript } from '../../../../shared/types/speech';
import { MicrophoneError, startMicrophone, type MicrophoneProblem, type MicRecording } from './recorder';

export type VoicePhase = 'idle' | 'starting' | 'recording' | 'transcribing' | 'done' | 'cancelled' | 'failed';

/** Why a recording ended without a transcript: the microphone's problem, or the host's error. */
export type VoiceFailure = { microphone: MicrophoneProblem } | { host: Pick<IpcError, 'message' | 'words'> };

export interface VoiceState {
  phase: VoicePhase;
  /** 0–1, for the meter. */
  level: number;
  elapsedMs: number;
  /** The host's limit (Settings › Speech), known once the recording began. */
  maxSeconds: number | null;
  /** Stopped by the limit rather than by the user. */
  hitLimit: boolean;
  transcript: Transcript | null;
  failure: VoiceFailure | null;
  start(): Promise<void>;
  stop(): Promise<Transcript | null>;
  cancel(): void;
  /** Cancels a recording on, and forgets how the last one ended (a new box starts clean). */
  reset(): void;
}

export interface VoiceSessionOptions {
  /** Tests: a stand-in microphone. */
  microphone?: typeof startMicrophone;
  now?: () => number;
}

/** A chunk's bytes as base64 (btoa over pieces: a whole second of audio at once overflows the call stack). */
export async function chunkBase64(chunk: Blob): Promise<string> {
  const bytes = new Uint8Array(await chunk.arrayBuffer());
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

/** Chunks bigger than a frame may carry are sent in pieces (the host's limit is 512 KiB each). */
const PIECE = 384 * 1024;

export function createVoiceSession(client: Client, options: VoiceSessionOptions = {}) {
  const microphone = options.microphone ?? startMicrophone;
  const now = options.now ?? Date.now;
  let mic: MicRecording | null = null;
  let recordingId: string | null = null;
  let uploads: Promise<IpcError | null> = Promise.resolve(null);
  let clock: ReturnType<typeof setInterval> | null = null;
  let limit: ReturnType<typeof setTimeout> | null = null;

  const stopTimers = () => {
    if (clock) clearInterval(clock);
    if (limit) clearTimeout(limit);
    clock = limit = null;
  };

  const useVoice = create<VoiceState>()((set, get) => {
    const fail = (failure: VoiceFailure) => {
      stopTimers();
      mic?.cancel();
      mic = null;
      if (recordingId) void client.request('speech:discard', { recordingId });
      recordingId = null;
      set({ phase: 'failed', failure, level: 0 });
    };

    const upload = (chunk: Blob) => {
      const id = recordingId;
      uploads = uploads.then(async (earlier) => {
        if (earlier || !id) return earlier;
        for (let at = 0; at < chunk.size; at += PIECE) {
          const piece = await chunkBase64(chunk.slice(at, at + PIECE));
          const sent = await client.request('speech:append', { recordingId: id, chunk: piece });
          if (!sent.ok) return sent.error;
        }
        return null;
      });
    };

    return {
      phase: 'idle',
      level: 0,
      elapsedMs: 0,
      maxSeconds: null,
      hitLimit: false,
      transcript: null,
      failure: null,

      async start() {
        if (get().phase === 'starting' || get().phase === 'recording') return;
        set({ phase: 'starting', level: 0, elapsedMs: 0, hitLimit: false, transcript: null, failure: null });
        const begun = await client.request('speech:begin', undefined);
        if (!begun.ok) return fail({ host: begun.error });
        if (get().phase !== 'starting') {
          // cancelled while the host answered
          void client.request('speech:discard', { recordingId: begun.value.recordingId });
          return;
        }
        recordingId = begun.value.recordingId;
        uploads = Promise.resolve(null);
        try {
          mic = await microphone({ onLevel: (level) => set({ level }), onChunk: upload });
        } catch (error) {
          return fail({ microphone: error instanceof MicrophoneError ? error.problem : 'failed' });
        }
        if (get().phase !== 'starting') {
          mic.cancel();
          return;
        }
        const startedAt = now();
        set({ phase: 'recording', maxSeconds: begun.value.maxSeconds });
        // the page closed mid-recording (a tab, the dashboard window): the host drops it at once
        if (typeof window !== 'undefined')
          window.addEventListener('pagehide', () => get().cancel(), { once: true });
        clock = setInterval(() => set({ elapsedMs: now() - startedAt }), 200);
        limit = setTimeout(() => {
          set({ hitLimit: true });
          void get().stop();
        }, begun.value.maxSeconds * 1000);
      },

      async stop() {
        if (get().phase !== 'recording' || !mic || !recordingId) return null;
        stopTimers();
        const id = recordingId;
        const recorded = mic;
        set({ phase: 'transcribing', level: 0 });
        await recorded.stop();
        mic = null;
        const failed = await uploads;
        if (failed) return (fail({ host: failed }), null);
        const heard = await client.request('speech:finish', {
          recordingId: id,
          mimeType: recorded.mimeType,
          peakLevel: recorded.peak,
        });
        recordingId = null;
        if (!heard.ok) return (set({ phase: 'failed', failure: { host: heard.error } }), null);
        set({ phase: 'done', transcript: heard.value });
        return heard.value;
      },

      reset() {
        get().cancel();
        if (get().phase !== 'transcribing') set({ phase: 'idle', failure: null, transcript: null, level: 0 });
      },

      cancel() {
        const phase = get().phase;
        if (phase !== 'starting' && phase !== 'recording') return;
        stopTimers();
        mic?.cancel();
        mic = null;
        if (recordingId) void client.request('speech:discard', { recordingId });
        recordingId = null;
        set({ phase: 'cancelled', level: 0 });
      },
    };
  });
  return useVoice;
}

export type VoiceSession = ReturnType<typeof createVoiceSession>;
