// `runs:deliver`: a result copied, saved as a memo or inserted again, and the refusals said in words. A real
// core with in-memory platform ports (the X11 insertion transaction has its own tests on a real display).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryPorts, type MemoryPorts } from '../memory-ports';
import { createModelTestCore, saveModelServer, type TestCore } from '../test-support';
import { expectWordsSayMessage } from '../testing/error-words';
import { startLlmServer, type LlmServer } from '../testing/llm-server';

let server: LlmServer;
let ports: MemoryPorts;
let t: TestCore;
const editor = { id: '0x42', app: 'gedit', title: 'notes.txt', isTerminal: false };

beforeEach(async () => {
  server = await startLlmServer();
  ports = createMemoryPorts();
  t = createModelTestCore(ports);
  // a card skill: nothing is inserted or copied when it runs, only when asked
  t.writeSkill('tell', '---\nname: tell\ndescription: Tells.\noutput: floating_card\n---\nAnswer.\n');
  await t.core.skills.ready();
  await saveModelServer(t, 'local', server.url, 'm');
});
afterEach(async () => {
  await t.dispose();
  await server.close();
});

async function finished(runId: string) {
  await t.core.executor.settled(runId);
  return t.client.invoke('runs:get', { runId });
}

async function refused(input: Parameters<typeof t.client.request<'runs:deliver'>>[1]) {
  const result = await t.client.request('runs:deliver', input);
  if (result.ok) throw new Error('not refused');
  return result.error;
}

describe('runs:deliver', () => {
  it('copies the result or a follow-up’s answer through the clipboard, and saves memos', async () => {
    server.script({ text: 'first answer' }, { text: 'second answer' });
    const { runId } = await t.client.invoke('runs:start', { skillId: 'tell', input: 'q' });
    await finished(runId);
    await t.client.invoke('runs:continue', { runId, message: 'more' });
    await finished(runId);

    expect(await t.client.invoke('runs:deliver', { runId, action: 'copy' })).toEqual({
      action: 'copy',
      message: 'Copied to the clipboard',
    });
    expect(ports.clipboardText).toBe('first answer');
    await t.client.invoke('runs:deliver', { runId, turn: 1, action: 'copy' });
    expect(ports.clipboardText).toBe('second answer');

    const memo = await t.client.invoke('runs:deliver', { runId, turn: 1, action: 'memo' });
    expect(memo).toMatchObject({ action: 'memo', message: 'Saved as a memo' });
    const saved = await t.client.invoke('memos:get', { id: memo.memoId! });
    expect(saved).toMatchObject({ text: 'second answer', skillId: 'tell', runId });
  });

  it('a dashboard run cannot be inserted: it says so, and runs:get says where Insert would go', async () => {
    server.script({ text: 'answer' });
    const { runId } = await t.client.invoke('runs:start', { skillId: 'tell', input: 'q' });
    expect((await finished(runId)).insertInto).toBeNull();
    const error = await refused({ runId, action: 'insert' });
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.message).toMatch(/not started from another app/);
    expectWordsSayMessage(error.words, error.message);
    expect(ports.inserted).toEqual([]);
  });

  it('inserts a triggered run’s result into its window — only while that window has the focus', async () => {
    server.script({ text: 'inserted text' });
    ports.focused = editor;
    ports.selected = { text: 'the selection', method: 'primary' };
    const { runId } = await t.client.invoke('trigger:run', { skillId: 'tell', source: 'hotkey' });
    const run = await finished(runId!);
    expect(run.insertInto).toEqual({ app: 'gedit', title: 'notes.txt' });
    expect(ports.inserted).toEqual([]); // the skill shows a card: nothing was pasted yet

    expect(await t.client.invoke('runs:deliver', { runId: runId!, action: 'insert' })).toEqual({
      action: 'insert',
      message: 'Inserted into "notes.txt"',
    });
    expect(ports.inserted).toEqual(['inserted text']);

    ports.focused = { ...editor, id: '0x99', title: 'elsewhere' };
    const moved = await refused({ runId: runId!, action: 'insert' });
    expect(moved.code).toBe('CONFLICT');
    expect(moved.message).toBe(
      '"notes.txt" no longer has the keyboard focus: go back to it and insert again, or copy the answer',
    );
    expectWordsSayMessage(moved.words, moved.message);
    expect(ports.inserted).toHaveLength(1);

    // the insertion transaction's own refusal is said as it is
    ports.focused = editor;
    ports.inserter.insert = () =>
      Promise.resolve({
        inserted: false,
        keepInCard: true,
        reason: 'the app ignored the paste — kept in the card',
      });
    const ignored = await refused({ runId: runId!, action: 'insert' });
    expect(ignored.message).toBe('not inserted: the app ignored the paste');
    expectWordsSayMessage(ignored.words, ignored.message);
  });

  it('a run triggered with no window focused has nowhere to insert', async () => {
    server.script({ text: 'x' });
    ports.focused = null;
    ports.commandBarAnswer = 'hello';
    const { runId } = await t.client.invoke('trigger:run', { skillId: 'tell', source: 'hotkey' });
    await finished(runId!);
    const error = await refused({ runId: runId!, action: 'insert' });
    expect(error.message).toMatch(/^no window had the keyboard focus/);
    expectWordsSayMessage(error.words, error.message);
  });

  it('says what is missing: no answer yet, no such follow-up, no such run, a clipboard that fails', async () => {
    server.script({ status: 400, errorMessage: 'bad' });
    const { runId } = await t.client.invoke('runs:start', { skillId: 'tell', input: 'q' });
    await finished(runId);
    const none = await refused({ runId, action: 'memo' });
    expect(none).toMatchObject({ code: 'CONFLICT', message: 'there is no answer to save as a memo yet' });
    expectWordsSayMessage(none.words, none.message);
    expect((await refused({ runId, turn: 3, action: 'copy' })).code).toBe('NOT_FOUND');
    expect((await refused({ runId: 'run_nosuchrun', action: 'copy' })).code).toBe('NOT_FOUND');

    server.script({ text: 'fine' });
    const ok = await t.client.invoke('runs:start', { skillId: 'tell', input: 'q' });
    await finished(ok.runId);
    ports.clipboard.writeText = () => Promise.reject(new Error('xclip is not installed'));
    const failed = await refused({ runId: ok.runId, action: 'copy' });
    expect(failed.message).toBe('could not copy: xclip is not installed');
    expectWordsSayMessage(failed.words, failed.message);
  });
});
