import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryPorts } from '../memory-ports';
import { createKeyPool } from '../providers/key-pool';
import { keySecretName, providerSecretName, storedKeySource } from '../providers/key-sources';
import { createProviderKeyRepo } from '../store/provider-keys';
import { openDatabase } from '../store/db';
import { createProviderRepo, type ProviderRepo } from '../store/providers';
import { createSettingsStore, type SettingsStore } from '../store/settings';
import { startTranscriptionServer, type TranscriptionServer } from '../testing/transcription-server';
import { probeAudio } from './audio-probe';
import { SpeechError } from './speech-error';
import { createSpeechService, heardNothing, type SpeechService } from './speech-service';
import { audioFolder, silentWav, speakToWav, toMp3, toOgg } from './testing/speech-audio';

let server: TranscriptionServer;
let folder: ReturnType<typeof audioFolder>;
let spoken: string;
let settings: SettingsStore;
let providers: ProviderRepo;
let service: SpeechService;
let secrets: ReturnType<typeof createMemoryPorts>['secrets'];
let keyRepo: ReturnType<typeof createProviderKeyRepo>;

beforeAll(async () => {
  server = await startTranscriptionServer();
  folder = audioFolder();
  spoken = speakToWav(folder.dir, 'spoken', 'translate what I said into French');
});
afterAll(async () => {
  await server.close();
  folder.remove();
});

beforeEach(() => {
  const dataDir = fs.mkdtempSync(path.join(folder.dir, 'data-'));
  const db = openDatabase(path.join(dataDir, 'skilldeck.db'));
  settings = createSettingsStore(db);
  providers = createProviderRepo(db);
  secrets = createMemoryPorts().secrets;
  providers.save(
    'local',
    {
      kind: 'openai-compatible',
      name: 'local',
      baseUrl: `${server.url}/v1`,
      defaultModel: 'llama',
      knownModels: [],
      maxOutputTokens: null,
      isDefault: true,
    },
    1,
  );
  keyRepo = createProviderKeyRepo(db);
  const keys = createKeyPool({
    source: storedKeySource({ repo: keyRepo, secrets, now: Date.now }),
  });
  service = createSpeechService({
    settings,
    providers,
    keys,
    dataDir,
    transcriber: { retryDelayMs: 10 },
  });
  server.requests.length = 0;
});

const bytesOf = (file: string) => new Uint8Array(fs.readFileSync(file));

async function refusal(promise: Promise<unknown>): Promise<SpeechError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SpeechError);
  return error as SpeechError;
}

describe('transcription through the /v1/audio/transcriptions wire format', () => {
  it('uploads espeak speech as a WAV file with the model, language and prompt, and gives its transcript', async () => {
    await secrets.set(providerSecretName('local'), 'sk-local');
    settings.set('speech.language', 'en');
    server.script({ text: '  translate what I said into French  ' });
    const audio = bytesOf(spoken);
    const heard = await service.transcribe(audio, { prompt: 'Skilldeck' });

    expect(heard.text).toBe('translate what I said into French');
    expect(heard.container).toBe('wav');
    const length = (await probeAudio(audio, 'x')).durationMs;
    expect(heard.audioMs).toBe(length);
    expect(length).toBeGreaterThan(1500);
    expect(length).toBeLessThan(4000);

    const [sent] = server.requests;
    expect(sent?.headers.authorization).toBe('Bearer sk-local');
    expect(sent?.fields).toMatchObject({
      model: 'whisper-1',
      language: 'en',
      prompt: 'Skilldeck',
      response_format: 'verbose_json',
    });
    expect(sent?.file?.name).toBe('audio.wav');
    expect(sent?.file?.type).toBe('audio/wav');
    expect(Buffer.from(sent!.file!.bytes).equals(Buffer.from(audio))).toBe(true);
    // the uploaded file is itself real audio of the same length
    expect((await probeAudio(sent!.file!.bytes, 'upload')).durationMs).toBe(length);

    // kept for its run, once
    expect(service.take(heard.recordingId)).toMatchObject({ transcript: heard.text, audioMs: length });
    expect(() => service.take(heard.recordingId)).toThrow(/no recording/);
  });

  it('asks gpt-4o transcribe models for plain json and sends no language when it detects one', async () => {
    settings.set('speech.model', 'gpt-4o-mini-transcribe');
    await service.transcribe(bytesOf(spoken));
    expect(server.requests[0]?.fields.response_format).toBe('json');
    expect(server.requests[0]?.fields.language).toBeUndefined();
  });

  it('reads a verbose_json answer whose segments lack fields of OpenAI’s shape (whisper.cpp and others)', async () => {
    server.script({ text: 'sparse but fine', sparseSegments: true });
    expect((await service.transcribe(bytesOf(spoken))).text).toBe('sparse but fine');
  });

  it('sends MP3 and Ogg/Opus under their own type and name', async () => {
    const mp3 = toMp3(spoken);
    const ogg = toOgg(spoken);
    if (!mp3 || !ogg) {
      console.warn('skipped: lame and opus-tools (Debian packages) make the MP3 and Ogg files');
      return;
    }
    expect((await service.transcribe(bytesOf(mp3))).container).toBe('mp3');
    expect((await service.transcribe(bytesOf(ogg))).container).toBe('ogg');
    expect(server.requests.map((r) => [r.file?.name, r.file?.type])).toEqual([
      ['audio.mp3', 'audio/mpeg'],
      ['audio.ogg', 'audio/ogg'],
    ]);
  });
});

