// The microphone in the page: MediaRecorder makes the audio (WebM/Opus where the browser has it), Web Audio's
// analyser gives the level for the meter and the loudest moment (the host refuses a recording that never
// rose above silence). Recording happens here, never in the main process.

/** Why recording could not start, for the message the page shows. */
export type MicrophoneProblem = 'unsupported' | 'no-microphone' | 'denied' | 'busy' | 'failed';

export class MicrophoneError extends Error {
  constructor(
    readonly problem: MicrophoneProblem,
    message: string,
  ) {
    super(message);
    this.name = 'MicrophoneError';
  }
}

/** getUserMedia's refusals, by name. */
export function problemOf(error: unknown): MicrophoneProblem {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'no-microphone';
  if (name === 'NotReadableError' || name === 'AbortError') return 'busy';
  return 'failed';
}

export interface RecorderEvents {
  /** The level now (0–1), about 20 times a second. */
  onLevel(level: number): void;
  /** The next piece of the audio, in order. */
  onChunk(chunk: Blob): void;
}

export interface MicRecording {
  readonly mimeType: string;
  /** The loudest level heard so far (0–1). */
  readonly peak: number;
  /** Stops; resolves once the last chunk was given to onChunk. */
  stop(): Promise<void>;
  /** Stops and lets go of the microphone; the chunks are the caller's to drop. */
  cancel(): void;
}

const TYPES = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/mp4', 'audio/webm'];

export async function startMicrophone(events: RecorderEvents, timesliceMs = 1000): Promise<MicRecording> {
  if (
    typeof navigator === 'undefined' ||
    !navigator.mediaDevices?.getUserMedia ||
    typeof MediaRecorder === 'undefined'
  )
    throw new MicrophoneError('unsupported', 'this page cannot record audio');
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({
      audio: { echoCancellation: true, noiseSuppression: true, channelCount: 1 },
    });
  } catch (error) {
    throw new MicrophoneError(problemOf(error), error instanceof Error ? error.message : String(error));
  }
  const mimeType = TYPES.find((t) => MediaRecorder.isTypeSupported(t)) ?? '';
  const recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
  const context = new AudioContext();
  const analyser = context.createAnalyser();
  analyser.fftSize = 1024;
  context.createMediaStreamSource(stream).connect(analyser);
  const samples = new Float32Array(analyser.fftSize);
  let peak = 0;
  const meter = setInterval(() => {
    analyser.getFloatTimeDomainData(samples);
    let max = 0;
    for (const s of samples) max = Math.max(max, Math.abs(s));
    // float samples may overshoot 1 (clipping): levels are 0–1
    peak = Math.min(1, Math.max(peak, max));
    events.onLevel(Math.min(1, max));
  }, 50);
  const release = () => {
    clearInterval(meter);
    for (const track of stream.getTracks()) track.stop();
    void context.close().catch(() => undefined);
  };
  let cancelled = false;
  recorder.ondataavailable = (event) => {
    if (!cancelled && event.data.size > 0) events.onChunk(event.data);
  };
  const stopped = new Promise<void>((resolve) => (recorder.onstop = () => resolve()));
  recorder.start(timesliceMs);
  return {
    mimeType: recorder.mimeType || mimeType,
    get peak() {
      return peak;
    },
    async stop() {
      if (recorder.state !== 'inactive') recorder.stop();
      await stopped;
      release();
    },
    cancel() {
      cancelled = true;
      if (recorder.state !== 'inactive') recorder.stop();
      release();
    },
  };
}
