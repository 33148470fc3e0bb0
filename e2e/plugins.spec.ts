// Claude Code's fields in the dashboard, against the real headless host: Settings › Skill folders ›
// Plugins — a plugin given at start (--plugin-dir), Claude Code's installs offered, one typed, a wrong one
// refused in the host's words (also in 简体中文), removed and undone, its skills on the deck as
// plugin:skill; and a skill for models only (user-invocable: false): no Run button (grid or list), not in
// the palette, and its hotkey field says why it takes none.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { watchForPageErrors } from './helpers/page-errors';
import { startSkilldeckHost, type RunningHost } from './helpers/skilldeck-host';

let host: RunningHost | null = null;
let root: string | null = null;

// eslint-disable-next-line no-empty-pattern
test.afterEach(async ({}, testInfo) => {
  if (host && testInfo.status !== testInfo.expectedStatus)
    await testInfo.attach('skilldeck serve output', { body: host.output() });
  await host?.stop();
  if (root) await fs.rm(root, { recursive: true, force: true });
  host = root = null;
});

const skill = (name: string, extra = '') =>
  `---\nname: ${name}\ndescription: The ${name} skill.\n${extra}---\nDo ${name}.\n`;

async function write(files: Record<string, string>) {
  for (const [file, text] of Object.entries(files)) {
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, text);
  }
}

/** A home where Claude Code installed `review-kit` from `market`, a plugin given at start, one to type. */
async function setup() {
  root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'skilldeck-e2e-plugins-')));
  const home = path.join(root, 'home');
  const claudePlugins = path.join(home, '.claude', 'plugins');
  const installed = path.join(claudePlugins, 'cache', 'market', 'review-kit', '1.0.0');
  const given = path.join(root, 'given-kit');
  const team = path.join(root, 'team-kit');
  const notAPlugin = path.join(root, 'notes');
  await write({
    [path.join(installed, '.claude-plugin', 'plugin.json')]: JSON.stringify({ name: 'review-kit' }),
    [path.join(installed, 'skills', 'review', 'SKILL.md')]: skill('review'),
    [path.join(claudePlugins, 'installed_plugins.json')]: JSON.stringify({
      version: 2,
      plugins: { 'review-kit@market': [{ scope: 'user', installPath: installed, version: '1.0.0' }] },
    }),
    [path.join(given, 'skills', 'lint', 'SKILL.md')]: skill('lint'),
    [path.join(team, '.claude-plugin', 'plugin.json')]: JSON.stringify({ name: 'team' }),
    [path.join(team, 'skills', 'standup', 'SKILL.md')]: skill('standup'),
    [path.join(team, 'skills', 'helper', 'SKILL.md')]: skill('helper', 'user-invocable: false\n'),
    [path.join(notAPlugin, 'README.md')]: 'just notes',
  });
  const data = path.join(root, 'data');
  host = await startSkilldeckHost(data, { args: ['--plugin-dir', given], env: { HOME: home } });
  return { home, installed, given, team, notAPlugin, data };
}

async function openPlugins(page: Page, language?: 'zh-CN') {
  if (language) await page.addInitScript(`localStorage.setItem('skilldeck.language', '${language}')`);
  await page.goto(`${host!.url}#/settings`);
  const plugins = page.getByTestId('plugins-list');
  await expect(plugins.getByTestId('plugin-row').first()).toBeVisible();
  return plugins;
}

