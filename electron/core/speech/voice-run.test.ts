// Voice runs through a real core: espeak-ng speech uploaded in chunks to the wire-format transcription
// server, its transcript the run's input (with the selection still captured), memo skills saving it without
// a model call, and the transcript inserted when the model call fails.
import fs from 'node:fs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryPorts, type MemoryPorts } from '../memory-ports';
import type { FocusedWindow } from '../platform';
import { createServerTestCore, saveModelServer, type TestCore } from '../test-support';
import { startLlmServer, type LlmServer } from '../testing/llm-server';
import { startTranscriptionServer, type TranscriptionServer } from '../testing/transcription-server';
import { audioFolder, speakToWav } from './testing/speech-audio';

let llm: LlmServer;
let stt: TranscriptionServer;
let folder: ReturnType<typeof audioFolder>;
let speech: Buffer;
let t: TestCore;
let ports: MemoryPorts;

const editor: FocusedWindow = { id: '0x100', app: 'gedit', title: 'mail.txt', isTerminal: false };
const SAID = 'tell her I will be there at noon';

beforeAll(async () => {
  [llm, stt] = await Promise.all([startLlmServer(), startTranscriptionServer()]);
  folder = audioFolder();
  speech = fs.readFileSync(speakToWav(folder.dir, 'said', SAID));
  stt.setResponder(() => ({ text: SAID }));
});
afterAll(async () => {
  await Promise.all([llm.close(), stt.close()]);
  folder.remove();
});
beforeEach(async () => {
  ports = createMemoryPorts();
  ports.focused = editor;
  t = createServerTestCore(llm.url, ports);
  t.writeSkill(
    'reply',
    '---\nname: reply\ndescription: Replies.\n---\nReply to {{selection}} saying {{input}} ($ARGUMENTS).\n',
  );
  t.writeSkill(
    'note',
    '---\nname: note\ndescription: Notes.\nallowed-tools: save_memo\nmetadata:\n  skilldeck:\n    output: save_memo\n---\n',
  );
  await t.core.skills.ready();
  await saveModelServer(t, 'stt', stt.url, 'unused');
  await t.client.invoke('speech:update', { provider: 'stt', model: 'whisper-large-v3' });
  llm.requests.length = 0;
  stt.requests.length = 0;
});
afterEach(() => t.dispose());

/** Uploads the speech in 64 KiB chunks, as the recorder does, and finishes the recording. */
async function record(peakLevel = 0.5) {
  const { recordingId } = await t.client.invoke('speech:begin', undefined);
  for (let at = 0; at < speech.length; at += 64 * 1024) {
    const chunk = speech.subarray(at, at + 64 * 1024).toString('base64');
    await t.client.invoke('speech:append', { recordingId, chunk });
  }
  return t.client.invoke('speech:finish', { recordingId, mimeType: 'audio/wav', peakLevel });
}

