// The desktop loop on a real X server (Xvfb), without Electron: a headful Chromium window holds a focused
// textarea, `skilldeck serve --desktop` acts on that display, and `trigger:run` — what a hotkey calls —
// captures the selection, runs the skill against the local wire-format model server and pastes the result
// into the window that was focused, leaving the clipboard as it was. Run alone: `npm run test:desktop`.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type Browser, type Page } from '@playwright/test';
import WebSocket from 'ws';
import { createX11Ports } from '../electron/core/desktop/linux/x11';
import { missingCommands, startXvfb, type Xvfb } from '../electron/core/desktop/linux/test-support';
import { startLlmServer, type LlmServer } from '../electron/core/testing/llm-server';
import { hostApi } from './helpers/host-api';
import { startSkilldeckHost, type RunningHost } from './helpers/skilldeck-host';

const missing = missingCommands(['Xvfb', 'xdotool', 'xclip', 'xprop']);
test.skip(missing.length > 0, `needs ${missing.join(', ')} (apt-get install xvfb xdotool xclip x11-utils)`);

let xvfb: Xvfb;
let llm: LlmServer;
let host: RunningHost;
const { invoke, settled, useLocalModel } = hostApi(() => host.url);
let browser: Browser;
let root: string;

test.beforeAll(async () => {
  xvfb = await startXvfb();
  llm = await startLlmServer();
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'skilldeck-desktop-'));
  const skills = path.join(root, 'skills');
  fs.mkdirSync(path.join(skills, 'polish'), { recursive: true });
  fs.writeFileSync(
    path.join(skills, 'polish', 'SKILL.md'),
    '---\nname: polish\ndescription: Fixes the spelling of the selected text.\n---\nFix the spelling.\n',
  );
  for (const [id, output] of [
    ['tidy', 'replace_selection'],
    ['append', 'insert_after'],
  ]) {
    fs.mkdirSync(path.join(skills, id!), { recursive: true });
    fs.writeFileSync(
      path.join(skills, id!, 'SKILL.md'),
      `---\nname: ${id}\ndescription: Works on the selected text.\noutput: ${output}\n---\nDo it.\n`,
    );
  }
  host = await startSkilldeckHost(path.join(root, 'data'), {
    skillsDirs: [skills],
    args: ['--desktop'],
    env: { DISPLAY: xvfb.display },
  });
  await useLocalModel(llm.url);
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: false,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--window-position=0,0'],
    env: { ...process.env, DISPLAY: xvfb.display },
  });
});

test.afterAll(async () => {
  await browser?.close();
  await host?.stop();
  await llm?.close();
  await xvfb?.stop();
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

/** Gives the X keyboard focus to the window with this title (no window manager runs under Xvfb). */
function focusWindow(title: string) {
  const env = { ...process.env, DISPLAY: xvfb.display };
  const ids = execFileSync('xdotool', ['search', '--name', `^${title}`], { env, encoding: 'utf8' });
  execFileSync('xdotool', ['windowfocus', '--sync', ids.trim().split('\n').at(-1)!], { env });
}

/** A window with a textarea, focused for the keyboard (and for X). */
async function editorWindow(title: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.setContent(
    `<title>${title}</title><textarea id="t" style="width:700px;height:200px"></textarea>`,
  );
  await expect
    .poll(() => {
      try {
        focusWindow(title);
        return true;
      } catch {
        return false;
      }
    })
    .toBe(true);
  await page.locator('#t').click();
  return page;
}

const x11 = () => createX11Ports({ display: xvfb.display });

interface ShownCard {
  runId: string;
  text: string;
  error?: string;
  pending: boolean;
  notice?: string;
}

/** The `card:show` events the host sends its dashboards (the headless host's floating card). */
async function watchCards(): Promise<{ cards: ShownCard[]; stop: () => void }> {
  const cards: ShownCard[] = [];
  const url = new URL(host.url);
  const socket = new WebSocket(`ws://${url.host}/ws?token=${url.searchParams.get('token')}`);
  await new Promise((resolve) => socket.once('open', resolve));
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as { event?: string; payload?: ShownCard };
    if (message.event === 'card:show' && message.payload) cards.push(message.payload);
  });
  return { cards, stop: () => socket.close() };
}

test('a trigger pastes the result over the keyboard selection and leaves the clipboard as it was', async () => {
  const page = await editorWindow('Editor');
  await page.keyboard.type('teh quick borwn fox');
  await page.keyboard.press('Shift+Home'); // a keyboard selection: X11 PRIMARY holds it
  await x11().clipboard.writeText('what the user had copied');
  llm.script({ text: 'the quick brown fox', chunks: ['the quick ', 'brown fox'] });

  const result = await invoke('trigger:run', { skillId: 'polish', source: 'hotkey' });
  expect(result).toMatchObject({ captured: { method: 'primary', chars: 19 }, app: 'chromium' });
  const run = await settled(result.runId);
  expect(run).toMatchObject({
    status: 'succeeded',
    output: 'the quick brown fox',
    outputTool: 'insert_text',
  });
  // the run's input is the selected text
  expect(JSON.stringify(llm.requests.at(-1)!.body)).toContain('teh quick borwn fox');
  await expect(page.locator('#t')).toHaveValue('the quick brown fox');
  expect(await x11().clipboard.readText()).toBe('what the user had copied');
  await page.screenshot({ path: test.info().outputPath('pasted.png') });
});

