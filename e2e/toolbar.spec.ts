// The selection toolbar: its page (electron/main/windows/pages/toolbar.*) in Chromium under its own CSP
// with a stand-in for the preload bridge, at the window size the main process gives it; and Settings ›
// Selection toolbar against `skilldeck serve` (mode, modifier, pinned skills and their order by keyboard,
// buttons and drag, excluded apps), in English and 简体中文. With SKILLDECK_SHOTS set, screenshots go there.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { ToolbarView } from '../shared/ipc/shell';
import type { SkillSummary } from '../shared/types/skill';
import { createDesktopI18n } from '../electron/core/i18n/desktop-text';
import { toolbarSize, toolbarView } from '../electron/main/windows/toolbar-words';
import { hostApi } from './helpers/host-api';
import { watchForPageErrors } from './helpers/page-errors';
import { openShellPage } from './helpers/shell-page';
import { startSkilldeckHost, type RunningHost } from './helpers/skilldeck-host';

const SHOTS = process.env.SKILLDECK_SHOTS;
async function shoot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** A pinned skill as skills:list gives it (only what toolbarView reads matters). */
const summary = (id: string, name: string, emoji: string, hotkey?: string) =>
  ({
    id,
    name,
    shadowedBy: null,
    runnable: true,
    userInvocable: true,
    meta: { emoji, enabled: true, hotkey: hotkey ? { accelerator: hotkey, display: hotkey } : null },
  }) as unknown as SkillSummary;

function viewIn(lang: 'en' | 'zh-CN'): ToolbarView {
  const { t } = createDesktopI18n(lang);
  const skills =
    lang === 'en'
      ? [
          summary('polish', 'Polish', '✨', 'Ctrl+Alt+P'),
          summary('translate', 'Translate', '🌐'),
          summary('summarize', 'Summarize in three bullet points', '📝'),
        ]
      : [summary('polish', '润色', '✨', 'Ctrl+Alt+P'), summary('translate', '翻译成英文', '🌐')];
  return toolbarView(skills, ['polish', 'translate', 'summarize'], t);
}

test.describe('the selection toolbar page', () => {
  for (const [lang, scheme] of [
    ['en', 'light'],
    ['en', 'dark'],
    ['zh-CN', 'light'],
  ] as const) {
    test(`${lang}, ${scheme}: every button fits the window it is given and reaches the bridge without taking the focus`, async ({
      page,
    }) => {
      const problems = watchForPageErrors(page);
      const view = viewIn(lang);
      const size = toolbarSize(view);
      await page.setViewportSize(size);
      await page.emulateMedia({ colorScheme: scheme });
      const toolbar = await openShellPage(page, 'toolbar');
      await toolbar.deliver(view);

      const bar = page.getByRole('toolbar', { name: view.labels.toolbar });
      await expect(bar.getByRole('button')).toHaveCount(view.skills.length + 2);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      const first = bar.getByRole('button', { name: view.skills[0]!.name });
      await expect(first).toHaveAttribute('title', view.skills[0]!.hint);
      // the page says how wide its buttons are; at that width (what the main process makes the window)
      // every button is whole
      await expect.poll(async () => (await toolbar.calls()).length).toBe(1);
      const [[name, width]] = (await toolbar.calls()) as [[string, number]];
      expect(name).toBe('fit');
      expect(Math.abs(width - size.width)).toBeLessThan(size.width * 0.5); // the estimate is near
      await page.setViewportSize({ width, height: size.height });
      await toolbar.clear();
      const overflow = await page.evaluate(() => {
        const b = (
          globalThis as unknown as { document: { getElementById(id: string): { scrollWidth: number } } }
        ).document.getElementById('bar');
        return b.scrollWidth - (globalThis as unknown as { innerWidth: number }).innerWidth;
      });
      expect(overflow).toBeLessThanOrEqual(0);
      await shoot(page, `toolbar-${lang}-${scheme}`);

      await first.click();
      await bar.getByRole('button', { name: view.skills[1]!.name }).click();
      await bar.getByRole('button', { name: view.labels.copy }).click();
      await bar.getByRole('button', { name: view.labels.more }).click();
      expect((await toolbar.calls()).filter((c) => !(Array.isArray(c) && c[0] === 'fit'))).toEqual([
        ['run', 'polish'],
        ['run', 'translate'],
        'copy',
        'more',
      ]);
      // a press never moves the focus (the real window cannot take it at all)
      expect(
        await page.evaluate(
          () =>
            (globalThis as unknown as { document: { activeElement: { tagName: string } } }).document
              .activeElement.tagName,
        ),
      ).toBe('BODY');
      expect(problems).toEqual([]);
    });
  }

  test('nothing pinned: only "…" and Copy, no divider', async ({ page }) => {
    const view = toolbarView([], ['gone'], createDesktopI18n('en').t);
    await page.setViewportSize(toolbarSize(view));
    const toolbar = await openShellPage(page, 'toolbar');
    await toolbar.deliver(view);
    await expect(page.getByRole('toolbar').getByRole('button')).toHaveCount(2);
    await expect(page.locator('.divider')).toBeHidden();
  });
});

