import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { checkContrast } from '../renderer/src/features/skills/appearance/contrast';
import { hostApi } from './helpers/host-api';
import { watchForPageErrors } from './helpers/page-errors';
import { startSkilldeckHost, type RunningHost } from './helpers/skilldeck-host';

// The appearance dialog against the real headless host (real core and SQLite in a temp folder), with
// the repo's skills/ folder as an extra skill folder: emoji search, color contrast, hotkey recording.
const SKILLS_DIR = path.resolve(import.meta.dirname, '../skills');

const hosts: RunningHost[] = [];
const dataDirs: string[] = [];

async function startHost(): Promise<RunningHost> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'skilldeck-e2e-appearance-'));
  dataDirs.push(dataDir);
  const host = await startSkilldeckHost(dataDir, { skillsDirs: [SKILLS_DIR] });
  hosts.push(host);
  return host;
}

// eslint-disable-next-line no-empty-pattern
test.afterEach(async ({}, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus) {
    for (const host of hosts) await testInfo.attach('skilldeck serve output', { body: host.output() });
  }
  for (const host of hosts.splice(0)) await host.stop();
});

test.afterAll(async () => {
  for (const dir of dataDirs.splice(0)) await fs.rm(dir, { recursive: true, force: true });
});

const card = (page: Page, id: string) => page.getByTestId(`skill-card-${id}`);
const tile = (page: Page, id: string) => page.getByTestId(`skill-emoji-${id}`);
/** Next to the run's other artifacts (`--output` moves them). */
const shot = (testInfo: TestInfo, name: string) =>
  path.join(testInfo.project.outputDir, `appearance-${name}.png`);