describe('a voice run', () => {
  it('runs on what was said: {{input}} and $ARGUMENTS, the selection still {{selection}}', async () => {
    const heard = await record();
    expect(heard).toMatchObject({ text: SAID, container: 'wav' });
    expect(Buffer.from(stt.requests[0]!.file!.bytes).equals(speech)).toBe(true);
    expect(stt.requests[0]!.fields.model).toBe('whisper-large-v3');

    const { runId } = await t.client.invoke('runs:start', {
      skillId: 'reply',
      selection: 'Are you coming to lunch?',
      speech: { recordingId: heard.recordingId },
    });
    await t.core.executor.settled(runId);
    const body = JSON.stringify(llm.requests[0]?.body);
    expect(body).toContain(`Reply to Are you coming to lunch? saying ${SAID} (${SAID})`);
    expect(body).toContain(`Instruction: ${SAID}`);
    const run = await t.client.invoke('runs:get', { runId });
    expect(run.status).toBe('succeeded');
    expect(run.input).toBe(SAID);
    expect(run.speech).toEqual({ transcript: SAID, audioMs: heard.audioMs, audioFile: null });
    // a recording is used once
    await expect(
      t.client.invoke('runs:start', { skillId: 'reply', speech: { recordingId: heard.recordingId } }),
    ).rejects.toThrow(/no recording/);
  });

  it('a memo skill saves the transcript without a model call', async () => {
    const heard = await record();
    const { runId } = await t.client.invoke('runs:start', {
      skillId: 'note',
      speech: { recordingId: heard.recordingId },
    });
    await t.core.executor.settled(runId);
    expect(llm.requests).toHaveLength(0);
    const memos = await t.client.invoke('memos:list', {});
    expect(memos.items.map((m) => m.text)).toEqual([SAID]);
  });

  it('when the model call fails, what was said is inserted — after the selection, which stays', async () => {
    llm.script({ status: 400, errorMessage: 'model not found' });
    const alone = await record();
    const first = await t.client.invoke('trigger:run', {
      skillId: 'reply',
      source: 'hotkey',
      speech: { recordingId: alone.recordingId },
    });
    await t.core.executor.settled(first.runId!);
    expect(ports.insertions).toEqual([{ text: SAID, after: false, target: editor.id }]);
    expect(ports.notices.at(-1)?.body).toMatch(/what you said was inserted instead$/);

    llm.script({ status: 400, errorMessage: 'model not found' });
    ports.selected = { text: 'Are you coming?', method: 'primary' };
    const withSelection = await record();
    const second = await t.client.invoke('trigger:run', {
      skillId: 'reply',
      source: 'hotkey',
      speech: { recordingId: withSelection.recordingId },
    });
    await t.core.executor.settled(second.runId!);
    expect(ports.insertions.at(-1)).toEqual({ text: SAID, after: true, target: editor.id });
    expect((await t.client.invoke('runs:get', { runId: second.runId! })).status).toBe('failed');
  });

  it('keeps the audio only when Settings › Speech says so, and deleting the run deletes it', async () => {
    await t.client.invoke('speech:update', { keepAudio: true });
    const heard = await record();
    const { runId } = await t.client.invoke('runs:start', {
      skillId: 'note',
      speech: { recordingId: heard.recordingId },
    });
    await t.core.executor.settled(runId);
    const file = (await t.client.invoke('runs:get', { runId })).speech?.audioFile;
    expect(file && fs.readFileSync(file).equals(speech)).toBe(true);
    await t.client.invoke('runs:delete', { runId });
    expect(fs.existsSync(file!)).toBe(false);
  });

  it('a cancelled recording sends nothing; a silent one is refused without a request', async () => {
    const { recordingId } = await t.client.invoke('speech:begin', undefined);
    await t.client.invoke('speech:append', { recordingId, chunk: speech.toString('base64', 0, 3000) });
    expect(await t.client.invoke('speech:discard', { recordingId })).toEqual({ discarded: true });
    await expect(t.client.invoke('speech:finish', { recordingId })).rejects.toThrow(/no recording/);
    await expect(record(0)).rejects.toThrow(/^no speech was heard/);
    expect(stt.requests).toHaveLength(0);
  });

  it('voice keys: one key, one holder', async () => {
    await t.client.invoke('speech:update', {
      voiceHotkey: { skillId: 'reply', accelerator: 'Control+Alt+R' },
    });
    await expect(
      t.client.invoke('speech:update', { voiceHotkey: { skillId: 'note', accelerator: 'Ctrl+Alt+R' } }),
    ).rejects.toThrow('Ctrl+Alt+R is already the voice key of "reply": pick another key');
    await expect(t.client.invoke('speech:update', { dictateHotkey: 'Control+Alt+Space' })).rejects.toThrow(
      /already the launcher's key/,
    );
    const settings = await t.client.invoke('speech:settings', undefined);
    expect(settings.voiceHotkeys).toEqual({ reply: 'Control+Alt+R' });
    expect(settings.dictateHotkey).toBe('Control+Alt+V');
  });
});
