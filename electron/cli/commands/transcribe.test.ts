// `skilldeck transcribe FILE` and `skilldeck run SKILL --audio FILE` against the wire-format transcription
// and model servers, with speech spoken by espeak-ng.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCore } from '../../core/core';
import {
  audioFolder,
  silentWav,
  speakToWav,
  toM4a,
  toMp3,
  toOgg,
} from '../../core/speech/testing/speech-audio';
import { probeAudio } from '../../core/speech/audio-probe';
import { startLlmServer, type LlmServer } from '../../core/testing/llm-server';
import { startTranscriptionServer, type TranscriptionServer } from '../../core/testing/transcription-server';
import { main } from '../cli';
import type { Io } from '../io';
import { captureStdout } from '../test-support';

let llm: LlmServer;
let stt: TranscriptionServer;
let folder: ReturnType<typeof audioFolder>;
let wav: string;
let dataDir: string;
const SAID = 'translate what I said into French';

beforeAll(async () => {
  [llm, stt] = await Promise.all([startLlmServer(), startTranscriptionServer()]);
  folder = audioFolder();
  wav = speakToWav(folder.dir, 'said', SAID);
  // a data folder whose Settings › Speech names the transcription server's provider
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skilldeck-voice-cli-'));
  const core = createCore({ dataDir, skillDirs: [], runtime: 'node', version: 't', watchSkills: false });
  await core.dispatch('providers:save', {
    kind: 'openai-compatible',
    name: 'stt',
    baseUrl: `${stt.url}/v1`,
    defaultModel: 'x',
  });
  await core.dispatch('speech:update', { provider: 'stt', model: 'whisper-large-v3', maxSeconds: 30 });
  core.close();
});
afterAll(async () => {
  await Promise.all([llm.close(), stt.close()]);
  folder.remove();
  fs.rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(() => {
  stt.setResponder(() => ({ text: SAID }));
  stt.requests.length = 0;
  llm.requests.length = 0;
});

async function cli(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const io: Io = { out: (l) => out.push(l), err: (l) => err.push(l) };
  const { code, stdout } = await captureStdout(() => main([...args, '--data-dir', dataDir], io));
  return { code, out: out.join('\n'), stdout, err: err.join('\n') };
}

describe('skilldeck transcribe', () => {
  it('prints what the file says, sent as a real WAV with Settings › Speech’s model', async () => {
    const r = await cli(['transcribe', wav]);
    expect(r).toMatchObject({ code: 0, out: SAID, err: '' });
    const sent = stt.requests[0]!;
    expect(sent.fields.model).toBe('whisper-large-v3');
    expect(sent.file?.name).toBe('audio.wav');
    expect((await probeAudio(sent.file!.bytes, 'upload')).durationMs).toBe(
      (await probeAudio(new Uint8Array(fs.readFileSync(wav)), 'wav')).durationMs,
    );
  });

  it('--json, --model, --language and an endpoint named on the command line with its key', async () => {
    const r = await cli([
      'transcribe',
      wav,
      '--json',
      '--model',
      'gpt-4o-mini-transcribe',
      '--language',
      'en',
      '--base-url',
      `${stt.url}/v1`,
      '--api-key-env',
      'HOME',
    ]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({ text: SAID, container: 'wav' });
    expect(stt.requests[0]!.fields).toMatchObject({ model: 'gpt-4o-mini-transcribe', language: 'en' });
    expect(stt.requests[0]!.headers.authorization).toBe(`Bearer ${process.env.HOME}`);
  });

  it('MP3, Ogg and M4A files', async () => {
    const mp3 = toMp3(wav);
    const ogg = toOgg(wav);
    const m4a = toM4a(wav);
    if (!mp3 || !ogg || !m4a)
      return console.warn('skipped: lame, opus-tools and ffmpeg (Debian packages) make the files');
    expect((await cli(['transcribe', mp3])).out).toBe(SAID);
    expect((await cli(['transcribe', ogg])).out).toBe(SAID);
    const fromM4a = await cli(['transcribe', m4a, '--json']);
    expect(JSON.parse(fromM4a.out)).toMatchObject({ text: SAID, container: 'm4a' });
    expect(stt.requests.map((q) => q.file?.type)).toEqual(['audio/mpeg', 'audio/ogg', 'audio/mp4']);
    // the M4A went up whole, and it is as long as the speech (AAC pads a few milliseconds)
    const sent = stt.requests[2]!.file!;
    expect(Buffer.from(sent.bytes).equals(fs.readFileSync(m4a))).toBe(true);
    const spoken = (await probeAudio(new Uint8Array(fs.readFileSync(wav)), 'wav')).durationMs;
    expect(Math.abs((await probeAudio(sent.bytes, 'upload')).durationMs - spoken)).toBeLessThan(100);
  });

  it('--api-key-env A,B is a pool: a refused key gives way to the next, for a named endpoint or Settings › Speech’s', async () => {
    process.env.SKILLDECK_T_KEY_A = 'sk-first';
    process.env.SKILLDECK_T_KEY_B = 'sk-second';
    try {
      stt.script({ status: 401, errorMessage: 'Incorrect API key provided' });
      const named = await cli([
        'transcribe',
        wav,
        '--base-url',
        `${stt.url}/v1`,
        '--api-key-env',
        'SKILLDECK_T_KEY_A,SKILLDECK_T_KEY_B',
      ]);
      expect(named).toMatchObject({ code: 0, out: SAID });
      expect(stt.requests.map((q) => q.headers.authorization)).toEqual([
        'Bearer sk-first',
        'Bearer sk-second',
      ]);

      stt.requests.length = 0;
      stt.script({ status: 429, errorMessage: 'Rate limit reached', retryAfter: '20' });
      const settings = await cli(['transcribe', wav, '--api-key-env', 'SKILLDECK_T_KEY_A,SKILLDECK_T_KEY_B']);
      expect(settings).toMatchObject({ code: 0, out: SAID });
      expect(stt.requests.map((q) => q.headers.authorization)).toEqual([
        'Bearer sk-first',
        'Bearer sk-second',
      ]);
      expect(stt.requests.map((q) => q.fields.model)).toEqual(['whisper-large-v3', 'whisper-large-v3']);

      // both refused: the error names each variable
      stt.requests.length = 0;
      stt.setResponder(() => ({ status: 401, errorMessage: 'Incorrect API key provided' }));
      const refused = await cli(['transcribe', wav, '--api-key-env', 'SKILLDECK_T_KEY_A,SKILLDECK_T_KEY_B']);
      expect(refused.code).toBe(1);
      expect(refused.err).toMatch(/SKILLDECK_T_KEY_A/);
      expect(refused.err).toMatch(/SKILLDECK_T_KEY_B/);
      expect(stt.requests).toHaveLength(2);
    } finally {
      delete process.env.SKILLDECK_T_KEY_A;
      delete process.env.SKILLDECK_T_KEY_B;
    }
  });

  it('bad input: no such file, not audio, too long, silence — each said, nothing hangs', async () => {
    expect(await cli(['transcribe', path.join(folder.dir, 'missing.wav')])).toMatchObject({
      code: 2,
      err: expect.stringContaining('no such file') as unknown,
    });
    const letter = path.join(folder.dir, 'letter.txt');
    fs.writeFileSync(letter, 'Dear Anna, this is not a recording.');
    expect((await cli(['transcribe', letter])).err).toBe(
      `skilldeck: ${letter} is not audio Skilldeck can read — use a WAV, MP3, M4A, WebM or Ogg file`,
    );
    const long = await cli(['transcribe', silentWav(folder.dir, 'long', 31)]);
    expect(long.code).toBe(1);
    expect(long.err).toMatch(/is 31 s long, over the limit of 30 s/);
    stt.setResponder(() => ({ text: '' }));
    const quiet = await cli(['transcribe', silentWav(folder.dir, 'quiet', 1)]);
    expect(quiet).toMatchObject({ code: 1, out: '' });
    expect(quiet.err).toMatch(/no speech was heard/);
    expect(stt.requests).toHaveLength(1); // only the silent one was sent
  });

  it('an endpoint without speech to text says so', async () => {
    const r = await cli(['transcribe', wav, '--base-url', `${llm.url}/v1`]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/answered 404 .*audio\/transcriptions.*may not offer speech to text/);
  });
});

describe('skilldeck run --audio', () => {
  const chat = ['--provider', 'openai-compatible', '--base-url', '', '--model', 'm1'];
  beforeAll(() => (chat[3] = `${llm.url}/v1`));

  it('transcribes, then runs on what was said; the selection is still the selection', async () => {
    llm.script({ text: 'Traduit.' });
    const r = await cli(['run', 'translate', '--audio', wav, '--selection', 'Good morning', ...chat]);
    expect(r.code, r.err).toBe(0);
    expect(r.stdout).toContain('Traduit.');
    expect(r.err).toContain(`skilldeck: heard (`);
    const user = JSON.stringify(llm.requests[0]!.body);
    expect(user).toContain('Good morning');
    expect(user).toContain(`Instruction: ${SAID}`);
  });

  it('a memo skill saves the transcript without a model call', async () => {
    const r = await cli(['run', 'memo', '--audio', wav, ...chat]);
    expect(r.code, r.err).toBe(0);
    expect(llm.requests).toHaveLength(0);
  });

  it('a failed model call prints the transcript on stdout: dictated words are never lost', async () => {
    llm.script({ status: 400, errorMessage: 'no such model' });
    const r = await cli(['run', 'translate', '--audio', wav, ...chat]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe(`${SAID}\n`);
    expect(r.err).toMatch(/translate failed/);
  });

  it('usage errors', async () => {
    expect((await cli(['run', 'translate', '--audio', wav, '--input', 'x'])).err).toMatch(/use one/);
    expect((await cli(['run', 'translate', '--language', 'en'])).err).toMatch(/--language goes with --audio/);
    expect((await cli(['run', 'translate', '--audio', wav, '--language', 'English'])).code).toBe(2);
  });
});

describe('the built CLI', () => {
  it('`skilldeck transcribe` in its own process', async () => {
    const bin = path.resolve('electron/cli/skilldeck.mjs');
    if (!fs.existsSync(path.resolve('out/cli/main.js')))
      throw new Error('the CLI is not built: run `npm run build` first');
    const child = spawn(process.execPath, [bin, 'transcribe', wav, '--data-dir', dataDir], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(0);
    expect(out).toBe(`${SAID}\n`);
  });
});