describe('bad input is refused before anything is sent', () => {
  it('a file that is not audio', async () => {
    const text = new TextEncoder().encode('Dear Anna, this is a letter, not a recording.');
    const error = await refusal(service.transcribe(text, { what: 'letter.txt' }));
    expect(error.message).toBe(
      'letter.txt is not audio Skilldeck can read — use a WAV, MP3, M4A, WebM or Ogg file',
    );
    expect(error.words).toEqual({ key: 'speech.notAudio', values: { what: 'letter.txt' } });
    expect(server.requests).toHaveLength(0);
  });

  it('a recording over the limit', async () => {
    settings.set('speech.maxSeconds', 5);
    const error = await refusal(service.transcribe(bytesOf(silentWav(folder.dir, 'long', 6.2))));
    expect(error.message).toMatch(/^the recording is 7 s long, over the limit of 5 s — record less/);
    expect(server.requests).toHaveLength(0);
  });

  it('a recorder that heard nothing, and an empty one', async () => {
    const quiet = await refusal(service.transcribe(bytesOf(spoken), { peakLevel: 0.002 }));
    expect(quiet.speechCode).toBe('silence');
    const empty = await refusal(service.transcribe(new Uint8Array()));
    expect(empty.speechCode).toBe('empty-recording');
    expect(server.requests).toHaveLength(0);
  });

  it('an endpoint that heard no words says so (whisper’s [BLANK_AUDIO] counts as none)', async () => {
    server.script({ text: '[BLANK_AUDIO]' }, { text: '' });
    const silent = bytesOf(silentWav(folder.dir, 'silent', 1));
    expect((await refusal(service.transcribe(silent))).message).toMatch(/^no speech was heard/);
    expect((await refusal(service.transcribe(silent))).speechCode).toBe('silence');
    expect(heardNothing('(silence) ...')).toBe(true);
    expect(heardNothing('Bonjour.')).toBe(false);
  });
});

describe('the endpoint’s errors', () => {
  it('a refused key, a server without speech to text, and a retried server error', async () => {
    server.script({ status: 401, errorMessage: 'Incorrect API key provided' });
    expect((await refusal(service.transcribe(bytesOf(spoken)))).message).toBe(
      'the provider refused the API key (401) — check the key of "local" in Settings',
    );
    server.script({ status: 404, errorMessage: 'Unknown request URL' });
    const missing = await refusal(service.transcribe(bytesOf(spoken)));
    expect(missing.message).toMatch(
      /answered 404 for .*\/v1\/audio\/transcriptions with the model "whisper-1"/,
    );
    expect(missing.words?.key).toBe('speech.notFound');

    server.requests.length = 0;
    server.script({ status: 503, errorMessage: 'overloaded' }, { text: 'second try' });
    expect((await service.transcribe(bytesOf(spoken))).text).toBe('second try');
    expect(server.requests).toHaveLength(2);
  });

  it('the key comes from the provider’s pool: a refused or rate-limited key gives way to the next at once', async () => {
    const addKey = async (id: string, value: string) => {
      keyRepo.add('local', { id, label: id, secretName: keySecretName('local', id) }, Date.now());
      await secrets.set(keySecretName('local', id), value);
    };
    // keys added in Settings after pools live under their own names, not the provider's old single one
    await addKey('a', 'sk-a');
    await addKey('b', 'sk-b');
    await addKey('c', 'sk-c');
    server.script(
      { status: 401, errorMessage: 'Incorrect API key provided' },
      { status: 429, errorMessage: 'Rate limit reached', retryAfter: '30' },
      { text: 'third key heard it' },
    );
    expect((await service.transcribe(bytesOf(spoken))).text).toBe('third key heard it');
    expect(server.requests.map((r) => r.headers.authorization)).toEqual([
      'Bearer sk-a',
      'Bearer sk-b',
      'Bearer sk-c',
    ]);
    // the refused key stays aside and the rate-limited one cools: the next upload goes to the third
    server.requests.length = 0;
    server.script({ text: 'again' });
    expect((await service.transcribe(bytesOf(spoken))).text).toBe('again');
    expect(server.requests.map((r) => r.headers.authorization)).toEqual(['Bearer sk-c']);
    expect(keyRepo.get('local', 'a')?.refused?.status).toBe(401);
  });

  it('an OpenAI provider without a key says so before any upload', async () => {
    providers.save(
      'cloud',
      {
        kind: 'openai',
        name: 'cloud',
        baseUrl: `${server.url}/v1`,
        defaultModel: 'gpt-4o',
        knownModels: [],
        maxOutputTokens: null,
        isDefault: false,
      },
      1,
    );
    settings.set('speech.provider', 'cloud');
    const error = await refusal(service.transcribe(bytesOf(spoken)));
    expect(error.message).toBe('provider "cloud" has no API key — add it in Settings');
    expect(error.words).toEqual({ key: 'provider.noKey', values: { provider: 'cloud' } });
    expect(server.requests).toHaveLength(0);
  });

  it('no provider, an unknown one, and an Anthropic one say what to pick', async () => {
    settings.set('speech.provider', 'nowhere');
    expect((await refusal(service.transcribe(bytesOf(spoken)))).message).toMatch(
      /names the provider "nowhere"/,
    );
    providers.save(
      'claude',
      {
        kind: 'anthropic',
        name: 'claude',
        baseUrl: null,
        defaultModel: 'c',
        knownModels: [],
        maxOutputTokens: null,
        isDefault: false,
      },
      2,
    );
    settings.set('speech.provider', 'claude');
    expect((await refusal(service.transcribe(bytesOf(spoken)))).speechCode).toBe('no-speech-api');
    providers.delete('local');
    providers.delete('claude');
    settings.set('speech.provider', null);
    expect((await refusal(service.transcribe(bytesOf(spoken)))).message).toMatch(
      /^no provider for speech to text/,
    );
  });
});

