// The launcher (`trigger:launcher`) through a real core (SQLite, registry, executor) and the local
// wire-format model server, with recording ports standing in for the desktop's launcher window.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HotkeysOverview, LauncherResult } from '../../../shared/types/desktop';
import { createMemoryPorts, type MemoryPorts } from '../memory-ports';
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

async function setup(ports: MemoryPorts) {
  t = createServerTestCore(server.url, ports);
  t.writeSkill('polish', '---\nname: polish\ndescription: Polishes text.\n---\nPolish the text.\n');
  t.writeSkill('translate', '---\nname: translate\ndescription: Into French.\n---\nTranslate.\n');
  t.writeSkill(
    'ask',
    '---\nname: ask\ndescription: Answers.\nargument-hint: your question\n---\nAnswer: $ARGUMENTS\n',
  );
  t.writeSkill(
    'helper',
    '---\nname: helper\ndescription: Only for the model.\nuser-invocable: false\n---\nHelp.\n',
  );
  await t.core.skills.ready();
  return t;
}

async function launch(tc: TestCore, input: Parameters<typeof tc.client.invoke<'trigger:launcher'>>[1]) {
  const result = LauncherResult.parse(await tc.client.invoke('trigger:launcher', input));
  if (result.runId) await tc.core.executor.settled(result.runId);
  return result;
}

describe('trigger:launcher', () => {
  it('offers the skills the user may start, filters as typed, and runs the chosen one on the capture', async () => {
    const ports = createMemoryPorts();
    ports.selected = { text: 'teh text', method: 'primary' };
    ports.focused = { id: 'pid:42', app: 'TextEdit', title: 'notes', isTerminal: false };
    let filtered: string[] = [];
    ports.launcherAnswer = (skills, filter) => {
      filtered = filter('pol').map((s) => s.id);
      return { skillId: filter('pol')[0]!.id };
    };
    const tc = await setup(ports);
    server.script({ text: 'The text.' });
    const result = await launch(tc, { source: 'hotkey' });
    // user-invocable: false is never offered
    expect(ports.launcherShown[0]!.map((s) => s.id).sort()).toEqual(['ask', 'polish', 'translate']);
    expect(filtered[0]).toBe('polish');
    expect(ports.commandBarTargets).toEqual(['pid:42']); // where the keyboard goes back when it closes
    expect(result).toMatchObject({ skillId: 'polish', captured: { method: 'primary', chars: 8 } });
    expect(tc.core.runs.get(result.runId!)).toMatchObject({ skillId: 'polish', status: 'succeeded' });
    const body = server.requests.at(-1)!.body as { messages: { content: string }[] };
    expect(JSON.stringify(body.messages)).toContain('teh text');
    // a skill that takes arguments asks for them first; with a selection the others do not
    const asks = Object.fromEntries(ports.launcherShown[0]!.map((s) => [s.id, s.asks]));
    expect(asks).toEqual({ ask: true, polish: false, translate: false });
  });

  it('puts the skills run most and lately first, as the palette does', async () => {
    const ports = createMemoryPorts();
    ports.selected = { text: 'x', method: 'primary' };
    ports.launcherAnswer = () => ({ skillId: 'translate' });
    const tc = await setup(ports);
    server.script({ text: 'X.' });
    await launch(tc, { source: 'hotkey' });
    ports.launcherAnswer = () => null;
    const second = await launch(tc, { source: 'hotkey' });
    expect(ports.launcherShown[1]![0]!.id).toBe('translate');
    expect(second).toMatchObject({ runId: null, skillId: null });
  });

  it('picks 1–9 of what the query shows when a host passes them, with the instruction', async () => {
    const ports = createMemoryPorts();
    ports.selected = { text: '', method: 'none' };
    const tc = await setup(ports);
    server.script({ text: 'Forty-two.' });
    const result = await launch(tc, { query: 'ask', pick: 1, instruction: 'the answer?' });
    expect(result.offered[0]).toEqual({ id: 'ask', name: 'ask' });
    expect(result.skillId).toBe('ask');
    const body = server.requests.at(-1)!.body as { messages: { content: string }[] };
    expect(JSON.stringify(body.messages)).toContain('the answer?');
    await expect(tc.client.invoke('trigger:launcher', { query: 'helper', pick: 1 })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('never starts a skill it does not offer, even when the window answers one', async () => {
    const ports = createMemoryPorts();
    ports.launcherAnswer = () => ({ skillId: 'helper' });
    const tc = await setup(ports);
    await expect(tc.client.invoke('trigger:launcher', {})).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(tc.core.runs.list({ limit: 10, offset: 0 }).runs).toEqual([]);
  });
});

describe('hotkeys:setLauncher', () => {
  it('keeps the key (or off) in the settings and refuses a key a skill already has', async () => {
    const tc = await setup(createMemoryPorts());
    const before = HotkeysOverview.parse(await tc.client.invoke('hotkeys:status', undefined));
    expect(before.launcher).toMatchObject({ accelerator: 'Control+Alt+Space', isDefault: true });
    await tc.client.invoke('meta:update', {
      skillId: 'polish',
      patch: { hotkey: { accelerator: 'Ctrl+Alt+P', display: 'Ctrl+Alt+P' } },
    });
    await expect(
      tc.client.invoke('hotkeys:setLauncher', { accelerator: 'Control+Alt+P' }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    const off = await tc.client.invoke('hotkeys:setLauncher', { accelerator: null });
    expect(off.launcher).toMatchObject({ accelerator: null, state: 'off' });
    const set = await tc.client.invoke('hotkeys:setLauncher', { accelerator: 'Super+Space' });
    expect(set.launcher).toMatchObject({ accelerator: 'Super+Space', isDefault: false });
    expect(tc.core.settings.get('launcher.hotkey')).toBe('Super+Space');
  });
});