test('a focus change before the answer keeps the result in the card instead of pasting elsewhere', async () => {
  const first = await editorWindow('First');
  await first.keyboard.type('helo wrld');
  await first.keyboard.press('Shift+Home');
  llm.script({ text: 'hello world', delayMs: 1500 });
  const cards: { text: string; error?: string; pending: boolean }[] = [];
  const url = new URL(host.url);
  const socket = new WebSocket(`ws://${url.host}/ws?token=${url.searchParams.get('token')}`);
  await new Promise((resolve) => socket.once('open', resolve));
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as { event?: string; payload?: (typeof cards)[number] };
    if (message.event === 'card:show' && message.payload) cards.push(message.payload);
  });

  const result = await invoke('trigger:run', { skillId: 'polish', source: 'hotkey' });
  // the user moves to another window while the model answers
  const second = await editorWindow('Second');
  await second.keyboard.type('elsewhere');
  const run = await settled(result.runId);
  socket.close();

  expect(run.status).toBe('succeeded');
  await expect(second.locator('#t')).toHaveValue('elsewhere');
  await expect(first.locator('#t')).toHaveValue('helo wrld');
  const last = cards.filter((c) => !c.pending).at(-1);
  expect(last?.text).toBe('hello world');
  expect(last?.error).toMatch(/focused window changed/);
  // and the run's history holds it
  expect(run.output).toBe('hello world');
});

test('replace_selection replaces the keyboard selection once the answer finished cleanly, with no card', async () => {
  const page = await editorWindow('Replace');
  await page.keyboard.type('teh quick borwn fox');
  await page.keyboard.press('Shift+Home');
  const watch = await watchCards();
  llm.script({ text: 'the quick brown fox', chunks: ['the quick ', 'brown fox'], chunkDelayMs: 30 });
  const result = await invoke('trigger:run', { skillId: 'tidy', source: 'hotkey' });
  const run = await settled(result.runId);
  expect(run).toMatchObject({ status: 'succeeded', outputTool: 'replace_selection' });
  await expect(page.locator('#t')).toHaveValue('the quick brown fox');
  watch.stop();
  expect(watch.cards.filter((c) => c.runId === result.runId)).toEqual([]);
});

test('replace_selection leaves the text alone when the stream is cut, and the card shows the error', async () => {
  const page = await editorWindow('Cut');
  await page.keyboard.type('keep this text');
  await page.keyboard.press('Shift+Home');
  const watch = await watchCards();
  llm.script({ chunks: ['REPLACED ', 'HALF ', 'WAY'], chunkDelayMs: 30, disconnectAfterChunks: 2 });
  const result = await invoke('trigger:run', { skillId: 'tidy', source: 'hotkey' });
  const run = await settled(result.runId);
  expect(run.status).toBe('failed');
  await expect.poll(() => watch.cards.filter((c) => c.runId === result.runId && !c.pending).length).toBe(1);
  watch.stop();
  const shown = watch.cards.filter((c) => c.runId === result.runId);
  expect(shown).toHaveLength(1); // no card while it streamed: only the error at the end
  expect(shown[0]!.error).toMatch(/\S/);
  await expect(page.locator('#t')).toHaveValue('keep this text');
  // the selection is still there: typing replaces it, as it would have before the run
  await page.keyboard.type('x');
  await expect(page.locator('#t')).toHaveValue('x');
});

test('insert_after keeps the selection and puts the answer after it, in a real textarea', async () => {
  const page = await editorWindow('After');
  await page.keyboard.type('Hello there.');
  await page.keyboard.press('Shift+Home');
  await x11().clipboard.writeText('clipboard before');
  llm.script({ text: 'Bonjour.', chunks: ['Bon', 'jour.'] });
  const result = await invoke('trigger:run', { skillId: 'append', source: 'hotkey' });
  const run = await settled(result.runId);
  expect(run).toMatchObject({ status: 'succeeded', outputTool: 'insert_after' });
  await expect(page.locator('#t')).toHaveValue('Hello there. Bonjour.');
  // the cursor is after the inserted text, nothing selected
  expect(
    await page.locator('#t').evaluate((t) => {
      const area = t as unknown as { selectionStart: number; selectionEnd: number };
      return [area.selectionStart, area.selectionEnd];
    }),
  ).toEqual([21, 21]);
  expect(await x11().clipboard.readText()).toBe('clipboard before');
});
