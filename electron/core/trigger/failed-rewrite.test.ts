// A triggered rewrite whose model call fails (issue 15 §7.1), through a real core and the wire-format
// model server: the original text goes back only into the window the run was started from.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryPorts } from '../memory-ports';
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

async function failedRewrite(options: { focusMovesTo?: FocusedWindow } = {}) {
  const ports = createMemoryPorts();
  ports.focused = editor;
  ports.selected = { text: 'teh text', method: 'primary' };
  const insert = ports.inserter.insert;
  // the desktop's inserter refuses a window that no longer has the focus
  ports.inserter.insert = (text, opts) =>
    opts?.target && ports.focused?.id !== opts.target.id
      ? Promise.resolve({
          inserted: false,
          keepInCard: true,
          reason: 'the focused window changed — kept in the card',
        })
      : insert(text, opts);
  t = createServerTestCore(server.url, ports);
  t.writeSkill('polish', '---\nname: polish\ndescription: Polishes text.\n---\nPolish the text.\n');
  await t.core.skills.ready();
  server.script({ status: 400, errorMessage: 'model not found', delayMs: 50 });
  const { runId } = await t.client.invoke('trigger:run', { skillId: 'polish', source: 'hotkey' });
  if (options.focusMovesTo) ports.focused = options.focusMovesTo;
  await t.core.executor.settled(runId!);
  return { ports, runId: runId! };
}

describe('a triggered rewrite that fails', () => {
  it('pastes the original back into the window it was started from', async () => {
    const { ports } = await failedRewrite();
    expect(ports.insertions).toEqual([{ text: 'teh text', after: false, target: editor.id }]);
  });

  it('pastes nothing when the focus moved: the card holds the error and the original', async () => {
    const terminal: FocusedWindow = { id: '0x200', app: 'xterm', title: 'bash', isTerminal: true };
    const { ports, runId } = await failedRewrite({ focusMovesTo: terminal });
    expect(ports.inserted).toEqual([]);
    expect(ports.clipboardText).toBe('');
    const last = ports.cards.filter((c) => c.runId === runId).at(-1);
    expect(last).toMatchObject({ pending: false, text: 'teh text' });
    expect(last?.error).toContain('your original text was not pasted back (the focused window changed)');
    // the card's Copy and Insert act on the original
    expect((await t!.client.invoke('runs:deliver', { runId, action: 'copy' })).action).toBe('copy');
    expect(ports.clipboardText).toBe('teh text');
    ports.focused = editor;
    await t!.client.invoke('runs:deliver', { runId, action: 'insert' });
    expect(ports.insertions).toEqual([{ text: 'teh text', after: false, target: editor.id }]);
  });
});
