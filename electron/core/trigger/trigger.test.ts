// The trigger flow through a real core (SQLite, registry, executor) and the local wire-format model server,
// with recording ports standing in for the desktop: what is captured, asked, run, inserted and shown.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TriggerInput } from '../../../shared/types/desktop';
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

function setup(ports: MemoryPorts) {
  t = createServerTestCore(server.url, ports);
  t.writeSkill('polish', '---\nname: polish\ndescription: Polishes text.\n---\nPolish the text.\n');
  t.writeSkill(
    'ask',
    '---\nname: ask\ndescription: Answers.\nargument-hint: your question\n---\nAnswer: $ARGUMENTS\n',
  );
  return t;
}

async function trigger(tc: TestCore, input: TriggerInput) {
  await tc.core.skills.ready();
  const result = await tc.client.invoke('trigger:run', input);
  if (result.runId) await tc.core.executor.settled(result.runId);
  return result;
}

describe('trigger:run', () => {
  it('captures the selection and the focused window, runs, and inserts into that window', async () => {
    const ports = createMemoryPorts();
    ports.focused = editor;
    ports.selected = { text: 'teh text', method: 'primary' };
    const targets: (FocusedWindow | null | undefined)[] = [];
    const insert = ports.inserter.insert;
    ports.inserter.insert = (text, options) => (targets.push(options?.target), insert(text, options));
    const tc = setup(ports);
    server.script({ text: 'The text.', chunks: ['The ', 'text.'] });

    const result = await trigger(tc, { skillId: 'polish' });
    expect(result).toMatchObject({ captured: { method: 'primary', chars: 8 }, app: 'gedit' });
    const run = tc.core.runs.get(result.runId!)!;
    expect(run).toMatchObject({ status: 'succeeded', output: 'The text.', outputTool: 'insert_text' });
    const body = server.requests.at(-1)!.body as { messages: { role: string; content: string }[] };
    expect(JSON.stringify(body.messages)).toContain('teh text');
    expect(ports.inserted).toEqual(['The text.']);
    expect(targets).toEqual([editor]);
    expect(ports.commandBarAsked).toEqual([]);
    // the card followed the run from its first event to its end
    const cards = ports.cards.filter((c) => c.runId === result.runId);
    expect(cards[0]).toMatchObject({
      pending: true,
      text: '',
      captured: '8 characters selected (X11 PRIMARY selection)',
    });
    expect(cards.at(-1)).toMatchObject({ pending: false, text: 'The text.' });
  });

  it('the selection toolbar: runs on the selection it was shown for, not read again; inserts into the focused window', async () => {
    const ports = createMemoryPorts();
    ports.focused = editor;
    ports.selected = { text: 'something else entirely', method: 'copy' };
    let reads = 0;
    const capture = ports.selection.capture;
    ports.selection.capture = (request) => (reads++, capture(request));
    const tc = setup(ports);
    server.script({ text: 'Shown for.' });

    const result = await trigger(tc, {
      skillId: 'polish',
      source: 'toolbar',
      selection: { text: 'teh toolbar text', method: 'primary' },
    });
    expect(result).toMatchObject({ captured: { method: 'primary', chars: 16 }, app: 'gedit' });
    expect(reads).toBe(0);
    const body = server.requests.at(-1)!.body as { messages: { role: string; content: string }[] };
    expect(JSON.stringify(body.messages)).toContain('teh toolbar text');
    expect(JSON.stringify(body.messages)).not.toContain('something else');
    expect(ports.inserted).toEqual(['Shown for.']);
  });

  it('asks in the command bar when nothing is selected; dismissing it starts no run', async () => {
    const ports = createMemoryPorts();
    ports.focused = editor;
    const tc = setup(ports);
    const before = server.requests.length;

    ports.commandBarAnswer = null;
    const dismissed = await trigger(tc, { skillId: 'polish' });
    expect(dismissed).toMatchObject({ runId: null, captured: { method: 'none', chars: 0 } });
    expect(ports.commandBarAsked).toEqual([
      { skillId: 'polish', placeholder: 'Nothing was selected — type the text or an instruction' },
    ]);
    // the bar gives the keyboard back to the window the run started from (macOS: it took it)
    expect(ports.commandBarTargets).toEqual([editor.id]);
    expect(server.requests.length).toBe(before);

    ports.commandBarAnswer = 'a haiku about rain';
    server.script({ text: 'Rain on the roof.' });
    const ran = await trigger(tc, { skillId: 'polish' });
    expect(tc.core.runs.get(ran.runId!)).toMatchObject({ status: 'succeeded', input: 'a haiku about rain' });
  });

  it('asks for the argument of a skill that takes one, even with a selection', async () => {
    const ports = createMemoryPorts();
    ports.selected = { text: 'some code', method: 'copy' };
    ports.commandBarAnswer = 'why is it slow?';
    const tc = setup(ports);
    server.script({ text: 'Because.' });
    const result = await trigger(tc, { skillId: 'ask' });
    expect(ports.commandBarAsked).toEqual([{ skillId: 'ask', placeholder: 'your question' }]);
    const body = server.requests.at(-1)!.body as { messages: { role: string; content: string }[] };
    expect(body.messages[0]!.content).toContain('Answer: why is it slow?');
    expect(tc.core.runs.get(result.runId!)!.status).toBe('succeeded');
  });

  it('keeps the result in the card, saying why, when the inserter refuses (focus changed)', async () => {
    const ports = createMemoryPorts();
    ports.focused = editor;
    ports.selected = { text: 'teh text', method: 'primary' };
    ports.inserter.insert = () =>
      Promise.resolve({ inserted: false, keepInCard: true, reason: 'the focused window changed' });
    const tc = setup(ports);
    ports.clipboardText = 'what the user had copied';
    server.script({ text: 'The text.' });
    const result = await trigger(tc, { skillId: 'polish' });
    const run = tc.core.runs.get(result.runId!)!;
    expect(run.status).toBe('succeeded');
    // the card ends showing the result and why it was not pasted (not overwritten by the run's end)
    expect(ports.cards.at(-1)).toMatchObject({
      text: 'The text.',
      pending: false,
      error: 'the focused window changed',
    });
    expect(ports.clipboardText).toBe('what the user had copied');
    // and the run's history holds it too
    expect(run.output).toBe('The text.');
  });

  it('never runs a skilldeck:// link unattended: the command bar shows its instruction to confirm', async () => {
    const ports = createMemoryPorts();
    ports.selected = { text: 'teh text', method: 'primary' };
    const tc = setup(ports);
    const before = server.requests.length;
    ports.commandBarAnswer = null;
    const refused = await trigger(tc, { skillId: 'polish', instruction: 'rm -rf ~', source: 'link' });
    expect(refused.runId).toBeNull();
    expect(ports.commandBarAsked).toEqual([
      {
        skillId: 'polish',
        placeholder: 'A link asks to run polish: press Enter to run it, Esc to cancel',
        initial: 'rm -rf ~',
      },
    ]);
    expect(server.requests.length).toBe(before);
    // a hotkey with the same input runs at once
    server.script({ text: 'ok' });
    const ran = await trigger(tc, { skillId: 'polish', instruction: 'fix typos', source: 'hotkey' });
    expect(tc.core.runs.get(ran.runId!)!.status).toBe('succeeded');
    expect(ports.commandBarAsked).toHaveLength(1);
  });

  it('fills the context placeholders from the window focused at trigger time', async () => {
    const ports = createMemoryPorts();
    ports.focused = {
      id: '0x200',
      app: 'firefox',
      title: 'Pull request #15 - https://git.example.com/pr/15 — Mozilla Firefox',
      isTerminal: false,
    };
    const tc = setup(ports);
    tc.writeSkill(
      'where',
      '---\nname: where\ndescription: Says where.\n---\n' +
        'app={{app}}\ntitle={{window_title}}\nurl={{url}}\nlanguage={{language}}\n',
    );
    server.script({ text: 'ok' });
    const result = await trigger(tc, { skillId: 'where', instruction: 'where am I?' });
    expect(tc.core.runs.get(result.runId!)!.status).toBe('succeeded');
    const body = server.requests.at(-1)!.body as { messages: { role: string; content: string }[] };
    expect(body.messages[0]!.content).toBe(
      'app=firefox\ntitle=Pull request #15 - https://git.example.com/pr/15 — Mozilla Firefox\n' +
        'url=https://git.example.com/pr/15\nlanguage=English\n',
    );
    // a retry runs on the same window, though another has the focus now
    ports.focused = editor;
    server.script({ text: 'again' });
    const retry = await tc.client.invoke('runs:start', { skillId: 'where', retryOf: result.runId! });
    await tc.core.executor.settled(retry.runId);
    const again = server.requests.at(-1)!.body as { messages: { role: string; content: string }[] };
    expect(again.messages[0]!.content).toBe(body.messages[0]!.content);
  });

  it('follows the dashboard language for {{language}}, {{date}} and {{time}}', async () => {
    const ports = createMemoryPorts();
    const tc = setup(ports);
    tc.writeSkill('when', '---\nname: when\ndescription: Says when.\n---\n{{language}}|{{date}}|{{time}}\n');
    await tc.client.invoke('app:setLanguage', { language: 'zh-CN' });
    server.script({ text: 'ok' });
    const result = await trigger(tc, { skillId: 'when', instruction: 'when?' });
    expect(tc.core.runs.get(result.runId!)!.status).toBe('succeeded');
    const body = server.requests.at(-1)!.body as { messages: { role: string; content: string }[] };
    // e.g. "Simplified Chinese|2026年11月24日星期二|16:05"
    expect(body.messages[0]!.content).toMatch(
      /^Simplified Chinese\|\d{4}年\d{1,2}月\d{1,2}日星期.\|\S*\d{1,2}:\d{2}\n$/,
    );
  });

  it('refuses an unknown skill', async () => {
    const tc = setup(createMemoryPorts());
    await tc.core.skills.ready();
    const r = await tc.client.request('trigger:run', { skillId: 'nope' });
    expect(r).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  });
});

describe('hotkeys in a host without them', () => {
  it('reports them unavailable and refuses pause and test', async () => {
    const tc = setup(createMemoryPorts());
    const status = await tc.client.request('hotkeys:status', undefined);
    expect(status).toMatchObject({ ok: true, value: { available: false, hotkeys: [] } });
    const pause = await tc.client.request('hotkeys:pause', { paused: true });
    expect(pause).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } });
  });
});
