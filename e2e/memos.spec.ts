import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { ChannelInput, ChannelOutput } from '../shared/ipc/contract';
import type { Channel } from '../shared/ipc/names';
import type { Result } from '../shared/ipc/result';
import { watchForPageErrors } from './helpers/page-errors';
import { startSkilldeckHost, type RunningHost } from './helpers/skilldeck-host';

// The real headless host with the repo's skills/ folder (so each built-in is shadowed by its copy there).
const SKILLS_DIR = path.resolve(import.meta.dirname, '../skills');
const MEMO_TEXT = 'Buy oat milk 燕麦奶';

let host: RunningHost | null = null;
let dataDir: string | null = null;

test.beforeEach(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'skilldeck-e2e-memos-'));
  host = await startSkilldeckHost(dataDir, { skillsDirs: [SKILLS_DIR] });
});

// eslint-disable-next-line no-empty-pattern
test.afterEach(async ({}, testInfo) => {
  if (host && testInfo.status !== testInfo.expectedStatus)
    await testInfo.attach('skilldeck serve output', { body: host.output() });
  await host?.stop();
  host = null;
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  dataDir = null;
});

/** A contract call over HTTP, with the token of the URL the host printed. */
async function invoke<C extends Channel>(channel: C, input: ChannelInput<C>): Promise<ChannelOutput<C>> {
  const url = new URL(host!.url);
  const response = await fetch(`${url.origin}/api/invoke/${channel}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${url.searchParams.get('token')}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(input ?? null),
  });
  const envelope = (await response.json()) as Result<ChannelOutput<C>>;
  if (!envelope.ok) throw new Error(`${channel}: ${envelope.error.message}`);
  return envelope.value;
}

async function settled(runId: string) {
  for (;;) {
    const run = await invoke('runs:get', { runId });
    if (run.status !== 'running') return run;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const open = (page: Page, hash: string) => page.goto(`${host!.url}${hash}`);

test('a memo saved by the memo skill is found in English and Chinese, opened, exported and deleted', async ({
  page,
  context,
}) => {
  const problems = watchForPageErrors(page);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { runId } = await invoke('runs:start', { skillId: 'memo', input: MEMO_TEXT });
  const run = await settled(runId);
  expect(run.status).toBe('succeeded');

  await open(page, '#/memos');
  await expect(page.getByRole('heading', { level: 1, name: 'Memos' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Memos' });
  await expect(list.getByRole('button')).toHaveCount(1);
  const search = page.getByRole('searchbox', { name: 'Search memos' });

  await search.fill('oat');
  await expect(list.locator('mark')).toHaveText(['oat']);
  await search.fill('nothing-like-this');
  await expect(page.getByText('No memo contains “nothing-like-this”.')).toBeVisible();
  await search.fill('燕麦');
  await expect(list.getByRole('button')).toHaveCount(1);
  await expect(list.getByRole('button')).toContainText('燕麦');
  await page.screenshot({ path: 'e2e-artifacts/memos-search.png', fullPage: true });

  await list.getByRole('button').click();
  const view = page.getByTestId('memo-view');
  await expect(view).toContainText(MEMO_TEXT);
  await expect(view).toContainText('Saved by memo');

  await view.getByRole('button', { name: 'Export Markdown' }).click();
  const exported = page.getByTestId('memo-export');
  await expect(exported.getByRole('heading')).toHaveText('Markdown of 1 memo');
  await expect(exported.getByLabel('Exported Markdown')).toContainText(MEMO_TEXT);
  await exported.getByRole('button', { name: 'Copy Markdown' }).click();
  await expect(exported.getByRole('status')).toHaveText('Copied to the clipboard.');
  expect(await page.evaluate<string>('navigator.clipboard.readText()')).toContain(MEMO_TEXT);
  await page.screenshot({ path: 'e2e-artifacts/memos-export.png', fullPage: true });
  await exported.getByRole('button', { name: 'Close' }).click();

  await view.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('group', { name: 'Confirm deletion' });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Delete memo' }).click();
  await expect(view).toBeHidden();
  await expect(page.getByText('No memo contains “燕麦”.')).toBeVisible();
  expect((await invoke('memos:list', { limit: 10, offset: 0 })).total).toBe(0);

  await search.fill('');
  await expect(page.getByText('No memos yet.')).toBeVisible();
  expect(problems).toEqual([]);
});

test('the skills deck: search narrows it, the mode filter works, the list view is remembered', async ({
  page,
}) => {
  const problems = watchForPageErrors(page);
  await open(page, '');
  const deck = page.getByRole('list', { name: 'Skills', exact: true });
  await expect(deck.getByRole('article')).toHaveCount(8);
  // --skills-dir is the built-in folder itself: each skill listed once, from the folder
  await expect(page.getByTestId('skill-card-translate')).toContainText('Folder');
  await expect(page.getByTestId('skill-extras-video-script')).toContainText('Workflow');

  const search = page.getByRole('searchbox', { name: 'Search skills' });
  await search.fill('TRANSL');
  await expect(deck.getByRole('article')).toHaveCount(1);
  await expect(page.getByTestId('skill-card-translate')).toBeVisible();
  await expect(page.getByText('Showing 1 of 8 skills')).toBeVisible();
  await search.fill('');
  await expect(deck.getByRole('article')).toHaveCount(8);

  await page.getByLabel('Mode', { exact: true }).selectOption('workflow');
  await expect(deck.getByRole('article')).toHaveCount(1);
  await expect(page.getByTestId('skill-card-video-script')).toBeVisible();
  await page.getByLabel('Source', { exact: true }).selectOption('builtin');
  await expect(page.getByText('No skill matches the search and filters.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(deck.getByRole('article')).toHaveCount(8);

  const listButton = page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'List' });
  await listButton.click();
  await expect(listButton).toHaveAttribute('aria-pressed', 'true');
  await expect(deck).toHaveAttribute('data-view', 'list');
  await page.screenshot({ path: 'e2e-artifacts/skills-list-view.png', fullPage: true });
  await page.reload();
  await expect(page.getByRole('list', { name: 'Skills', exact: true })).toHaveAttribute('data-view', 'list');

  // the on/off switch goes through meta:update
  const toggle = page.getByRole('switch', { name: 'polish enabled' });
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  expect((await invoke('meta:get', { skillId: 'polish' })).enabled).toBe(false);
  expect(problems).toEqual([]);
});

test('a rule granted through the contract shows on the Permissions page and can be revoked', async ({
  page,
}) => {
  const problems = watchForPageErrors(page);
  const rule = await invoke('permissions:grant', {
    skillId: 'code-review',
    list: 'allow',
    rule: 'Bash(git diff:*)',
  });
  await open(page, '#/permissions');
  await expect(page.getByRole('heading', { level: 1, name: 'Permissions' })).toBeVisible();
  const row = page.getByTestId(`grant-rule-${rule.id}`);
  await expect(row).toContainText('Bash(git diff:*)');
  await expect(row).toContainText('code-review');
  await expect(row).toContainText('Allow');
  await page.screenshot({ path: 'e2e-artifacts/permissions.png', fullPage: true });

  await row.getByRole('button', { name: 'Revoke Bash(git diff:*)' }).click();
  await expect(row).toBeHidden();
  await expect(page.getByText('No saved rules')).toBeVisible();
  expect(await invoke('permissions:rules', {})).toEqual([]);
  expect(problems).toEqual([]);
});