async function openDialog(page: Page, id: string) {
  // the deck draws only the cards on screen, and what is on screen moves once the page has loaded (the
  // first-run notice pushes the cards down at 800×600): find the card by its id, so it is at the top
  await page.getByRole('searchbox', { name: 'Search skills' }).fill(id);
  await card(page, id)
    .getByRole('button', { name: `Edit appearance of ${id}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Appearance of ${id}` });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Every `meta:update` answer the dashboard got, as raw WebSocket frames. */
function watchFrames(page: Page): string[] {
  const frames: string[] = [];
  page.on('websocket', (ws) => ws.on('framereceived', (f) => frames.push(String(f.payload))));
  return frames;
}

test('emoji by search, color by hex with its contrast, and a recorded hotkey survive a reload', async ({
  page,
}, testInfo) => {
  const host = await startHost();
  const problems = watchForPageErrors(page);
  await page.goto(host.url);
  await expect(tile(page, 'translate')).toHaveText('🌐');

  const dialog = await openDialog(page, 'translate');
  const search = dialog.getByLabel('Search emoji');
  const grid = dialog.getByRole('group', { name: 'Common emoji' });

  // English keyword: the globes, the one with meridians first
  await search.fill('globe');
  await expect(grid.getByRole('button').first()).toHaveAccessibleName('🌐 globe with meridians');
  await expect(grid.getByRole('button', { name: '🌍' })).toBeVisible();
  await grid.getByRole('button', { name: '🌍' }).click();
  await expect(grid.getByRole('button', { name: '🌍' })).toHaveAttribute('aria-pressed', 'true');
  await expect(dialog.getByLabel('Emoji', { exact: true })).toHaveValue('🌍');

  // Chinese keyword, then the keyboard: ↓ into the grid, → to the fourth globe, Enter picks it
  await search.fill('地球');
  await expect(grid.getByRole('button')).toHaveCount(4);
  await search.press('ArrowDown');
  await expect(grid.getByRole('button', { name: '🌐' })).toBeFocused();
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  await expect(grid.getByRole('button', { name: '🌏' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(grid.getByRole('button', { name: '🌏' })).toHaveAttribute('aria-pressed', 'true');
  await expect(dialog.getByLabel('Emoji', { exact: true })).toHaveValue('🌏');
  await expect(dialog).toBeVisible(); // Enter in the grid picks, it does not submit

  // nothing found: says so; the paste field takes any single emoji but not text
  await search.fill('zzqxj');
  await expect(dialog.getByText('No emoji matches “zzqxj”.', { exact: false })).toBeVisible();
  await dialog.getByLabel('Emoji', { exact: true }).fill('ab');
  await expect(dialog.getByText('Paste a single emoji, not text.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await dialog.getByLabel('Emoji', { exact: true }).fill('🌏');
  await search.fill('');

  // a color that fails AA with the white card text: the ratio, a warning and suggestions
  const contrast = dialog.getByTestId('contrast');
  await dialog.getByLabel('Hex color').fill('#059669');
  await expect(contrast).toContainText('Contrast of the card text (white) on this color: 3.76:1');
  await expect(contrast).toContainText('Low contrast');
  await expect(contrast).toContainText('Dark text would read well on it');
  await expect(contrast.getByRole('button', { name: 'Use Green (#047857)' })).toBeVisible();
  await expect(contrast.getByRole('button', { name: /Use a darker shade \(#[0-9a-f]{6}\)/ })).toBeVisible();
  await dialog.evaluate((d) => d.querySelector('[data-testid="contrast"]')?.scrollIntoView());
  await page.screenshot({ path: shot(testInfo, 'low-contrast') });

  // a passing one by hex
  await dialog.getByLabel('Hex color').fill('#0E7490');
  await expect(contrast).toContainText('5.35:1');
  await expect(contrast).toContainText('Readable (WCAG AA, at least 4.5:1).');
  await expect(contrast).toHaveAttribute('data-passes', 'true');

  // the hotkey: a key alone is refused, Esc cancels a recording without closing the dialog
  const recorder = dialog.getByLabel('Hotkey', { exact: true });
  await expect(recorder).toHaveValue('');
  await recorder.press('t');
  await expect(dialog.getByText('T needs a modifier', { exact: false })).toBeVisible();
  await recorder.press('Escape');
  await expect(dialog).toBeVisible();
  await expect(recorder).toHaveValue('');
  await recorder.click();
  await recorder.press('Control+Alt+T');
  await expect(recorder).toHaveValue('Ctrl+Alt+T');
  await expect(dialog.getByText('Global hotkeys work in the desktop app')).toBeVisible();
  await dialog.evaluate((d) => d.querySelector('.hotkey-recorder')?.scrollIntoView());
  await page.screenshot({ path: shot(testInfo, 'dialog') });

  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(tile(page, 'translate')).toHaveText('🌏');
  await expect(tile(page, 'translate')).toHaveCSS('background-color', 'rgb(14, 116, 144)');
  await expect(card(page, 'translate').locator('kbd.hotkey')).toHaveText('Ctrl+Alt+T');

  await page.reload();
  await expect(tile(page, 'translate')).toHaveText('🌏');
  await expect(tile(page, 'translate')).toHaveCSS('background-color', 'rgb(14, 116, 144)');
  await expect(card(page, 'translate').locator('kbd.hotkey')).toHaveText('Ctrl+Alt+T');
  const again = await openDialog(page, 'translate');
  await expect(again.getByLabel('Hex color')).toHaveValue('#0e7490');
  await expect(again.getByLabel('Hotkey', { exact: true })).toHaveValue('Ctrl+Alt+T');
  await expect(again.getByRole('button', { name: '🌏' })).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Escape');
  await expect(again).toBeHidden();

  expect(problems).toEqual([]);
});

test('a hotkey another skill has is refused with its name, and clearing it frees it', async ({
  page,
}, testInfo) => {
  const host = await startHost();
  const problems = watchForPageErrors(page);
  const frames = watchFrames(page);
  await page.goto(host.url);

  const translate = await openDialog(page, 'translate');
  await translate.getByLabel('Hotkey', { exact: true }).press('Control+Alt+T');
  await translate.getByRole('button', { name: 'Save' }).click();
  await expect(translate).toBeHidden();
  await expect(card(page, 'translate').locator('kbd.hotkey')).toHaveText('Ctrl+Alt+T');

  // polish: a new emoji and translate's hotkey: nothing of it is saved
  const polish = await openDialog(page, 'polish');
  await polish.getByLabel('Emoji', { exact: true }).fill('🚀');
  const recorder = polish.getByLabel('Hotkey', { exact: true });
  await recorder.press('Control+Alt+T');
  await expect(recorder).toHaveValue('Ctrl+Alt+T');
  const conflict = polish.getByTestId('hotkey-conflict');
  await expect(conflict).toHaveText(
    'Ctrl+Alt+T is already the hotkey of translate: clear it there first or pick another.',
  );
  await expect(recorder).toHaveAttribute('aria-invalid', 'true');
  await polish.getByRole('button', { name: 'Save' }).click();
  // the host said CONFLICT too, and the dialog stays open with the message next to the recorder
  await expect.poll(() => frames.some((f) => f.includes('"CONFLICT"') && f.includes('translate'))).toBe(true);
  await expect(polish).toBeVisible();
  await expect(conflict).toContainText('translate');
  await expect(polish.getByRole('alert').filter({ hasText: 'Could not save' })).toHaveCount(0);
  await polish.evaluate((d) => d.querySelector('.hotkey-recorder')?.scrollIntoView());
  await page.screenshot({ path: shot(testInfo, 'conflict') });
  await polish.getByRole('button', { name: 'Cancel' }).click();
  await expect(polish).toBeHidden();
  await expect(tile(page, 'polish')).toHaveText('✨');
  await expect(card(page, 'polish')).toContainText('No hotkey');

  // clear translate's with Backspace in the recorder
  const again = await openDialog(page, 'translate');
  const translateRecorder = again.getByLabel('Hotkey', { exact: true });
  await translateRecorder.focus();
  await translateRecorder.press('Backspace');
  await expect(translateRecorder).toHaveValue('');
  await expect(again.getByRole('button', { name: 'Clear hotkey' })).toBeDisabled();
  await again.getByRole('button', { name: 'Save' }).click();
  await expect(again).toBeHidden();
  await expect(card(page, 'translate')).toContainText('No hotkey');

  // now polish may have it; and explain gets F9 alone (F-keys need no modifier)
  const polishAgain = await openDialog(page, 'polish');
  await polishAgain.getByLabel('Hotkey', { exact: true }).press('Control+Alt+T');
  await expect(polishAgain.getByTestId('hotkey-conflict')).toHaveCount(0);
  await polishAgain.getByRole('button', { name: 'Save' }).click();
  await expect(polishAgain).toBeHidden();
  await expect(card(page, 'polish').locator('kbd.hotkey')).toHaveText('Ctrl+Alt+T');

  const explain = await openDialog(page, 'explain');
  await explain.getByLabel('Hotkey', { exact: true }).press('F9');
  await expect(explain.getByLabel('Hotkey', { exact: true })).toHaveValue('F9');
  await explain.getByRole('button', { name: 'Save' }).click();
  await expect(explain).toBeHidden();

  // and the Clear button
  const polishClear = await openDialog(page, 'polish');
  await polishClear.getByRole('button', { name: 'Clear hotkey' }).click();
  await expect(polishClear.getByLabel('Hotkey', { exact: true })).toHaveValue('');
  await polishClear.getByRole('button', { name: 'Save' }).click();
  await expect(polishClear).toBeHidden();

  await page.reload();
  await expect(card(page, 'translate')).toContainText('No hotkey');
  await expect(card(page, 'polish')).toContainText('No hotkey');
  await expect(card(page, 'explain').locator('kbd.hotkey')).toHaveText('F9');
  expect(problems).toEqual([]);
});

test('in Chinese: labels, a Chinese search, and the dialog in dark mode', async ({ page }, testInfo) => {
  const host = await startHost();
  const problems = watchForPageErrors(page);
  await page.addInitScript("localStorage.setItem('skilldeck.language', 'zh-CN')");
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto(host.url);

  await card(page, 'summarize').getByRole('button', { name: '编辑', exact: false }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('搜索表情符号').fill('火箭');
  const rocket = dialog.getByRole('button', { name: '🚀 火箭' });
  await expect(rocket).toBeVisible();
  await rocket.click();
  await dialog.getByLabel('十六进制颜色').fill('#ea580c');
  await expect(dialog.getByTestId('contrast')).toContainText('3.55:1');
  await expect(dialog.getByTestId('contrast')).toContainText('对比度低');
  await page.screenshot({ path: shot(testInfo, 'zh-dark') });
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toBeHidden();
  await expect(tile(page, 'summarize')).toHaveText('🚀');
  expect(problems).toEqual([]);
});

test('the built-ins and new skills get a color that passes the contrast check the dialog enforces', async ({
  page,
}) => {
  const host = await startHost();
  const { invoke } = hostApi(() => host.url);
  // a new skill's color is a stable pick from the palette by its id: enough ids to meet every one
  for (let i = 0; i < 24; i++) await invoke('skills:create', { skillId: `fresh-${i}`, template: 'prompt' });
  const skills = await invoke('skills:list', undefined);
  const failing = skills
    .filter((s) => !checkContrast(s.meta.color).passes)
    .map((s) => `${s.id} ${s.meta.color}`);
  expect(failing).toEqual([]);

  await page.goto(host.url);
  const dialog = await openDialog(page, 'explain');
  await expect(dialog.getByTestId('contrast')).toHaveAttribute('data-passes', 'true');
  await expect(dialog.getByTestId('contrast')).toContainText('Readable');
});

for (const viewport of [
  { width: 800, height: 600 },
  { width: 1440, height: 900 },
])
  test(`a hotkey conflict is shown inside the dialog's view at ${viewport.width}×${viewport.height}`, async ({
    page,
  }) => {
    const host = await startHost();
    const { invoke } = hostApi(() => host.url);
    await invoke('meta:update', {
      skillId: 'translate',
      patch: { hotkey: { accelerator: 'CommandOrControl+Alt+T', display: 'Ctrl+Alt+T' } },
    });
    await page.setViewportSize(viewport);
    await page.goto(host.url);
    const dialog = await openDialog(page, 'polish');
    const recorder = dialog.getByLabel('Hotkey', { exact: true });
    await recorder.press('Control+Alt+T');
    const conflict = dialog.getByTestId('hotkey-conflict');
    await expect(conflict).toContainText('already the hotkey of translate');

    // the whole message lies within the dialog's scrolling body and within the window
    const inView = async () => {
      const box = await conflict.boundingBox();
      const body = await dialog.locator('.appearance-body').boundingBox();
      if (!box || !body) return false;
      return (
        box.y >= body.y &&
        box.y + box.height <= body.y + body.height + 0.5 &&
        box.y + box.height <= viewport.height
      );
    };
    await expect.poll(inView).toBe(true);
    // and after the host's own CONFLICT answer to Save
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeVisible();
    await expect.poll(inView).toBe(true);
  });
