// Overlapping triggers (issue 15 §7.2) through a real core and the wire-format model server: a second press
// of a skill whose run streams is ignored or cancels it (setting `trigger.repeatPress`), and another
// skill's result goes in after the earlier run's, in the order the keys were pressed.
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

async function setup() {
  const ports: MemoryPorts = createMemoryPorts();
  ports.focused = editor;
  ports.selected = { text: 'teh text', method: 'primary' };
  let captures = 0;
  const capture = ports.selection.capture;
  ports.selection.capture = (options) => (captures++, capture(options));
  t = createServerTestCore(server.url, ports);
  t.writeSkill('polish', '---\nname: polish\ndescription: Polishes text.\n---\nPolish the text.\n');
  t.writeSkill('shorten', '---\nname: shorten\ndescription: Shortens text.\n---\nShorten the text.\n');
  await t.core.skills.ready();
  return { tc: t, ports, captures: () => captures };
}

describe('a second press while a run streams', () => {
  it('is ignored by default: the run goes on, nothing is captured or started again', async () => {
    const { tc, ports, captures } = await setup();
    server.script({ text: 'The text.', chunks: ['The ', 'text.'], chunkDelayMs: 200 });
    const requests = server.requests.length;
    const first = await tc.client.invoke('trigger:run', { skillId: 'polish', source: 'hotkey' });
    const second = await tc.client.invoke('trigger:run', { skillId: 'polish', source: 'hotkey' });
    expect(second).toEqual({
      runId: first.runId,
      captured: { method: 'none', chars: 0 },
      app: null,
      repeat: 'ignored',
    });
    expect(captures()).toBe(1);
    await tc.core.executor.settled(first.runId!);
    expect(tc.core.runs.get(first.runId!)).toMatchObject({ status: 'succeeded' });
    expect(ports.inserted).toEqual(['The text.']);
    expect(server.requests.length - requests).toBe(1);
    // once it has ended, the next press runs again
    server.script({ text: 'Again.' });
    const third = await tc.client.invoke('trigger:run', { skillId: 'polish', source: 'hotkey' });
    expect(third.repeat).toBeUndefined();
    await tc.core.executor.settled(third.runId!);
    expect(ports.inserted).toEqual(['The text.', 'Again.']);
  });

  it('cancels the run with trigger.repeatPress = cancel: nothing is pasted', async () => {
    const { tc, ports } = await setup();
    // as Settings › Hotkeys sets it
    expect(await tc.client.invoke('hotkeys:behaviour', { repeatPress: 'cancel' })).toEqual({
      repeatPress: 'cancel',
      copyFallback: true,
    });
    server.script({ text: 'The text.', chunks: ['The ', 'text.'], chunkDelayMs: 300 });
    const requests = server.requests.length;
    const first = await tc.client.invoke('trigger:run', { skillId: 'polish', source: 'hotkey' });
    await server.waitForRequests(requests + 1);
    const second = await tc.client.invoke('trigger:run', { skillId: 'polish', source: 'hotkey' });
    expect(second).toMatchObject({ runId: first.runId, repeat: 'cancelled' });
    await tc.core.executor.settled(first.runId!);
    expect(tc.core.runs.get(first.runId!)).toMatchObject({ status: 'cancelled' });
    expect(ports.inserted).toEqual([]);
  });
});

describe('another skill pressed while a run streams', () => {
  it("starts at once and its result goes in after the earlier run's", async () => {
    const { tc, ports } = await setup();
    server.setResponder((request) =>
      JSON.stringify(request.body).includes('Polish the text')
        ? { text: 'Slow polish.', delayMs: 400 }
        : { text: 'Quick.' },
    );
    const a = await tc.client.invoke('trigger:run', { skillId: 'polish', source: 'hotkey' });
    const b = await tc.client.invoke('trigger:run', { skillId: 'shorten', source: 'hotkey' });
    expect(b.repeat).toBeUndefined();
    expect(b.runId).not.toBe(a.runId);
    await Promise.all([tc.core.executor.settled(a.runId!), tc.core.executor.settled(b.runId!)]);
    expect(ports.inserted).toEqual(['Slow polish.', 'Quick.']);
  });
});

describe('hotkeys:behaviour (Settings › Hotkeys)', () => {
  it('reads the defaults, sets each part alone, and the copy-key setting reaches the capture', async () => {
    const { tc, ports } = await setup();
    expect(await tc.client.invoke('hotkeys:behaviour', undefined)).toEqual({
      repeatPress: 'ignore',
      copyFallback: true,
    });
    const seen: boolean[] = [];
    const capture = ports.selection.capture;
    ports.selection.capture = (options) => (seen.push(options.copyFallback), capture(options));
    expect(await tc.client.invoke('hotkeys:behaviour', { copyFallback: false })).toEqual({
      repeatPress: 'ignore',
      copyFallback: false,
    });
    server.script({ text: 'Done.' });
    const run = await tc.client.invoke('trigger:run', { skillId: 'polish', source: 'hotkey' });
    await tc.core.executor.settled(run.runId!);
    expect(seen).toEqual([false]);
    const refused = await tc.core.dispatch('hotkeys:behaviour', { repeatPress: 'twice' } as never);
    expect(refused).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(await tc.client.invoke('hotkeys:behaviour', undefined)).toEqual({
      repeatPress: 'ignore',
      copyFallback: false,
    });
  });
});
