// Acting on a result in the run panel, against the real headless host and two wire-format model servers:
// Continue sends the whole thread, Retry with… another model reaches that model, Save as memo, the
// attempts, and a poem's single line breaks kept.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startLlmServer, type LlmServer, type RecordedRequest } from '../electron/core/testing/llm-server';
import { watchForPageErrors } from './helpers/page-errors';
import { hostApi } from './helpers/host-api';
import { startSkilldeckHost, type RunningHost } from './helpers/skilldeck-host';

let llm: LlmServer;
let other: LlmServer;
let host: RunningHost;
const { invoke, useLocalModel } = hostApi(() => host.url);
let root: string;

test.beforeAll(async () => {
  llm = await startLlmServer();
  other = await startLlmServer();
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'skilldeck-result-e2e-'));
  const skills = path.join(root, 'skills');
  fs.mkdirSync(path.join(skills, 'poet'), { recursive: true });
  fs.writeFileSync(
    path.join(skills, 'poet', 'SKILL.md'),
    '---\nname: poet\ndescription: Writes short poems.\n---\nWrite a poem about the topic.\n',
  );
  host = await startSkilldeckHost(path.join(root, 'data'), { skillsDirs: [skills] });
  await useLocalModel(llm.url);
  await invoke('providers:save', {
    kind: 'openai-compatible',
    name: 'other',
    baseUrl: `${other.url}/v1`,
    defaultModel: 'other-default',
    knownModels: ['big-model'],
  });
});