test('Plugins in Settings: given at start, Claude Code’s install offered, one typed, a wrong one refused, removed and undone', async ({
  page,
}) => {
  const { installed, given, team, notAPlugin, home, data } = await setup();
  const problems = watchForPageErrors(page);
  const plugins = await openPlugins(page);
  await expect(plugins.getByRole('heading', { level: 3, name: 'Plugins' })).toBeVisible();
  const rows = plugins.getByRole('list', { name: 'Plugins searched' }).getByRole('listitem');

  // --plugin-dir: listed with its ids, not removable here; the folder list above does not hold it
  await expect(rows).toHaveCount(1);
  await expect(rows.nth(0)).toContainText(given);
  await expect(rows.nth(0)).toContainText('ids given-kit:…');
  await expect(rows.nth(0)).toContainText('Given at start (--plugin-dir)');
  await expect(page.getByTestId('folder-row').filter({ hasText: given })).toHaveCount(0);

  // Claude Code's install is offered; one click adds it, read where Claude Code keeps it
  const offer = plugins.getByTestId('plugin-offer');
  await expect(offer).toContainText(installed);
  await expect(offer).toContainText('Claude Code: review-kit@market');
  await plugins.getByRole('button', { name: `Add ${installed}` }).click();
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('ids review-kit:…');
  await expect(rows.nth(1)).toContainText('Claude Code: review-kit@market');
  await expect(rows.nth(1)).toContainText('1 skill');
  await expect(plugins.getByTestId('plugins-status')).toHaveText(`Added ${installed}.`);
  await expect(offer).toHaveCount(0);

  // a folder that is not a plugin is refused in the host's words, the field keeps focus
  const field = plugins.getByLabel('Plugin folder');
  await field.fill(notAPlugin);
  await field.press('Enter');
  await expect(plugins.getByRole('alert')).toHaveText(
    `${notAPlugin} has no skills/ folder: a plugin keeps its skills in skills/<name>/SKILL.md`,
  );
  await expect(field).toBeFocused();

  // the team's plugin, typed: its skills on the deck as team:…, the one for models only without Run
  await field.fill(team);
  await field.press('Enter');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(2)).toContainText('ids team:…');
  await expect(field).toHaveValue('');
  await page.getByRole('link', { name: 'Skills' }).click();
  for (const id of ['team:standup', 'review-kit:review', 'given-kit:lint'])
    await expect(page.getByTestId(`skill-card-${id}`)).toBeVisible();
  await expect(page.getByTestId('run-skill-team:standup')).toBeVisible();
  await expect(page.getByTestId('run-skill-team:helper')).toHaveCount(0);

  // removed: the files stay; Undo brings it back
  await page.getByRole('link', { name: 'Settings' }).click();
  await plugins.getByRole('button', { name: `Remove ${team}` }).click();
  await expect(rows).toHaveCount(2);
  await expect(plugins.getByTestId('plugins-status')).toContainText('Its files were not touched.');
  await expect(fs.readFile(path.join(team, 'skills', 'standup', 'SKILL.md'), 'utf8')).resolves.toContain(
    'standup',
  );
  await plugins.getByRole('button', { name: 'Undo' }).click();
  await expect(rows).toHaveCount(3);
  await expect(plugins.getByTestId('plugins-status')).toHaveText(`${team} is back.`);
  expect(problems).toEqual([]);

  // kept across a restart; in 简体中文 a refusal reads in Chinese
  await host!.stop();
  host = await startSkilldeckHost(data, { args: ['--plugin-dir', given], env: { HOME: home } });
  const again = await openPlugins(page, 'zh-CN');
  await expect(again.getByRole('list', { name: '正在搜索的插件' }).getByRole('listitem')).toHaveCount(3);
  await again.getByLabel('插件文件夹').fill(team);
  await again.getByLabel('插件文件夹').press('Enter');
  await expect(again.getByRole('alert')).toHaveText(`${team} 已经在读取技能的文件夹之列。`);
  await again.getByLabel('插件文件夹').fill(notAPlugin);
  await again.getByLabel('插件文件夹').press('Enter');
  await expect(again.getByRole('alert')).toHaveText(
    `${notAPlugin} 中没有 skills/ 文件夹：插件把技能放在 skills/<名称>/SKILL.md 中`,
  );
});

test('a skill for models only: no Run button in the grid or the list, not in the palette, no hotkey', async ({
  page,
}) => {
  root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'skilldeck-e2e-model-only-')));
  const skills = path.join(root, 'skills');
  await write({
    [path.join(skills, 'quiet-helper', 'SKILL.md')]: skill('quiet-helper', 'user-invocable: false\n'),
    [path.join(skills, 'open-helper', 'SKILL.md')]: skill('open-helper'),
  });
  host = await startSkilldeckHost(path.join(root, 'data'), { skillsDirs: [skills] });
  const problems = watchForPageErrors(page);
  await page.goto(`${host.url}#/skills`);
  await page.getByRole('searchbox', { name: 'Search skills' }).fill('helper');
  const quiet = page.getByTestId('skill-card-quiet-helper');
  await expect(quiet.getByText('Models only')).toBeVisible();
  await expect(page.getByTestId('run-skill-open-helper')).toBeVisible();
  await expect(quiet.getByRole('button', { name: /^Run/ })).toHaveCount(0);

  await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'List' }).click();
  await expect(page.getByTestId('run-skill-open-helper')).toBeVisible();
  await expect(page.getByTestId('skill-card-quiet-helper').getByRole('button', { name: /^Run/ })).toHaveCount(
    0,
  );

  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await palette.getByRole('combobox').fill('helper');
  await expect(palette.getByRole('option', { name: /open-helper/ })).toBeVisible();
  await expect(palette.getByRole('option', { name: /quiet-helper/ })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // its appearance may change, but the hotkey field says why it takes no hotkey
  await page
    .getByTestId('skill-card-quiet-helper')
    .getByRole('button', { name: 'Edit appearance of quiet-helper' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Appearance of quiet-helper' });
  await expect(dialog.getByLabel('Hotkey')).toBeDisabled();
  await expect(dialog.getByTestId('hotkey-model-only')).toHaveText(
    'This skill is for models only (user-invocable: false in its SKILL.md): agents start it with the Skill tool, so it takes no hotkey.',
  );
  await page.keyboard.press('Escape');
  expect(problems).toEqual([]);
});
