// The two ways of inserting around the selection, through the real trigger flow, a real core and the local
// wire-format model server, with recording ports standing in for the desktop: replace_selection replaces
// without a card and only after a clean answer; insert_after keeps the selection and puts the answer after
// it. The floating card says where a result went, in words.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryPorts, type MemoryPorts } from '../memory-ports';
import type { FocusedWindow } from '../platform';
import { startLlmServer, type LlmServer } from '../testing/llm-server';
import { createServerTestCore, type TestCore } from '../test-support';

let server: LlmServer;
let t: TestCore | undefined;
beforeAll(async () => {
  server = await startLlmServer();
});
afterAll(() => server.close());
afterEach(async () => {
  await t?.dispose();
  t = undefined;
});

const editor: FocusedWindow = { id: '0x100', app: 'gedit', title: 'notes.txt', isTerminal: false };
const skill = (id: string, output: string) =>
  `---\nname: ${id}\ndescription: Works on the selection.\noutput: ${output}\n---\nDo it.\n`;

async function triggered(selection: string, output: string) {
  const ports: MemoryPorts = createMemoryPorts();
  ports.focused = editor;
  ports.selected = { text: selection, method: 'primary' };
  t = createServerTestCore(server.url, ports);
  t.writeSkill('work', skill('work', output));
  await t.core.skills.ready();
  const result = await t.client.invoke('trigger:run', { skillId: 'work', source: 'hotkey' });
  await t.core.executor.settled(result.runId!);
  return { ports, run: t.core.runs.get(result.runId!)! };
}

describe('output: replace_selection', () => {
  it('replaces the selection once the answer finished cleanly, showing no card at all', async () => {
    server.script({ text: 'Clean text.', chunks: ['Clean ', 'text.'], chunkDelayMs: 20 });
    const { ports, run } = await triggered('teh txt', 'replace_selection');
    expect(run).toMatchObject({
      status: 'succeeded',
      output: 'Clean text.',
      outputTool: 'replace_selection',
    });
    expect(ports.insertions).toEqual([{ text: 'Clean text.', after: false, target: editor.id }]);
    expect(ports.cards).toEqual([]);
  });

  it('never replaces anything when the stream is cut: the card shows the error', async () => {
    server.script({ chunks: ['Half ', 'an ', 'answer'], chunkDelayMs: 20, disconnectAfterChunks: 2 });
    const { ports, run } = await triggered('teh txt', 'replace_selection');
    expect(run.status).toBe('failed');
    expect(ports.inserted).toEqual([]);
    expect(ports.cards.at(-1)).toMatchObject({
      pending: false,
      error: expect.stringMatching(/\S/) as string,
    });
    // nothing was shown while it streamed: the only card is the error
    expect(ports.cards.filter((c) => c.pending)).toEqual([]);
  });

  it('never replaces anything when the model fails; the original is not pasted back either', async () => {
    server.script({ status: 500, errorMessage: 'overloaded' }, { status: 500 }, { status: 500 });
    const { ports, run } = await triggered('teh txt', 'replace_selection');
    expect(run.status).toBe('failed');
    expect(ports.inserted).toEqual([]);
    expect(ports.cards.at(-1)).toMatchObject({
      pending: false,
      error: expect.stringContaining('500') as string,
    });
  });

  it('keeps an answer stopped by the length limit in the card instead of replacing the selection', async () => {
    server.script({ text: 'The beginning of', finishReason: 'length' });
    const { ports, run } = await triggered('teh txt', 'replace_selection');
    expect(run.status).toBe('succeeded');
    expect(ports.inserted).toEqual([]);
    expect(ports.cards).toEqual([
      {
        runId: run.id,
        title: 'work',
        text: 'The beginning of',
        pending: false,
        error: 'Not replaced: the answer stopped at the length limit. The answer is here instead.',
      },
    ]);
  });
});

describe('output: insert_after', () => {
  it('keeps the selection and inserts after it, with a space between two sentences', async () => {
    server.script({ text: 'Bonjour.', chunks: ['Bon', 'jour.'] });
    const { ports, run } = await triggered('Hello.', 'insert_after');
    expect(run).toMatchObject({ status: 'succeeded', outputTool: 'insert_after' });
    expect(ports.insertions).toEqual([{ text: ' Bonjour.', after: true, target: editor.id }]);
    // the card followed the run and ends saying where the answer went
    expect(ports.cards.some((c) => c.pending)).toBe(true);
    expect(ports.cards.at(-1)).toMatchObject({
      pending: false,
      text: 'Bonjour.',
      notice: 'Inserted after the selection',
    });
  });

  it('puts a blank line between paragraphs, and nothing when the selection already ends in white space', async () => {
    server.script({ text: 'Second\nparagraph.' });
    const first = await triggered('First\nparagraph.', 'insert_after');
    expect(first.ports.insertions.map((i) => i.text)).toEqual(['\n\nSecond\nparagraph.']);
    await t!.dispose();
    t = undefined;
    server.script({ text: 'More.' });
    const second = await triggered('Line one.\n', 'insert_after');
    expect(second.ports.insertions.map((i) => i.text)).toEqual(['More.']);
  });
});

describe('the card says where a triggered run put its result, in words', () => {
  it.each([
    ['insert_text', 'Inserted at the cursor'],
    ['clipboard', 'Copied to the clipboard'],
    ['save_memo', 'Saved as a memo'],
  ])('%s → "%s"', async (output, words) => {
    server.script({ text: 'Result.' });
    const { ports } = await triggered('some text', output);
    expect(ports.cards.at(-1)).toMatchObject({ pending: false, text: 'Result.', notice: words });
  });

  it('a result that could not be inserted says it was copied instead', async () => {
    const ports = createMemoryPorts();
    ports.focused = editor;
    ports.selected = { text: 'some text', method: 'primary' };
    ports.inserter.insert = () => Promise.resolve({ inserted: false, reason: 'no text field' });
    t = createServerTestCore(server.url, ports);
    t.writeSkill('work', skill('work', 'insert_text'));
    await t.core.skills.ready();
    server.script({ text: 'Result.' });
    const result = await t.client.invoke('trigger:run', { skillId: 'work' });
    await t.core.executor.settled(result.runId!);
    expect(ports.clipboardText).toBe('Result.');
    expect(ports.cards.at(-1)).toMatchObject({ notice: 'Copied to the clipboard' });
  });
});
