import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startLlmServer } from '../electron/core/testing/llm-server';
import { watchForPageErrors } from './helpers/page-errors';
import { hostApi } from './helpers/host-api';
import { startSkilldeckHost, type RunningHost } from './helpers/skilldeck-host';

// The real headless host with the repo's skills/ folder (so each built-in is shadowed by its copy there).
const SKILLS_DIR = path.resolve(import.meta.dirname, '../skills');
const MEMO_TEXT = 'Buy oat milk 燕麦奶';
const CHINESE_MEMO = '会议纪要：周五发布\n第二行：检查翻译';

let host: RunningHost | null = null;
const { invoke, settled, useLocalModel } = hostApi(() => host!.url);
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

const open = (page: Page, hash: string) => page.goto(`${host!.url}${hash}`);

/** Saves a memo the way a user does: a run of the memo skill on the text (titled by its first line). */
async function saveMemo(text: string) {
  const { runId } = await invoke('runs:start', { skillId: 'memo', input: text });
  expect((await settled(runId)).status).toBe('succeeded');
}

/** An agent skill that files what it is given with save_memo, under a title the (local) model picks. */
const NOTE_TAKER = [
  '---',
  'name: note-taker',
  'description: Files the text as a memo with a title.',
  'execution-mode: agent',
  'allowed-tools: [save_memo]',
  '---',
  'Save the text as a memo with a short title.',
  '',
].join('\n');

/** Clicks `button` and returns the download it starts, with the file's text. */
async function downloadFrom(page: Page, click: () => Promise<void>): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  expect(await download.failure()).toBeNull();
  const file = await download.path();
  return { name: download.suggestedFilename(), text: await fs.readFile(file, 'utf8') };
}

/** The local date as the dashboard writes it in file names (the test runs on the browser's machine). */
const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