describe('test connection and recordings', () => {
  it('sends the built-in sample and reports what was heard', async () => {
    server.script({ text: 'Hello from Skilldeck.' });
    const result = await service.test({ model: 'whisper-large-v3' });
    expect(result).toMatchObject({
      ok: true,
      transcript: 'Hello from Skilldeck.',
      endpoint: `${server.url}/v1`,
      model: 'whisper-large-v3',
    });
    const sample = server.requests[0]!.file!.bytes;
    expect((await probeAudio(sample, 'sample')).durationMs).toBeGreaterThan(1000);
    server.script({ status: 401 });
    expect(await service.test({})).toMatchObject({ ok: false, transcript: null });
  });

  it('a recording uploaded in chunks is transcribed; a cancelled one is gone', async () => {
    const audio = Buffer.from(bytesOf(spoken));
    const id = service.recordings.begin();
    service.recordings.append(id, audio.subarray(0, 1000));
    service.recordings.append(id, audio.subarray(1000));
    const heard = await service.finish(id, { peakLevel: 0.4 });
    expect(heard.recordingId).toBe(id);
    expect(Buffer.from(server.requests[0]!.file!.bytes).equals(audio)).toBe(true);

    const dropped = service.recordings.begin();
    expect(service.recordings.drop(dropped)).toBe(true);
    expect(() => service.recordings.append(dropped, audio)).toThrow(/no recording/);
  });

  it('keeps the audio beside the run only when the setting says so', async () => {
    const heard = await service.transcribe(bytesOf(spoken));
    const input = service.take(heard.recordingId);
    expect(await service.keepAudio('run_abcdefg', input)).toBeNull();
    settings.set('speech.keepAudio', true);
    const file = await service.keepAudio('run_abcdefg', input);
    expect(file).toMatch(/recordings[/\\]run_abcdefg\.wav$/);
    expect(fs.readFileSync(file!).equals(Buffer.from(input.audio))).toBe(true);
  });
});

describe('every refusal says in the dashboard’s words what its message says', () => {
  it('the errors of speech-error.ts and the endpoint’s 404', async () => {
    const { speechErrors } = await import('./speech-error');
    const { expectWordsSayMessage } = await import('../testing/error-words');
    const all = [
      speechErrors.notAudio('letter.txt'),
      speechErrors.tooLong(75, 60),
      speechErrors.tooLarge(100),
      speechErrors.emptyRecording(),
      speechErrors.silence(),
      speechErrors.unknownRecording('rec_abcdefgh'),
      speechErrors.tooManyRecordings(),
      speechErrors.noProvider(),
      speechErrors.unknownProvider('groq'),
      speechErrors.noSpeechApi('claude'),
    ];
    for (const error of all) expectWordsSayMessage(error.words, error.message);
    server.script({ status: 404 });
    const missing = await refusal(service.transcribe(bytesOf(spoken)));
    expectWordsSayMessage(missing.words, missing.message);
  });
});

describe('recordings held in memory', () => {
  it('a recording whose page vanished is forgotten after a minute, so new ones can begin', async () => {
    const { createRecordingStore } = await import('./recordings');
    let time = 0;
    const store = createRecordingStore({ maxOpen: 2, now: () => time });
    store.begin();
    store.begin();
    expect(() => store.begin()).toThrow(/too many recordings/);
    time = 61_000;
    expect(store.begin()).toMatch(/^rec_/);
  });
});
