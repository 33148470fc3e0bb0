// Settings › Hotkeys lists every skill's hotkey, as the skill cards show them, in both languages: the
// headless host registers none, so each is said to work in the desktop app — never "No skill has a hotkey".
import { expect, test, type Page } from '@playwright/test';
import { openDashboard, serveEachTest } from './helpers/serve';
import { watchForPageErrors } from './helpers/page-errors';

const served = serveEachTest('skilldeck-e2e-hotkeys-');
const { invoke } = served.api;

const openSettings = (page: Page) => openDashboard(page, served.host, '#/settings');

test('the hotkeys the skill cards show are listed in Settings, and follow an edit at once', async ({
  page,
}) => {
  const problems = watchForPageErrors(page);
  await invoke('meta:update', {
    skillId: 'translate',
    patch: { hotkey: { accelerator: 'Ctrl+Alt+T', display: 'Ctrl+Alt+T' } },
  });
  await invoke('meta:update', {
    skillId: 'polish',
    patch: { hotkey: { accelerator: 'Ctrl+Alt+P', display: 'Ctrl+Alt+P' }, enabled: false },
  });

  await openDashboard(page, served.host);
  await expect(page.getByTestId('skill-card-translate').locator('kbd.hotkey')).toHaveText('Ctrl+Alt+T');
  await page.getByRole('link', { name: 'Settings' }).click();

  const section = page.getByTestId('hotkeys-section');
  await expect(section.getByTestId('hotkeys-unavailable')).toContainText('Global hotkeys are not available');
  await expect(section).not.toContainText('No skill has a hotkey.');
  const translate = section.getByTestId('hotkey-translate');
  await expect(translate).toContainText('translate');
  await expect(translate.locator('kbd')).toHaveText('Ctrl+Alt+T');
  await expect(translate).toContainText('Desktop app only');
  const polish = section.getByTestId('hotkey-polish');
  await expect(polish.locator('kbd')).toHaveText('Ctrl+Alt+P');
  await expect(polish).toContainText('Skill turned off');
  // only skills with a hotkey are listed
  await expect(section.getByTestId('hotkey-explain')).toHaveCount(0);

  // a hotkey set elsewhere (another window, the CLI) shows without a reload
  await invoke('meta:update', {
    skillId: 'explain',
    patch: { hotkey: { accelerator: 'F9', display: 'F9' } },
  });
  await expect(section.getByTestId('hotkey-explain').locator('kbd')).toHaveText('F9');
  await invoke('meta:update', { skillId: 'translate', patch: { hotkey: null } });
  await expect(section.getByTestId('hotkey-translate')).toHaveCount(0);

  // 简体中文
  await page.getByLabel('Language', { exact: true }).selectOption('zh-CN');
  await expect(section.getByTestId('hotkey-explain')).toContainText('仅桌面应用');
  await expect(section.getByTestId('hotkey-polish')).toContainText('技能已停用');
  await expect(section).not.toContainText('没有技能设置了快捷键');
  expect(problems).toEqual([]);
});

test('with no hotkey at all, Settings says so', async ({ page }) => {
  await openSettings(page);
  const section = page.getByTestId('hotkeys-section');
  await expect(section).toContainText('No skill has a hotkey.');
  await expect(section.getByRole('table')).toHaveCount(0);
});