test.afterAll(async () => {
  await host?.stop();
  await llm?.close();
  await other?.close();
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

test.beforeEach(() => {
  llm.requests.length = 0;
  other.requests.length = 0;
});

// eslint-disable-next-line no-empty-pattern
test.afterEach(async ({}, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus) {
    await testInfo.attach('skilldeck serve output', { body: host.output() });
  }
});

async function runPoet(page: Page, topic: string) {
  const url = new URL(host.url);
  url.hash = '#/runs';
  await page.goto(url.toString());
  const launcher = page.getByRole('form', { name: 'Start a run' });
  await expect(launcher.getByRole('option', { name: /\bpoet\b/ })).toHaveCount(1);
  await launcher.getByLabel('Skill').selectOption('poet');
  await launcher.getByLabel('Input').fill(topic);
  await launcher.getByRole('button', { name: 'Run' }).click();
  const panel = page.getByTestId('run-panel');
  await expect(panel.getByTestId('run-status')).toHaveText('Succeeded', { timeout: 15_000 });
  return panel;
}

/** The request's messages as [role, text]. */
const thread = (request: RecordedRequest | undefined) =>
  ((request!.body as { messages: { role: string; content: string }[] }).messages ?? []).map((m) => [
    m.role,
    String(m.content).trim(),
  ]);

test('Continue sends the whole thread: system, user, assistant, user — then assistant, user again', async ({
  page,
}) => {
  const problems = watchForPageErrors(page);
  llm.script(
    { text: 'Moonlight on the lake' },
    { chunks: ['Moon', 'light.'], chunkDelayMs: 300 },
    { text: 'Clair de lune.' },
  );
  const panel = await runPoet(page, 'the moon');
  const box = panel.getByRole('textbox', { name: 'Follow-up' });
  await box.fill('Shorter, please');
  await box.press('Enter');
  const first = panel.getByTestId('turn-1');
  await expect(first.getByText('Shorter, please')).toBeVisible();
  await expect(first.getByText('Moonlight.')).toBeVisible();
  await expect(first).toHaveAttribute('data-status', 'succeeded');
  expect(thread(llm.requests[1])).toEqual([
    ['system', 'Write a poem about the topic.'],
    ['user', 'the moon'],
    ['assistant', 'Moonlight on the lake'],
    ['user', 'Shorter, please'],
  ]);
  await expect(box).toHaveValue('');

  // the thread is kept: reopened from the history, it shows and goes on
  await page.reload();
  const row = page.locator('tr', { hasText: 'poet' }).first();
  // the history says it has a thread
  await expect(row).toContainText('1 follow-up');
  await row.getByRole('button', { name: /^Open run/ }).click();
  const reopened = page.getByTestId('run-panel');
  await expect(reopened.getByTestId('turn-1').getByText('Moonlight.')).toBeVisible();
  await reopened.getByRole('textbox', { name: 'Follow-up' }).fill('In French');
  await reopened.getByRole('button', { name: 'Send' }).click();
  await expect(reopened.getByTestId('turn-2').getByText('Clair de lune.')).toBeVisible();
  expect(thread(llm.requests[2])).toEqual([
    ['system', 'Write a poem about the topic.'],
    ['user', 'the moon'],
    ['assistant', 'Moonlight on the lake'],
    ['user', 'Shorter, please'],
    ['assistant', 'Moonlight.'],
    ['user', 'In French'],
  ]);
  // a follow-up's answer is copied on its own
  await reopened.getByTestId('turn-2').getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(reopened.getByTestId('result-notice')).toHaveText('Copied.');
  expect(problems).toEqual([]);
});

test('Retry with… another provider and model goes to that model; the attempts flip', async ({ page }) => {
  const problems = watchForPageErrors(page);
  llm.script({ text: 'first attempt' });
  other.script({ text: 'second attempt' });
  const panel = await runPoet(page, 'rain');
  const firstId = await panel.locator('code.run-id').textContent();
  // a run started here was not triggered from another app: nothing to insert into
  await expect(panel.getByRole('button', { name: /^Insert/ })).toHaveCount(0);

  await panel.getByRole('button', { name: 'Retry with…' }).click();
  const picker = panel.getByRole('form', { name: 'Retry with another model' });
  await picker.getByLabel('Provider').selectOption('other');
  // offered: its default, the model entered in Settings, the endpoint's list
  await expect(picker.locator('datalist option[value="other-default"]')).toHaveCount(1);
  await expect(picker.locator('datalist option[value="big-model"]')).toHaveCount(1);
  await picker.getByLabel('Model').fill('big-model');
  await picker.getByRole('button', { name: 'Retry' }).click();

  const retried = page.getByTestId('run-panel');
  await expect(retried.getByText('second attempt')).toBeVisible({ timeout: 15_000 });
  await expect(retried.getByTestId('run-status')).toHaveText('Succeeded');
  // the picker read the provider's model list (GET /v1/models); the retry is the one model call there
  const calls = (server: LlmServer) => server.requests.filter((r) => r.api === 'openai');
  expect(calls(other)).toHaveLength(1);
  expect((calls(other)[0]!.body as { model: string }).model).toBe('big-model');
  expect(calls(llm)).toHaveLength(1);
  expect(thread(calls(other)[0])).toEqual(thread(calls(llm)[0]));
  await expect(retried.getByTestId('attempt-position')).toHaveText('Attempt 2 of 2 · big-model (other)');

  // the history tells the retry from the first attempt
  await expect(page.locator('tr', { hasText: 'poet' }).first().locator('.history-tag')).toHaveText('retry');
  await retried.getByRole('button', { name: 'Previous attempt' }).click();
  await expect(page.getByTestId('run-panel').locator('code.run-id')).toHaveText(firstId!);
  await expect(page.getByTestId('attempt-position')).toHaveText('Attempt 1 of 2 · m (local)');
  await expect(page.getByTestId('run-panel').getByText('first attempt')).toBeVisible();

  // Retry: the same input again, on the run's own model, as a third attempt
  llm.script({ text: 'third attempt' });
  await page.getByTestId('run-panel').getByRole('button', { name: 'Retry', exact: true }).click();
  await expect(page.getByTestId('run-panel').getByText('third attempt')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('attempt-position')).toHaveText('Attempt 3 of 3 · m (local)');
  expect(calls(llm)).toHaveLength(2);
  expect(thread(calls(llm)[1])).toEqual(thread(calls(llm)[0]));
  expect(problems).toEqual([]);
});

test('a follow-up being answered can be stopped; the thread says so and goes on', async ({ page }) => {
  const problems = watchForPageErrors(page);
  llm.script(
    { text: 'A long poem' },
    { chunks: ['one ', 'two ', 'three ', 'four ', 'five'], chunkDelayMs: 1_000 },
    { text: 'Short.' },
  );
  const panel = await runPoet(page, 'time');
  const box = panel.getByRole('textbox', { name: 'Follow-up' });
  await box.fill('Go on');
  await box.press('Enter');
  await expect(panel.getByTestId('turn-1').getByText('one')).toBeVisible();
  await panel.getByRole('button', { name: 'Stop' }).click();
  await expect(panel.getByTestId('turn-1')).toHaveAttribute('data-status', 'cancelled');
  await expect(panel.getByTestId('turn-1').getByText('Stopped.')).toBeVisible();
  // the stopped follow-up is left out of the conversation
  await box.fill('Just one line');
  await panel.getByRole('button', { name: 'Send' }).click();
  await expect(panel.getByTestId('turn-2').getByText('Short.')).toBeVisible();
  expect(thread(llm.requests.at(-1))).toEqual([
    ['system', 'Write a poem about the topic.'],
    ['user', 'time'],
    ['assistant', 'A long poem'],
    ['user', 'Just one line'],
  ]);
  expect(problems).toEqual([]);
});

test('Save as memo keeps the answer in Memos', async ({ page }) => {
  llm.script({ text: 'A memo-worthy line' });
  const panel = await runPoet(page, 'notes');
  await panel.getByRole('button', { name: 'Save as memo' }).click();
  await expect(panel.getByTestId('result-notice')).toHaveText('Saved as a memo.');
  const memos = await invoke('memos:search', { query: 'memo-worthy' });
  expect(memos.items.map((hit) => hit.memo.text)).toContain('A memo-worthy line');
});

test('a haiku’s three lines render as three lines', async ({ page }) => {
  llm.script({ text: 'Old silent pond\nA frog jumps into the pond\nsplash! Silence again.' });
  const panel = await runPoet(page, 'a frog');
  const poem = panel.locator('.md p', { hasText: 'Old silent pond' });
  await expect(poem).toBeVisible();
  expect((await poem.innerText()).split('\n')).toEqual([
    'Old silent pond',
    'A frog jumps into the pond',
    'splash! Silence again.',
  ]);
  // drawn on three lines, not run together on one
  const line = await poem.evaluate((el) =>
    parseFloat(el.ownerDocument.defaultView!.getComputedStyle(el).lineHeight),
  );
  const height = (await poem.boundingBox())!.height;
  expect(Math.round(height / line)).toBe(3);
});

test('Insert is offered, named after the window, for a run triggered from another app', async ({ page }) => {
  // A run triggered by a hotkey needs the desktop; here the page is told (in runs:get's answer, rewritten
  // on the wire) that the run came from a text editor, and the real host answers the Insert itself.
  const gets = new Set<unknown>();
  await page.routeWebSocket(/\/ws/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((message) => {
      const frame = JSON.parse(String(message)) as { id: unknown; channel: string };
      if (frame.channel === 'runs:get') gets.add(frame.id);
      server.send(message);
    });
    server.onMessage((message) => {
      const frame = JSON.parse(String(message)) as { id?: unknown; result?: { ok: boolean; value?: object } };
      if (gets.has(frame.id) && frame.result?.ok) {
        frame.result.value = {
          ...frame.result.value,
          insertInto: { app: 'Text Editor', title: 'notes.txt' },
        };
        return ws.send(JSON.stringify(frame));
      }
      ws.send(message);
    });
  });
  llm.script({ text: 'To insert' });
  const panel = await runPoet(page, 'ink');
  const insert = panel.getByRole('button', { name: 'Insert into Text Editor' });
  await expect(insert).toHaveAttribute('title', 'notes.txt');
  await insert.click();
  // the host knows better: nowhere to insert, said in words, with what to do instead
  await expect(panel.getByTestId('result-notice')).toHaveText(
    /not started from another app .*there is nowhere to insert its answer — copy it instead/,
  );
  await expect(panel.getByTestId('result-notice')).toHaveAttribute('role', 'alert');
});
