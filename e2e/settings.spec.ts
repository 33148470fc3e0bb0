import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startLlmServer, type LlmServer } from '../electron/core/testing/llm-server';
import { hostApi } from './helpers/host-api';
import { startSkilldeckHost, type RunningHost } from './helpers/skilldeck-host';
import { watchForPageErrors } from './helpers/page-errors';

// The Settings page against the real headless host and a local OpenAI-wire model server.
let host: RunningHost | null = null;
let server: LlmServer | null = null;
let dataDir: string | null = null;

// Playwright reads fixtures from the destructuring pattern, so "no fixtures" must be spelled `{}`.
// eslint-disable-next-line no-empty-pattern
test.afterEach(async ({}, testInfo) => {
  if (host && testInfo.status !== testInfo.expectedStatus) {
    await testInfo.attach('skilldeck serve output', { body: host.output() });
  }
  await host?.stop();
  await server?.close();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  host = server = dataDir = null;
});

test('first run, a provider, the permission mode, Chinese and the dark theme', async ({ page }) => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'skilldeck-e2e-settings-'));
  server = await startLlmServer();
  server.setModels(['deck-small', 'deck-large']);
  host = await startSkilldeckHost(dataDir);
  const problems = watchForPageErrors(page);

  // First run: no provider, so the skills page says how to set one up; the skills are still there.
  await page.goto(host.url);
  const firstRun = page.getByTestId('first-run');
  await expect(firstRun).toBeVisible();
  await expect(page.getByTestId('skill-card-translate')).toBeVisible();
  await firstRun.getByRole('link', { name: 'Set up a provider' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeFocused();
  await expect(page.getByRole('heading', { level: 2, name: 'AI providers' })).toBeVisible();

  // Hotkeys: the headless host has none, and says so.
  await expect(page.getByTestId('hotkeys-unavailable')).toContainText('Global hotkeys are not available');

  // Add an OpenAI-compatible provider pointing at the local server.
  await page.getByRole('button', { name: 'Add provider' }).click();
  const form = page.getByRole('form', { name: 'New provider' });
  await expect(form.getByLabel('Kind')).toBeFocused();
  await form.getByLabel('Kind').selectOption('openai-compatible');
  await form.getByLabel('Name', { exact: true }).fill('local');
  await form.getByLabel('Base URL').fill(`${server.url}/v1`);
  await form.getByLabel('Default model').fill('deck-small');
  await form.getByLabel('Known models').fill('deck-small\ndeck-large');
  await expect(form.getByLabel('API key')).toHaveValue('');
  await expect(form.getByLabel('API key')).toHaveAttribute('type', 'password');
  // the test host runs with --no-keyring: the form says the key lasts only while it runs
  await expect(form.getByLabel('API key')).toHaveAccessibleDescription(/lasts until skilldeck serve stops/);
  await form.getByLabel('Use as the default provider').uncheck();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();

  const local = page.getByTestId('provider-local');
  await expect(local).toContainText('OpenAI-compatible');
  await expect(local).toContainText(`${server.url}/v1`);
  await expect(local).toContainText('No key');
  await expect(local.getByText('Default', { exact: true })).toHaveCount(0);

  // Test connection: ok, with the models the server lists.
  await local.getByRole('button', { name: 'Test connection of local' }).click();
  const result = local.getByTestId('provider-test');
  await expect(result).toContainText('Connection ok');
  await expect(result.getByRole('listitem')).toHaveText(['deck-small', 'deck-large']);

  // Set it as the default provider.
  await local.getByRole('button', { name: 'Make local the default provider' }).click();
  await expect(local.getByText('Default', { exact: true })).toBeVisible();
  await expect(local.getByRole('button', { name: 'Make local the default provider' })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('settings-en.png'), fullPage: true });

  // Requests at once: 8 unless changed; a number outside 1–64 is refused in words, 3 is kept.
  await expect(local.locator('dd').nth(2)).toHaveText('8');
  await local.getByRole('button', { name: 'Edit local' }).click();
  const edit = page.getByRole('form', { name: 'Edit local' });
  await expect(edit.getByLabel('Requests at once')).toHaveValue('8');
  await expect(edit.getByLabel('Requests at once')).toHaveAccessibleDescription(
    /halves this for the rest of the run/,
  );
  await edit.evaluate((form) => form.setAttribute('novalidate', ''));
  await edit.getByLabel('Requests at once').fill('0');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit.getByRole('alert')).toHaveText(/whole number from 1 to 64/);
  await expect(edit.getByLabel('Requests at once')).toHaveAttribute('aria-invalid', 'true');
  await edit.getByLabel('Requests at once').fill('3');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(local.locator('dd').nth(2)).toHaveText('3');
  const [saved] = await hostApi(() => host!.url).invoke('providers:list', undefined);
  expect(saved!.concurrency).toBe(3);

  // The first-run card is gone.
  await page.getByRole('link', { name: 'Skills' }).click();
  await expect(page.getByTestId('skill-card-translate')).toBeVisible();
  await expect(page.getByTestId('first-run')).toHaveCount(0);

  // The global permission mode, kept by the host.
  await page.getByRole('link', { name: 'Settings' }).click();
  const modes = page.getByRole('group', { name: 'Permission mode' });
  await expect(modes.getByRole('radio', { name: /Ask first/ })).toBeChecked();
  await modes.getByRole('radio', { name: /Plan only/ }).check();
  await page.reload();
  await expect(
    page.getByRole('group', { name: 'Permission mode' }).getByRole('radio', { name: /Plan only/ }),
  ).toBeChecked();

  // 简体中文: the sidebar and the headings follow, and a reload keeps it.
  await page.getByLabel('Language', { exact: true }).selectOption('zh-CN');
  const nav = page.getByRole('navigation');
  await expect(nav.getByRole('link', { name: '设置' })).toBeVisible();
  await expect(nav.getByRole('link', { name: '技能' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: '设置' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'AI 服务商' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: '语言与主题' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  // the host keeps the choice for the desktop app's own words (tray, floating card, dialogs)
  const api = hostApi(() => host!.url);
  await expect.poll(async () => (await api.invoke('app:info', undefined)).language).toBe('zh-CN');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: '设置' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: '权限' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: '快捷键' })).toBeVisible();
  // the host's English note is not shown over the page's own words
  await expect(page.getByTestId('hotkeys-unavailable')).toContainText('当前主机不支持全局快捷键');
  await expect(page.getByTestId('hotkeys-unavailable')).not.toContainText('desktop app');
  await expect(page).toHaveTitle('设置 · Skilldeck');
  await page.screenshot({ path: test.info().outputPath('settings-zh-CN.png'), fullPage: true });

  // The dark theme: a dark background, kept after a reload.
  await page.getByRole('radio', { name: '深色' }).check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.locator('html')).toHaveCSS('background-color', 'rgb(14, 16, 20)'); // --bg, dark
  await expect(page.locator('body')).toHaveCSS('color-scheme', 'dark');
  await page.screenshot({ path: test.info().outputPath('settings-zh-CN-dark.png'), fullPage: true });

  // Back to light: the background is light again.
  await page.getByRole('radio', { name: '浅色' }).check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(page.locator('html')).toHaveCSS('background-color', 'rgb(245, 246, 248)');

  expect(problems).toEqual([]);
});

