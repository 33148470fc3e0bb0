// Settings › Hotkeys › Launcher against `skilldeck serve`: the launcher's key is shown (the default), can
// be recorded, turned off and refused when a skill already has it, in English and 简体中文. The headless
// host keeps the key for the desktop app on the same data folder.
import { expect, test } from '@playwright/test';
import { openDashboard, serveEachTest } from './helpers/serve';
import { watchForPageErrors } from './helpers/page-errors';
import { SHOTS, shootSizesAndSchemes } from './helpers/shots';

const served = serveEachTest('skilldeck-e2e-launcher-');
const { invoke } = served.api;

test("the launcher's key: the default shown, a new one recorded, turned off, a skill's key refused", async ({
  page,
}) => {
  const problems = watchForPageErrors(page);
  await invoke('meta:update', {
    skillId: 'polish',
    patch: { hotkey: { accelerator: 'Ctrl+Alt+P', display: 'Ctrl+Alt+P' } },
  });
  await openDashboard(page, served.host, '#/settings');
  const field = page.getByTestId('launcher-key');
  const input = field.getByRole('textbox', { name: 'Launcher key' });
  await expect(input).toHaveValue('Ctrl+Alt+Space');
  // this host keeps the key for the desktop app (the recorder says hotkeys work there)
  await expect(field).toContainText('Global hotkeys work in the desktop app');
  await expect(field.getByTestId('launcher-key-state')).toHaveText('');
  await field.scrollIntoViewIfNeeded();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/settings-launcher-key-light.png` });

  await input.click();
  await page.keyboard.press('Control+Alt+KeyL');
  await expect(input).toHaveValue('Ctrl+Alt+L');
  await expect
    .poll(async () => (await invoke('hotkeys:status', undefined)).launcher?.accelerator)
    .toMatch(/^(CommandOrControl|Control)\+Alt\+L$/);

  // the key a skill has: refused, said next to the field; the launcher keeps its key
  await input.click();
  await page.keyboard.press('Control+Alt+KeyP');
  await expect(field.getByTestId('hotkey-conflict')).toContainText('already uses');
  expect((await invoke('hotkeys:status', undefined)).launcher?.accelerator).toMatch(/\+Alt\+L$/);

  await input.blur();
  await field.getByRole('button', { name: 'Clear' }).click();
  await expect(field.getByTestId('launcher-key-state')).toHaveText(
    'Off — no launcher key. Record a key to turn it on.',
  );
  expect((await invoke('hotkeys:status', undefined)).launcher).toMatchObject({
    accelerator: null,
    state: 'off',
  });

  await page.getByLabel('Language', { exact: true }).selectOption('zh-CN');
  await expect(field.getByRole('heading')).toHaveText('启动器');
  await expect(field.getByTestId('launcher-key-state')).toHaveText(
    '已关闭——没有启动器快捷键。录制一个按键即可开启。',
  );
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/settings-launcher-key-zh-CN.png` });
  expect(problems).toEqual([]);
});

test('a repeated press and the copy-key fallback: chosen in Settings › Hotkeys, kept by the host, in 简体中文 too', async ({
  page,
}) => {
  const problems = watchForPageErrors(page);
  await openDashboard(page, served.host, '#/settings');
  const fields = page.getByTestId('hotkey-behaviour');
  const ignore = fields.getByRole('radio', { name: /Does nothing/ });
  const stop = fields.getByRole('radio', { name: 'Stops the answer' });
  const copy = fields.getByRole('checkbox', { name: /Copy the selection with the copy key/ });
  await expect(ignore).toBeChecked();
  await expect(copy).toBeChecked();
  await expect(copy).toHaveAccessibleDescription(/Never in terminals/);

  await stop.check();
  await expect.poll(async () => (await invoke('hotkeys:behaviour', undefined)).repeatPress).toBe('cancel');
  await copy.uncheck();
  await expect
    .poll(async () => await invoke('hotkeys:behaviour', undefined))
    .toEqual({ repeatPress: 'cancel', copyFallback: false });

  // read again from the host: what the page shows is what is kept
  await page.reload();
  await expect(stop).toBeChecked();
  await expect(copy).not.toBeChecked();
  await fields.scrollIntoViewIfNeeded();
  await shootSizesAndSchemes(page, 'settings-hotkey-behaviour', fields);

  await page.getByLabel('Language', { exact: true }).selectOption('zh-CN');
  await expect(fields.getByRole('radio', { name: '停止回答' })).toBeChecked();
  await expect(fields.getByRole('checkbox', { name: /复制键/ })).not.toBeChecked();
  await fields.scrollIntoViewIfNeeded();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/settings-hotkey-behaviour-zh-CN.png` });
  expect(problems).toEqual([]);
});
