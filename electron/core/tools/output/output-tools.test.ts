import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../store/db';
import { createMemoRepo } from '../../memos/memo-repo';
import { createMemoryPorts } from '../../memory-ports';
import { createToolRegistry } from '../registry';
import { OUTPUT_TOOLS, registerOutputTools } from './index';

const ctx = { runId: 'run-1', skillId: 'translate', signal: new AbortController().signal };

function setup() {
  const db = openDatabase(':memory:');
  const memos = createMemoRepo(db);
  const ports = createMemoryPorts();
  const tools = createToolRegistry();
  registerOutputTools(tools, { ports, memos, now: () => 1000 });
  return { tools, ports, memos };
}

describe('output tools', () => {
  it('are all registered as output tools', () => {
    expect(
      setup()
        .tools.list('output')
        .map((t) => t.name),
    ).toEqual([...OUTPUT_TOOLS]);
  });

  it('insert_text inserts at the cursor', async () => {
    const { tools, ports } = setup();
    await expect(tools.execute('insert_text', { text: 'Bonjour' }, ctx)).resolves.toEqual({
      tool: 'insert_text',
      delivered: true,
    });
    expect(ports.inserted).toEqual(['Bonjour']);
  });

  it('insert_text that cannot insert copies to the clipboard and says so; if that fails too, shows a card', async () => {
    const { tools, ports } = setup();
    ports.inserter.insert = () => Promise.resolve({ inserted: false, reason: 'no focused text field' });
    await expect(tools.execute('insert_text', { text: 'A' }, ctx)).resolves.toMatchObject({
      delivered: false,
      via: 'clipboard',
      message: 'no focused text field; copied to the clipboard instead',
    });
    expect(ports.clipboardText).toBe('A');
    expect(ports.notices).toHaveLength(1);
    ports.clipboard.writeText = () => Promise.reject(new Error('xclip is not installed'));
    await expect(tools.execute('insert_text', { text: 'B' }, ctx)).resolves.toMatchObject({
      via: 'floating_card',
    });
    expect(ports.cards.at(-1)).toMatchObject({ text: 'B', title: 'translate', pending: false });
  });

  it('clipboard copies; when it cannot, the text is shown in a card', async () => {
    const { tools, ports } = setup();
    await tools.execute('clipboard', { text: 'copied' }, ctx);
    expect(ports.clipboardText).toBe('copied');
    ports.clipboard.writeText = () => Promise.reject(new Error('no display'));
    await expect(tools.execute('clipboard', { text: 'x' }, ctx)).resolves.toMatchObject({
      delivered: false,
      via: 'floating_card',
      message: expect.stringContaining('no display') as string,
    });
    expect(ports.cards.at(-1)?.text).toBe('x');
  });

  it('save_memo stores the text with the skill and run ids', async () => {
    const { tools, memos } = setup();
    const result = await tools.execute('save_memo', { text: '第一行\nmore', title: undefined }, ctx);
    expect(result).toMatchObject({ tool: 'save_memo', delivered: true, memoId: 1 });
    expect(memos.get(1)).toEqual({
      id: 1,
      skillId: 'translate',
      runId: 'run-1',
      title: '第一行',
      text: '第一行\nmore',
      createdAt: 1000,
      updatedAt: 1000,
    });
    await expect(tools.execute('save_memo', { text: '' }, ctx)).rejects.toThrow(/a memo needs some text/);
  });

  it('floating_card shows a finished card titled with the skill (or the given title)', async () => {
    const { tools, ports } = setup();
    await tools.execute('floating_card', { text: 'answer' }, ctx);
    await tools.execute('floating_card', { text: 'b', title: 'Explain' }, ctx);
    expect(ports.cards).toEqual([
      { runId: 'run-1', title: 'translate', text: 'answer', pending: false },
      { runId: 'run-1', title: 'Explain', text: 'b', pending: false },
    ]);
  });

  it('bad input is refused before the port is touched', async () => {
    const { tools, ports } = setup();
    await expect(tools.execute('insert_text', { txt: 'x' }, ctx)).rejects.toThrow(
      /bad input for tool "insert_text"/,
    );
    expect(ports.inserted).toEqual([]);
  });
});