test('the settings page is usable from the keyboard', async ({ page }) => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'skilldeck-e2e-settings-'));
  host = await startSkilldeckHost(dataDir);
  await page.goto(`${host.url}#/settings`);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

  const add = page.getByRole('button', { name: 'Add provider' });
  await add.focus();
  await page.keyboard.press('Enter');
  const form = page.getByRole('form', { name: 'New provider' });
  await expect(form.getByLabel('Kind')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('Name', { exact: true })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('Base URL')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('API key')).toBeFocused();
  // Esc closes the form and gives focus back to the button that opened it.
  await page.keyboard.press('Escape');
  await expect(form).toBeHidden();
  await expect(add).toBeFocused();

  // A missing base URL is refused with the host's message next to the form.
  await page.keyboard.press('Enter');
  await form.getByLabel('Kind').selectOption('openai');
  await form.getByLabel('Name', { exact: true }).fill('has space');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('alert')).toContainText('no spaces');
});

test('skill folders: a known folder offered, one typed, a wrong path refused, one removed and undone', async ({
  page,
}) => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'skilldeck-e2e-folders-'));
  // a home of our own, holding Claude Code's skills folder, and a team folder elsewhere
  const home = path.join(dataDir, 'home');
  const claude = path.join(home, '.claude', 'skills');
  const team = path.join(dataDir, 'team-skills');
  const skill = (name: string) => `---\nname: ${name}\ndescription: The ${name} skill.\n---\nDo ${name}.\n`;
  await fs.mkdir(path.join(claude, 'commit-message'), { recursive: true });
  await fs.writeFile(path.join(claude, 'commit-message', 'SKILL.md'), skill('commit-message'));
  await fs.mkdir(path.join(team, 'team-notes'), { recursive: true });
  await fs.writeFile(path.join(team, 'team-notes', 'SKILL.md'), skill('team-notes'));
  const hostData = path.join(dataDir, 'data');
  host = await startSkilldeckHost(hostData, { env: { HOME: home } });
  const problems = watchForPageErrors(page);

  await page.goto(`${host.url}#/settings`);
  const section = page.getByTestId('folders-section');
  await expect(section.getByRole('heading', { level: 2, name: 'Skill folders' })).toBeVisible();
  const rows = section
    .getByRole('list', { name: 'Skill folders, searched in this order' })
    .getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(path.join(hostData, 'skills'));
  await expect(rows.nth(0)).toContainText('Your skills');
  await expect(rows.nth(1)).toContainText('Built-in');
  await expect(section.getByRole('button', { name: /^Remove / })).toHaveCount(0);

  // Claude Code's folder is offered; one click adds it, read in place.
  const offer = section.getByTestId('folder-offer');
  await expect(offer).toHaveText(new RegExp(claude.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  await section.getByRole('button', { name: `Add ${claude}` }).click();
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText(claude);
  await expect(rows.nth(1)).toContainText('1 skill');
  await expect(section.getByTestId('folders-status')).toHaveText(`Added ${claude}.`);
  await expect(offer).toHaveCount(0);

  // A path that is not a full one is refused with the host's words, the field keeps focus.
  const field = section.getByLabel('Folder path');
  await field.fill('team-skills');
  await field.press('Enter');
  await expect(section.getByRole('alert')).toContainText('is not a full path');
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute('aria-invalid', 'true');

  // The team folder, typed.
  await field.fill(team);
  await field.press('Enter');
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(2)).toContainText(team);
  await expect(field).toHaveValue('');
  await expect(section.getByRole('alert')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('settings-folders.png'), fullPage: true });

  // Their skills are on the deck.
  await page.getByRole('link', { name: 'Skills' }).click();
  await expect(page.getByTestId('skill-card-team-notes')).toBeVisible();
  await expect(page.getByTestId('skill-card-commit-message')).toBeVisible();

  // Removed: the files stay; Undo brings the folder back; removed again, its skills leave the deck.
  await page.getByRole('link', { name: 'Settings' }).click();
  const removeTeam = section.getByRole('button', { name: `Remove ${team}` });
  await removeTeam.click();
  await expect(rows).toHaveCount(3);
  await expect(section.getByTestId('folders-status')).toContainText('Its files were not touched.');
  await expect(fs.readFile(path.join(team, 'team-notes', 'SKILL.md'), 'utf8')).resolves.toContain(
    'team-notes',
  );
  await section.getByRole('button', { name: 'Undo' }).click();
  await expect(rows).toHaveCount(4);
  await expect(section.getByTestId('folders-status')).toHaveText(`${team} is back.`);
  await removeTeam.click();
  await expect(rows).toHaveCount(3);
  await page.getByRole('link', { name: 'Skills' }).click();
  await expect(page.getByTestId('skill-card-commit-message')).toBeVisible();
  await expect(page.getByTestId('skill-card-team-notes')).toHaveCount(0);
  await page.getByRole('link', { name: 'Settings' }).click();
  await field.fill(team);
  await field.press('Enter');
  await expect(rows).toHaveCount(4);

  expect(problems).toEqual([]);

  // Kept across a restart of the host (the page's socket to the old one fails meanwhile: expected).
  await host.stop();
  host = await startSkilldeckHost(hostData, { env: { HOME: home } });
  await page.goto(`${host.url}#/settings`);
  await expect(rows).toHaveCount(4);
  await expect(section.getByRole('button', { name: `Remove ${team}` })).toBeVisible();
  await page.goto(`${host.url}#/skills`);
  await expect(page.getByTestId('skill-card-team-notes')).toBeVisible();

  // In 简体中文 a refusal reads in Chinese too (the host sends its words as data).
  await page.goto(`${host.url}#/settings`);
  await page.getByLabel('Language', { exact: true }).selectOption('zh-CN');
  await section.getByLabel('文件夹路径').fill(team);
  await section.getByLabel('文件夹路径').press('Enter');
  await expect(section.getByRole('alert')).toHaveText(`${team} 已经在读取技能的文件夹之列。`);
  expect(problems.filter((p) => !p.includes('ERR_CONNECTION_REFUSED'))).toEqual([]);
});