test('a memo saved by the memo skill is found in English and Chinese, opened, exported and deleted', async ({
  page,
  context,
}) => {
  const problems = watchForPageErrors(page);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await saveMemo(MEMO_TEXT);

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

  // Export Markdown: a real file, named after the memo (Chinese kept)
  const status = page.getByRole('status').filter({ hasText: /Exported|Copied/ });
  const file = await downloadFrom(page, () => view.getByRole('button', { name: 'Export Markdown' }).click());
  // the memo skill's memo is titled by its first line, and the file after the title
  expect(file.name).toBe('buy-oat-milk-燕麦奶.md');
  expect(file.text).toMatch(
    /^# Buy oat milk 燕麦奶\n\n_skill: memo · saved: \d{4}-\d\d-\d\dT[\d:]+Z · run: \S+_\n\n/,
  );
  expect(file.text).toContain(`${MEMO_TEXT}\n`);
  await expect(status).toHaveText('Exported 1 memo to buy-oat-milk-燕麦奶.md');
  await page.screenshot({ path: 'e2e-artifacts/memos-export.png', fullPage: true });

  // Copy as Markdown: straight to the clipboard
  await view.getByRole('button', { name: 'Copy as Markdown' }).click();
  await expect(status).toHaveText('Copied 1 memo to the clipboard as Markdown.');
  expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(file.text);

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

test('a memo card does not repeat its title, and the open memo closes when a search leaves it out', async ({
  page,
}) => {
  const problems = watchForPageErrors(page);
  await saveMemo(MEMO_TEXT);
  await saveMemo('Meeting notes: release on Friday\nSecond line: check the copy');
  await open(page, '#/memos');
  const list = page.getByRole('list', { name: 'Memos' });
  await expect(list.getByRole('button')).toHaveCount(2);

  // titled by its first line: the card shows what follows it, or nothing more
  const meeting = list.getByRole('button', { name: /^Meeting notes: release on Friday/ });
  await expect(meeting.locator('.memo-row-title')).toHaveText('Meeting notes: release on Friday');
  await expect(meeting.locator('.memo-row-text')).toHaveText('Second line: check the copy');
  const oat = list.getByRole('button', { name: /^Buy oat milk/ });
  await expect(oat.locator('.memo-row-title')).toHaveText(MEMO_TEXT);
  await expect(oat.locator('.memo-row-text')).toHaveCount(0);

  await meeting.click();
  const view = page.getByTestId('memo-view');
  await expect(view).toContainText('Second line: check the copy');
  const search = page.getByRole('searchbox', { name: 'Search memos' });
  await search.fill('Friday'); // still among the results: stays open
  await expect(list.getByRole('button')).toHaveCount(1);
  await expect(view).toBeVisible();
  await search.fill('oat'); // filtered out: closed, and the pane says to pick one
  await expect(list.getByRole('button')).toHaveCount(1);
  await expect(list.getByRole('button')).toContainText('oat');
  await expect(view).toBeHidden();
  await expect(page.locator('.memos-detail-empty')).toBeVisible();
  expect(problems).toEqual([]);
});

test('export all downloads one Markdown file with every memo, Chinese included; one memo gets its own file', async ({
  page,
}) => {
  const problems = watchForPageErrors(page);
  // The host again, with the note-taker skill and the local model server behind a provider.
  const llm = await startLlmServer();
  try {
    const extraSkills = path.join(dataDir!, 'extra-skills');
    await fs.mkdir(path.join(extraSkills, 'note-taker'), { recursive: true });
    await fs.writeFile(path.join(extraSkills, 'note-taker', 'SKILL.md'), NOTE_TAKER);
    await host!.stop();
    host = await startSkilldeckHost(dataDir!, { skillsDirs: [SKILLS_DIR, extraSkills] });
    await useLocalModel(llm.url);
    const noteTaker = async (title: string, text: string) => {
      llm.script(
        { toolCalls: [{ name: 'save_memo', arguments: JSON.stringify({ title, text }) }] },
        { text: 'Saved.' },
      );
      const { runId } = await invoke('runs:start', { skillId: 'note-taker', input: text });
      expect((await settled(runId)).status).toBe('succeeded');
    };

    await saveMemo(MEMO_TEXT);
    await noteTaker('会议纪要：周五发布', CHINESE_MEMO);
    await noteTaker('Third: a quote worth keeping', 'Less, but better.');
  } finally {
    await llm.close();
  }

  await open(page, '#/memos');
  const list = page.getByRole('list', { name: 'Memos' });
  await expect(list.getByRole('button')).toHaveCount(3);
  const status = page.getByTestId('memos-status');
  await expect(status).toHaveRole('status');

  const before = today();
  const all = await downloadFrom(page, () => page.getByRole('button', { name: 'Export all' }).click());
  expect([before, today()].map((d) => `skilldeck-memos-${d}.md`)).toContain(all.name);
  await expect(status).toHaveText(`Exported 3 memos to ${all.name}`);
  expect(all.text).toMatch(/^# Memos\n\n_3 memos · exported \S+ from Skilldeck_\n\n## /);
  // newest first, each with its heading, skill and text
  const headings = all.text.split('\n').filter((line) => line.startsWith('## '));
  expect(headings).toEqual([
    '## Third: a quote worth keeping',
    '## 会议纪要：周五发布',
    '## Buy oat milk 燕麦奶',
  ]);
  expect(all.text).toContain('会议纪要：周五发布\n第二行：检查翻译\n');
  expect(all.text).toContain('Less, but better.\n');
  expect(all.text).toContain(`${MEMO_TEXT}\n`);
  expect(all.text.match(/_skill: note-taker · saved: /g)).toHaveLength(2);
  expect(all.text.match(/_skill: memo · saved: /g)).toHaveLength(1);

  // the Chinese memo alone, under its own name
  await list.getByRole('button', { name: /^会议纪要：周五发布/ }).click();
  const view = page.getByTestId('memo-view');
  await expect(view).toContainText('第二行');
  const one = await downloadFrom(page, () => view.getByRole('button', { name: 'Export Markdown' }).click());
  expect(one.name).toBe('会议纪要-周五发布.md');
  expect(one.text).toMatch(/^# 会议纪要：周五发布\n\n_skill: note-taker · saved: /);
  expect(one.text).toContain('第二行：检查翻译');
  expect(one.text).not.toContain('oat milk');
  await expect(status).toHaveText('Exported 1 memo to 会议纪要-周五发布.md');

  // the same export twice is still a download (no one-download-per-page limit)
  const again = await downloadFrom(page, () => page.getByRole('button', { name: 'Export all' }).click());
  expect(again.name).toBe(all.name);
  expect(problems).toEqual([]);
});

test('copy falls back to the copy command when the clipboard API is refused, and to a selected text when that fails too', async ({
  page,
  context,
}) => {
  const problems = watchForPageErrors(page);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  // What the Electron window does: every permission request, clipboard writes included, is denied.
  await page.addInitScript(
    "navigator.clipboard.writeText = () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError'));",
  );
  await saveMemo(MEMO_TEXT);
  await saveMemo(CHINESE_MEMO);
  await open(page, '#/memos');
  await expect(page.getByRole('list', { name: 'Memos' }).getByRole('button')).toHaveCount(2);

  await page.getByRole('button', { name: 'Copy all as Markdown' }).click();
  await expect(page.getByTestId('memos-status')).toHaveText('Copied 2 memos to the clipboard as Markdown.');
  const copied = await page.evaluate<string>('navigator.clipboard.readText()');
  expect(copied).toMatch(/^# Memos\n\n_2 memos · /);
  expect(copied).toContain('第二行：检查翻译');
  expect(copied).toContain(MEMO_TEXT);
  await expect(page.getByRole('button', { name: 'Copy all as Markdown' })).toBeFocused();

  // no clipboard at all: the Markdown is shown, selected, for Ctrl+C
  await page.evaluate('document.execCommand = () => false');
  await page.getByRole('button', { name: 'Copy all as Markdown' }).click();
  const panel = page.getByTestId('memo-export');
  await expect(panel.getByRole('heading')).toHaveText('Markdown of 2 memos');
  await expect(panel.getByRole('alert')).toContainText('press Ctrl+C');
  const text = panel.getByLabel('Exported Markdown');
  await expect(text).toBeFocused();
  expect(await page.evaluate<string>('String(window.getSelection())')).toContain('第二行：检查翻译');
  await panel.getByRole('button', { name: 'Close' }).click();
  await expect(panel).toBeHidden();
  expect(problems).toEqual([]);
});

test('the skills deck: search narrows it, the mode filter works, the list view is remembered', async ({
  page,
}) => {
  const problems = watchForPageErrors(page);
  await open(page, '');
  const deck = page.getByRole('list', { name: 'Skills', exact: true });
  await expect(deck.getByRole('article')).toHaveCount(9);
  // --skills-dir is the built-in folder itself: each skill listed once, from the folder
  await expect(page.getByTestId('skill-card-translate')).toContainText('Folder');
  await expect(page.getByTestId('skill-extras-video-script')).toContainText('Workflow');

  const search = page.getByRole('searchbox', { name: 'Search skills' });
  await search.fill('TRANSL');
  await expect(deck.getByRole('article')).toHaveCount(1);
  await expect(page.getByTestId('skill-card-translate')).toBeVisible();
  await expect(page.getByText('Showing 1 of 9 skills')).toBeVisible();
  await search.fill('');
  await expect(deck.getByRole('article')).toHaveCount(9);

  await page.getByLabel('Mode', { exact: true }).selectOption('workflow');
  await expect(deck.getByRole('article')).toHaveCount(1);
  await expect(page.getByTestId('skill-card-video-script')).toBeVisible();
  await page.getByLabel('Source', { exact: true }).selectOption('builtin');
  await expect(page.getByText('No skill matches the search and filters.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(deck.getByRole('article')).toHaveCount(9);

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
