// What the run history records about where a triggered run's result went (issue 15 §7.13): a paste the
// app was seen reading, one that cannot be confirmed, and a result whose card the user already closed —
// which is notified, since it shows nowhere.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RunEvent } from '../../../shared/types/run';
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

async function run(ports: MemoryPorts, skill: string) {
  t = createServerTestCore(server.url, ports);
  t.writeSkill(skill, `---\nname: ${skill}\ndescription: Does it.\n---\nDo it.\n`);
  await t.core.skills.ready();
  server.script({ text: 'The answer.' });
  const { runId } = await t.client.invoke('trigger:run', { skillId: skill, source: 'hotkey' });
  await t.core.executor.settled(runId!);
  const detail = await t.client.invoke('runs:get', { runId: runId! });
  const delivered = (detail.events as RunEvent[]).filter((e) => e.type === 'delivered');
  const cards = ports.cards.filter((c) => c.runId === runId);
  return { delivered, last: cards.at(-1) };
}

function pastingPorts(confirmed: boolean | undefined) {
  const ports = createMemoryPorts();
  ports.focused = editor;
  ports.selected = { text: 'teh text', method: 'primary' };
  ports.inserter.insert = (text) => {
    ports.inserted.push(text);
    return Promise.resolve({ inserted: true, ...(confirmed !== undefined ? { confirmed } : {}) });
  };
  return ports;
}

describe('the journal of where a result went', () => {
  it('a paste the app was seen reading: confirmed, "Inserted at the cursor"', async () => {
    const { delivered, last } = await run(pastingPorts(true), 'polish');
    expect(delivered).toEqual([expect.objectContaining({ tool: 'insert_text', confirmed: true })]);
    expect(last).toMatchObject({ pending: false, notice: 'Inserted at the cursor' });
  });

  it('a paste nothing can confirm: recorded unconfirmed, and the card says so', async () => {
    const { delivered, last } = await run(pastingPorts(false), 'polish');
    expect(delivered).toEqual([expect.objectContaining({ tool: 'insert_text', confirmed: false })]);
    expect(last).toMatchObject({ notice: 'Pasted at the cursor (not confirmed: check it arrived)' });
  });

  it('a result for a card the user closed: shown nowhere, so it is notified and journaled as such', async () => {
    const ports = createMemoryPorts();
    ports.focused = editor;
    // nothing selected, a question typed: the answer is meant for the card; the user closes it meanwhile
    ports.commandBarAnswer = 'what is this?';
    const show = ports.card.show;
    ports.card.show = (card) => (card.pending ? show(card) : Promise.resolve({ shown: false as const }));
    t = undefined;
    const { delivered } = await run(ports, 'explain');
    expect(delivered).toEqual([expect.objectContaining({ tool: 'none', confirmed: null })]);
    expect(ports.notices).toEqual([
      { title: 'explain', body: 'The result of explain is in Runs: its card was closed' },
    ]);
  });
});