test('skill folders: a system folder is refused, and one kept from before says why it is not searched', async ({
  page,
}) => {
  test.skip(process.platform !== 'linux', '/proc is a Linux folder');
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'skilldeck-e2e-sysfolder-'));
  const hostData = path.join(dataDir, 'data');
  // A folder list stored before Skilldeck refused such folders: /proc among them.
  host = await startSkilldeckHost(hostData);
  await host.stop();
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(path.join(hostData, 'skilldeck.db'));
  db.prepare('INSERT OR REPLACE INTO settings (key, value_json) VALUES (?, ?)').run(
    'skills.folders',
    JSON.stringify(['/proc']),
  );
  db.close();
  host = await startSkilldeckHost(hostData);
  const problems = watchForPageErrors(page);

  await page.goto(`${host.url}#/settings`);
  const section = page.getByTestId('folders-section');
  const proc = section.getByTestId('folder-row').filter({ hasText: '/proc' });
  await expect(proc.getByTestId('folder-finding')).toHaveText(
    '/proc is a system folder (/proc), not a folder of skills: it is not searched.',
  );
  await expect(proc).toContainText('0 skills');

  // Typed, it is refused with the host's words.
  const field = section.getByLabel('Folder path');
  await field.fill('/sys/fs');
  await field.press('Enter');
  await expect(section.getByRole('alert')).toHaveText(
    '/sys/fs is a system folder (/sys): pick the folder that holds the skills.',
  );

  // In 简体中文 too.
  await page.getByLabel('Language', { exact: true }).selectOption('zh-CN');
  await expect(proc.getByTestId('folder-finding')).toHaveText(
    '/proc 是系统文件夹（/proc），不是技能文件夹：不会在其中查找技能。',
  );
  expect(problems).toEqual([]);
});
