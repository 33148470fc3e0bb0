// The context placeholders in the editor, against the real headless host and the wire-format model
// server: the Instructions editor offers them, and Try it previews and runs them with a sample window.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { startLlmServer, type LlmServer } from '../electron/core/testing/llm-server';
import { hostApi } from './helpers/host-api';
import { watchForPageErrors } from './helpers/page-errors';
import { startSkilldeckHost, type RunningHost } from './helpers/skilldeck-host';

let llm: LlmServer;
let host: RunningHost;
let dataDir: string;
const { invoke, useLocalModel } = hostApi(() => host.url);

test.beforeEach(async () => {
  llm = await startLlmServer();
  llm.setResponder(() => ({ text: 'Noted.' }));
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skilldeck-context-e2e-'));
  host = await startSkilldeckHost(dataDir);
  await useLocalModel(llm.url);
  await invoke('skills:create', { skillId: 'notes', template: 'prompt' });
});

// eslint-disable-next-line no-empty-pattern
test.afterEach(async ({}, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus)
    await testInfo.attach('skilldeck serve output', { body: host.output() });
  await host?.stop();
  await llm?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const instructions = (page: Page) => page.getByRole('textbox', { name: /^(Instructions|指令)$/ });

async function openEditor(page: Page) {
  await page.goto(`${host.url}#/skills/notes`);
  await expect(instructions(page)).toBeVisible();
}

/** Replaces the Instructions editor's text as typed (one input event). */
async function setInstructions(page: Page, text: string) {
  await instructions(page).click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.insertText(text);
}

test('the Instructions editor offers the context placeholders, each said in words', async ({ page }) => {
  const problems = watchForPageErrors(page);
  await openEditor(page);
  await setInstructions(page, 'Cite ');
  await page.keyboard.type('{{');
  const completions = page.locator('.cm-tooltip-autocomplete [role="option"]');
  for (const [offered, said] of [
    ['{{app}}', 'the app the skill was started in'],
    ['{{window_title}}', "that app's window title"],
    ['{{url}}', "the browser tab's address"],
    ['{{date}}', "today's date, in your language"],
    ['{{time}}', 'the time now'],
    ['{{language}}', 'the dashboard language'],
  ] as const)
    await expect(completions.filter({ hasText: offered })).toContainText(said);
  await page.keyboard.type('win');
  await expect(completions).toHaveCount(1);
  await page.keyboard.press('Enter');
  await expect(instructions(page)).toHaveText('Cite {{window_title}}');
  expect(problems).toEqual([]);
});

test('Try it asks for the window the instructions read, previews it and runs with it', async ({ page }) => {
  const problems = watchForPageErrors(page);
  await openEditor(page);
  const panel = page.getByTestId('try-panel');
  await setInstructions(page, 'Plain instructions.');
  // no context placeholder used: nothing to ask
  await expect(panel.getByTestId('try-window')).toHaveCount(0);
  await expect(panel.getByTestId('try-now')).toHaveCount(0);

  await setInstructions(page, 'Quote from {{app}} — {{window_title}} <{{url}}>, answer in {{language}}.');
  const window = panel.getByRole('group', { name: 'The window it starts in' });
  await expect(window).toBeVisible();
  await expect(panel.getByTestId('preview-system')).toHaveText('Quote from  —  <>, answer in English.');
  await window.getByLabel('App').fill('firefox');
  await window.getByLabel('Window title').fill('Release notes — Mozilla Firefox');
  await window.getByLabel('URL').fill('https://example.com/notes');
  const filled =
    'Quote from firefox — Release notes — Mozilla Firefox <https://example.com/notes>, answer in English.';
  await expect(panel.getByTestId('preview-system')).toHaveText(filled);
  await expect(panel.getByTestId('try-now')).toHaveText('Filled when the run starts: {{language}} English');

  await setInstructions(page, 'Quote from {{app}} at {{time}} on {{date}}.');
  // only the boxes the instructions use; the date and time as a run started now gets them
  await expect(window.getByRole('textbox')).toHaveCount(1);
  await expect(panel.getByTestId('try-now')).toHaveText(
    /^Filled when the run starts: \{\{date\}\} \w+day, \w+ \d{1,2}, \d{4} · \{\{time\}\} \d{1,2}:\d{2}\s?[AP]M$/,
  );
  await setInstructions(page, 'Quote from {{app}} — {{window_title}} <{{url}}>, answer in {{language}}.');
  await expect(panel.getByTestId('preview-system')).toHaveText(filled);

  const asked = llm.requests.length;
  await panel.getByRole('button', { name: 'Try it' }).click();
  await expect(panel.getByTestId('try-result')).toContainText('Done');
  const chats = llm.requests.slice(asked).filter((r) => r.api === 'openai');
  expect(chats).toHaveLength(1);
  const body = chats[0]!.body as { messages: { role: string; content: string }[] };
  expect(body.messages.find((m) => m.role === 'system')?.content).toBe(filled);
  expect(problems).toEqual([]);
});

for (const scheme of ['light', 'dark'] as const)
  test(`the sample window and the values filled at the start have no serious axe violation (${scheme})`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await openEditor(page);
    await setInstructions(page, 'From {{app}} ({{window_title}}, {{url}}) on {{date}} at {{time}}.');
    await expect(page.getByTestId('try-window')).toBeVisible();
    await expect(page.getByTestId('try-now')).toBeVisible();
    const results = await new AxeBuilder({ page }).include('[data-testid="try-panel"]').analyze();
    const serious = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, targets: v.nodes.map((n) => n.target.join(' ')) }));
    expect(serious).toEqual([]);
  });

test('in 简体中文 the preview and the run both say the dashboard language and a Chinese date', async ({
  page,
}) => {
  await page.addInitScript("localStorage.setItem('skilldeck.language', 'zh-CN')");
  await openEditor(page);
  await setInstructions(page, 'Answer in {{language}}. Today: {{date}}.');
  const panel = page.getByTestId('try-panel');
  const said = /^Answer in Simplified Chinese\. Today: \d{4}年\d{1,2}月\d{1,2}日星期.\.$/;
  await expect(panel.getByTestId('preview-system')).toHaveText(said);
  // the host follows the dashboard's language (the dashboard tells it once it has loaded)
  await expect.poll(async () => (await invoke('app:info', undefined)).language).toBe('zh-CN');
  const asked = llm.requests.length;
  await panel.getByRole('button', { name: '试运行' }).click();
  await expect(panel.getByTestId('try-result')).toContainText('完成');
  const chats = llm.requests.slice(asked).filter((r) => r.api === 'openai');
  const body = chats[0]!.body as { messages: { role: string; content: string }[] };
  expect(body.messages.find((m) => m.role === 'system')?.content).toMatch(said);
});
