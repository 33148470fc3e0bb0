// What the dashboard says, as a person would read it: an empty Runs page says so once, a read-only
// built-in opens to be viewed (with Duplicate), a denial's reason is a sentence, a cancelled run says so
// in words, and About shows what a person looks for.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startLlmServer, type LlmServer } from '../electron/core/testing/llm-server';
import { hostApi } from './helpers/host-api';
import { watchForPageErrors } from './helpers/page-errors';
import { startSkilldeckHost, type RunningHost } from './helpers/skilldeck-host';

let llm: LlmServer;
let host: RunningHost;
let root: string;
const api = hostApi(() => host.url);

test.beforeEach(async () => {
  llm = await startLlmServer();
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'skilldeck-wording-e2e-'));
  const skills = path.join(root, 'skills');
  fs.mkdirSync(path.join(skills, 'shell-agent'), { recursive: true });
  fs.writeFileSync(
    path.join(skills, 'shell-agent', 'SKILL.md'),
    '---\nname: shell-agent\ndescription: Writes a file.\nexecution-mode: agent\nallowed-tools: [Write]\n---\nGo.\n',
  );
  host = await startSkilldeckHost(path.join(root, 'data'), { skillsDirs: [skills] });
  await api.useLocalModel(llm.url);
});

// eslint-disable-next-line no-empty-pattern
test.afterEach(async ({}, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus) {
    await testInfo.attach('skilldeck serve output', { body: host.output() });
  }
  await host?.stop();
  await llm?.close();
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

async function open(page: Page, hash: string) {
  const url = new URL(host.url);
  url.hash = hash;
  await page.goto(url.toString());
}

test('an empty Runs page says it once; filtered to nothing, it says that instead', async ({ page }) => {
  const problems = watchForPageErrors(page);
  await open(page, '#/runs');
  const history = page.locator('.run-history');
  await expect(history.getByTestId('history-empty')).toHaveText('No runs yet: start one above.');
  await expect(history.getByText(/No runs?\b/)).toHaveCount(1);
  await expect(history.getByRole('button', { name: 'Next' })).toHaveCount(0);

  await history.getByLabel('Status').selectOption('failed');
  await expect(history.getByTestId('history-empty')).toHaveText('No run matches these filters.');
  await expect(history.getByText(/No runs?\b/)).toHaveCount(1);
  expect(problems).toEqual([]);
});

test('a read-only built-in opens to be viewed, says why, and offers Duplicate', async ({ page }) => {
  await open(page, '#/skills');
  const card = page.getByTestId('skill-card-translate');
  await expect(card.getByRole('link', { name: 'Edit translate' })).toHaveCount(0);
  await card.getByRole('link', { name: 'View translate' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'View translate' })).toBeVisible();
  await expect(page.getByRole('note')).toHaveText(
    'Read-only: this skill comes with Skilldeck or a plugin, so it cannot be changed here. Duplicate it to get a copy of your own to edit.',
  );
  await expect(page.getByRole('button', { name: 'Duplicate' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(page.getByText(/^Edit translate$/)).toHaveCount(0);

  // a skill of the user's own still says Edit
  await open(page, '#/skills');
  await expect(
    page.getByTestId('skill-card-shell-agent').getByRole('link', { name: 'Edit shell-agent' }),
  ).toBeVisible();
});

test("a denial's reason reads as a sentence, and the decision says who made it", async ({ page }) => {
  llm.script(
    { toolCalls: [{ id: 'w1', name: 'Write', arguments: '{"file_path":"notes.txt","content":"x"}' }] },
    { text: 'Understood.' },
  );
  await open(page, '#/runs');
  const launcher = page.getByRole('form', { name: 'Start a run' });
  await launcher.getByLabel('Skill').selectOption('shell-agent');
  await launcher.getByLabel('Input').fill('go');
  await launcher.getByRole('button', { name: 'Run' }).click();
  const dialog = page.getByTestId('permission-dialog');
  await dialog.getByLabel('Reason for denying (optional)').fill('Not in that folder, please');
  await dialog.getByRole('button', { name: 'Deny' }).click();

  const panel = page.getByTestId('run-panel');
  await expect(panel.getByTestId('run-status')).toHaveText('Succeeded');
  const call = panel.getByTestId('tool-call-w1');
  await expect(call.locator('.decision')).toHaveText('Denied by you');
  await expect(call.getByTestId('deny-reason')).toHaveText('You denied it: “Not in that folder, please”');
  await expect(call).not.toContainText('Reason: denied:');
  await expect(call).not.toContainText('denied (user)');
});

test('a cancelled run says so in words, live and from the history', async ({ page }) => {
  llm.script({ text: 'A slow answer.', delayMs: 20_000 });
  await open(page, '#/runs');
  const launcher = page.getByRole('form', { name: 'Start a run' });
  await launcher.getByLabel('Skill').selectOption('translate');
  await launcher.getByLabel('Input').fill('bonjour');
  await launcher.getByRole('button', { name: 'Run' }).click();
  const panel = page.getByTestId('run-panel');
  await expect(panel.getByTestId('run-status')).toHaveText('Running');
  await panel.getByRole('button', { name: 'Cancel' }).click();
  await expect(panel.getByTestId('run-status')).toHaveText('Cancelled');
  await expect(panel.getByTestId('run-cancelled')).toHaveText('The run was cancelled.');
  // not the host's English "cancelled" as an error
  await expect(panel.getByText('cancelled', { exact: true })).toHaveCount(0);
  await expect(panel.getByRole('alert')).toHaveCount(0);
  await expect(panel.locator('.step-errors')).toHaveCount(0);

  await page.reload();
  await page
    .locator('.run-history')
    .getByRole('button', { name: /^Open run .* of translate$/ })
    .click();
  await expect(panel.getByTestId('run-status')).toHaveText('Cancelled');
  await expect(panel.getByTestId('run-cancelled')).toHaveText('The run was cancelled.');
  await expect(panel.getByText('cancelled', { exact: true })).toHaveCount(0);
  await expect(panel.locator('.step-errors')).toHaveCount(0);
});

test('About says the version, how it runs and where the data is; no database schema number', async ({
  page,
}) => {
  await open(page, '#/settings');
  const about = page.getByRole('region', { name: 'About this Skilldeck' });
  const info = await api.invoke('app:info', undefined);
  await expect(about).toContainText(info.version);
  await expect(about).toContainText(info.dataDir);
  await expect(about).toContainText('Headless host (skilldeck serve)');
  await expect(about).not.toContainText(/schema/i);
});
