import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient } from '../../../../shared/ipc/client';
import { createFakeTransport, settle } from '../../stores/fake-transport';
import { MicrophoneError, problemOf, type RecorderEvents } from './recorder';
import { chunkBase64, createVoiceSession } from './voice-session';

const ok = <T>(value: T) => ({ ok: true as const, value });

function host() {
  const fake = createFakeTransport({
    'speech:begin': () => ok({ recordingId: 'rec_abcdefgh', maxSeconds: 5 }),
    'speech:append': (input) => ok({ bytes: (input as { chunk: string }).chunk.length }),
    'speech:discard': () => ok({ discarded: true }),
    'speech:finish': () =>
      ok({
        recordingId: 'rec_abcdefgh',
        text: 'hello there',
        audioMs: 1200,
        container: 'webm',
        language: null,
      }),
  });
  return { fake, client: createClient(fake.transport) };
}

/** A microphone that says what the test makes it say. */
function fakeMicrophone(peak = 0.4) {
  let events: RecorderEvents | null = null;
  const state = { stopped: false, cancelled: false };
  const start = vi.fn((e: RecorderEvents) => {
    events = e;
    return Promise.resolve({
      mimeType: 'audio/webm;codecs=opus',
      peak,
      stop: () => {
        state.stopped = true;
        events?.onChunk(new Blob(['last']));
        return Promise.resolve();
      },
      cancel: () => void (state.cancelled = true),
    });
  });
  return { start, state, say: (text: string) => events?.onChunk(new Blob([text])) };
}

afterEach(() => vi.useRealTimers());

describe('a recording', () => {
  it('uploads each chunk in order, then finishes with the loudest level and gives the transcript', async () => {
    const { fake, client } = host();
    const mic = fakeMicrophone(0.4);
    const session = createVoiceSession(client, { microphone: mic.start });
    await session.getState().start();
    expect(session.getState()).toMatchObject({ phase: 'recording', maxSeconds: 5 });
    mic.say('one');
    mic.say('two');
    const transcript = await session.getState().stop();
    expect(transcript?.text).toBe('hello there');
    expect(session.getState().phase).toBe('done');
    expect(fake.callsOf('speech:append').map((c) => atob((c.input as { chunk: string }).chunk))).toEqual([
      'one',
      'two',
      'last',
    ]);
    expect(fake.callsOf('speech:finish')[0]?.input).toEqual({
      recordingId: 'rec_abcdefgh',
      mimeType: 'audio/webm;codecs=opus',
      peakLevel: 0.4,
    });
  });

  it('Esc: cancelled, the host drops it, nothing is transcribed', async () => {
    const { fake, client } = host();
    const mic = fakeMicrophone();
    const session = createVoiceSession(client, { microphone: mic.start });
    await session.getState().start();
    session.getState().cancel();
    await settle();
    expect(session.getState().phase).toBe('cancelled');
    expect(mic.state.cancelled).toBe(true);
    expect(fake.callsOf('speech:discard')).toHaveLength(1);
    expect(fake.callsOf('speech:finish')).toHaveLength(0);
    expect(await session.getState().stop()).toBeNull();
  });

  it('no microphone or permission denied: failed with the reason, the recording dropped', async () => {
    const { fake, client } = host();
    const session = createVoiceSession(client, {
      microphone: () => Promise.reject(new MicrophoneError('denied', 'Permission denied')),
    });
    await session.getState().start();
    expect(session.getState()).toMatchObject({ phase: 'failed', failure: { microphone: 'denied' } });
    expect(fake.callsOf('speech:discard')).toHaveLength(1);
    expect(problemOf(new DOMException('x', 'NotFoundError'))).toBe('no-microphone');
    expect(problemOf(new DOMException('x', 'NotAllowedError'))).toBe('denied');
    expect(problemOf(new DOMException('x', 'NotReadableError'))).toBe('busy');
  });

  it('stops by itself at the limit', async () => {
    vi.useFakeTimers();
    const { fake, client } = host();
    const session = createVoiceSession(client, { microphone: fakeMicrophone().start });
    await session.getState().start();
    await vi.advanceTimersByTimeAsync(5000);
    vi.useRealTimers();
    await vi.waitFor(() => expect(session.getState().phase).toBe('done'));
    expect(session.getState().hitLimit).toBe(true);
    expect(fake.callsOf('speech:finish')).toHaveLength(1);
  });

  it('a refused upload or transcription ends it with the host’s words', async () => {
    const { fake, client } = host();
    fake.answers['speech:finish'] = () => ({
      ok: false,
      error: { code: 'BAD_REQUEST', message: 'no speech was heard', words: { key: 'speech.silence' } },
    });
    const session = createVoiceSession(client, { microphone: fakeMicrophone().start });
    await session.getState().start();
    await session.getState().stop();
    expect(session.getState()).toMatchObject({
      phase: 'failed',
      failure: { host: { message: 'no speech was heard' } },
    });
    // the next box that opens starts clean
    session.getState().reset();
    expect(session.getState()).toMatchObject({ phase: 'idle', failure: null });
  });

  it('base64 of a large chunk', async () => {
    const bytes = new Uint8Array(200_000).map((_, i) => i % 256);
    const back = Uint8Array.from(atob(await chunkBase64(new Blob([bytes]))), (c) => c.charCodeAt(0));
    expect(back).toEqual(bytes);
  });
});