test.describe('Settings › Selection toolbar', () => {
  let host: RunningHost | null = null;
  let dataDir: string | null = null;
  const { invoke } = hostApi(() => host!.url);

  test.beforeEach(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'skilldeck-e2e-toolbar-'));
    host = await startSkilldeckHost(dataDir);
  });
  // eslint-disable-next-line no-empty-pattern
  test.afterEach(async ({}, testInfo) => {
    if (host && testInfo.status !== testInfo.expectedStatus)
      await testInfo.attach('skilldeck serve output', { body: host.output() });
    await host?.stop();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
    host = dataDir = null;
  });

  const pinned = async () => (await invoke('toolbar:settings', undefined)).pinned;

  test('mode, modifier, pinned skills in order (keyboard, arrows, drag), excluded apps; in 简体中文 too', async ({
    page,
  }) => {
    const problems = watchForPageErrors(page);
    await page.setViewportSize({ width: 1440, height: 900 });
    const url = new URL(host!.url);
    url.hash = '#/settings';
    await page.goto(url.toString());
    const section = page.getByTestId('toolbar-section');
    await expect(section.getByRole('heading', { name: 'Selection toolbar' })).toBeVisible();
    await expect(section.getByRole('radio', { name: 'Off' })).toBeChecked();
    await expect(section).toContainText('It appears in the desktop app');
    await expect(section).toContainText('No skills pinned yet');

    await section.getByRole('radio', { name: 'On every selection' }).check();
    await expect.poll(async () => (await invoke('toolbar:settings', undefined)).mode).toBe('selection');
    await section.getByRole('radio', { name: 'Only while a key is held' }).check();
    await section.getByLabel('Key to hold').selectOption('alt');
    await expect
      .poll(async () => invoke('toolbar:settings', undefined))
      .toMatchObject({ mode: 'modifier', modifier: 'alt' });
    // the launcher-key mode names the key
    await expect(section).toContainText('press the launcher key (Ctrl+Alt+Space)');

    const choose = section.getByRole('combobox', { name: 'Pin a skill…' });
    for (const id of ['translate', 'polish', 'summarize']) {
      await choose.selectOption(id);
      await section.getByRole('button', { name: 'Pin', exact: true }).click();
    }
    await expect.poll(pinned).toEqual(['translate', 'polish', 'summarize']);
    await expect(choose.locator('option', { hasText: 'polish' })).toHaveCount(0); // pinned: not offered again

    const rows = section.getByTestId('pinned-row');
    // keyboard: Alt+↑ on the second row moves it first, and the focus goes with it
    await rows.nth(1).focus();
    await page.keyboard.press('Alt+ArrowUp');
    await expect.poll(pinned).toEqual(['polish', 'translate', 'summarize']);
    await expect(rows.nth(0)).toBeFocused();
    await expect(rows.nth(0)).toHaveAttribute('aria-label', /polish, 1 of 3/i);
    await page.keyboard.press('Alt+ArrowDown');
    await expect.poll(pinned).toEqual(['translate', 'polish', 'summarize']);
    await expect(rows.nth(1)).toBeFocused();
    // the arrow buttons
    await section.getByRole('button', { name: /^Move summarize up$/i }).click();
    await expect.poll(pinned).toEqual(['translate', 'summarize', 'polish']);
    await expect(section.getByRole('button', { name: /^Move translate up$/i })).toBeDisabled();
    // drag the last row onto the first
    await rows.nth(2).dragTo(rows.nth(0));
    await expect.poll(pinned).toEqual(['polish', 'translate', 'summarize']);
    await expect(rows.first()).toContainText(/polish/i);
    if (SHOTS) {
      await section.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/settings-toolbar-1440-light.png` });
    }
    await section.getByRole('button', { name: /^Unpin translate$/i }).click();
    await expect.poll(pinned).toEqual(['polish', 'summarize']);

    // the list is the per-app rules' toolbar flag: names as the rules key them (lowercase, no .exe)
    const app = section.getByRole('textbox', { name: 'Application name' });
    await app.fill('KeePassXC');
    await section.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(section.getByTestId('excluded-app').locator('code')).toHaveText(['keepassxc']);
    await app.fill('KeePassXC.exe');
    await app.press('Enter');
    await expect(section.getByRole('alert')).toHaveText('KeePassXC.exe is already on the list.');
    await app.fill('gedit');
    await app.press('Enter');
    const excludedByRules = async () =>
      (await invoke('apps:list', undefined)).rules.filter((r) => r.toolbarExcluded).map((r) => r.app);
    await expect.poll(excludedByRules).toEqual(['gedit', 'keepassxc']);
    await section.getByRole('button', { name: 'Show the toolbar over keepassxc again' }).click();
    await expect(section.getByTestId('excluded-app').locator('code')).toHaveText(['gedit']);
    await expect.poll(excludedByRules).toEqual(['gedit']);
    // and Settings › Apps shows the same flag on gedit's rule
    await expect(page.getByTestId('app-rule-user').filter({ hasText: 'gedit' })).toContainText(/no toolbar/);

    // what another client changes shows here at once (the toolbar:changed event)
    await invoke('toolbar:update', { mode: 'off' });
    await expect(section.getByRole('radio', { name: 'Off' })).toBeChecked();

    await page.emulateMedia({ colorScheme: 'dark' });
    await section.scrollIntoViewIfNeeded();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/settings-toolbar-1440-dark.png` });
    await page.setViewportSize({ width: 800, height: 600 });
    await section.getByTestId('pinned-row').first().scrollIntoViewIfNeeded();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/settings-toolbar-800-dark.png` });
    await page.emulateMedia({ colorScheme: 'light' });
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/settings-toolbar-800-light.png` });

    await page.getByLabel('Language', { exact: true }).selectOption('zh-CN');
    await expect(section.getByRole('heading', { name: '划词工具栏' })).toBeVisible();
    await expect(section.getByRole('radio', { name: '关闭' })).toBeChecked();
    await expect(section.getByRole('button', { name: '取消固定 polish' })).toBeVisible();
    await section.getByTestId('pinned-row').first().scrollIntoViewIfNeeded();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/settings-toolbar-800-zh-CN.png` });
    await page.setViewportSize({ width: 1440, height: 900 });
    await section.scrollIntoViewIfNeeded();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/settings-toolbar-1440-zh-CN.png` });
    expect(problems).toEqual([]);
  });
});
