import { expect, test } from '@playwright/test';
import {
  blankCardView,
  captureLine,
  cardLabels,
  describeCapture,
} from '../electron/main/windows/shell-words';
import type { CardMessage, CommandBarContext } from '../shared/ipc/shell';
import { createDesktopI18n, englishText } from '../electron/core/i18n/desktop-text';
import { watchForPageErrors } from './helpers/page-errors';
import { openShellPage } from './helpers/shell-page';

// The floating card's and the command bar's pages (electron/main/windows/pages) in Chromium, under their own CSP,
// with a stand-in for the preload bridge (the Electron window cannot start here; e2e/helpers/shell-page.ts):
// what the main process sends is rendered as text, in the language it names, and the buttons and keys
// reach the bridge.

test('the floating card renders as text, in the language it is sent, and its buttons reach the bridge', async ({
  page,
}) => {
  const problems = watchForPageErrors(page);
  const card = await openShellPage(page, 'card');
  const i18n = createDesktopI18n('en');
  const message = (over: Partial<CardMessage> = {}): CardMessage => ({
    ...blankCardView('r1'),
    title: 'Translate',
    text: '<img src=x onerror=alert(1)> Bonjour',
    pending: false,
    labels: cardLabels(i18n.t),
    ...over,
  });
  await card.deliver(message());
  await expect(page.locator('#text')).toHaveText('<img src=x onerror=alert(1)> Bonjour'); // text, never HTML
  await expect(page.locator('#text img')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Copy' })).toHaveAttribute(
    'title',
    'Copy to the clipboard (Ctrl+C)',
  );
  await expect(page).toHaveTitle('Skilldeck: Translate');

  await page.getByRole('button', { name: 'Copy' }).click();
  await page.getByRole('button', { name: 'Insert' }).click();
  await page.getByRole('button', { name: 'Pin' }).click();
  await page.getByRole('button', { name: 'Close' }).click();
  expect(await card.calls()).toEqual(['copy', 'insert', 'pin', 'close']);

  // the dashboard switched to 简体中文: the next message relabels the buttons and the page's language
  i18n.setLanguage('zh-CN');
  await card.deliver(message({ pinned: true, notice: i18n.t('card.copied') }));
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  for (const name of ['复制', '插入', '已固定', '关闭'])
    await expect(page.getByRole('button', { name })).toBeVisible();
  await expect(page.getByRole('button', { name: '已固定' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: '关闭' })).toHaveAttribute('title', '关闭（Esc）');
  await expect(page.locator('#notice')).toHaveText('已复制到剪贴板');
  // still streaming: Insert waits for the end
  await card.deliver(message({ pending: true, text: '' }));
  await expect(page.getByRole('button', { name: '插入' })).toBeDisabled();
  await page.screenshot({ path: test.info().outputPath('card-zh-CN.png') });
  expect(problems).toEqual([]);
});

test('the command bar shows what was captured in the language it is sent; Enter submits, Esc cancels', async ({
  page,
}) => {
  const problems = watchForPageErrors(page);
  const bar = await openShellPage(page, 'command-bar');
  const zh = createDesktopI18n('zh-CN');
  const captured = describeCapture({ text: 'the <b>selected</b> text', method: 'primary' });
  const context: CommandBarContext = {
    title: 'Translate',
    placeholder: zh.t('commandBar.withSelection'),
    captured,
    labels: {
      lang: 'zh-CN',
      instruction: zh.t('commandBar.instruction'),
      captured: captureLine(captured, zh.t),
    },
  };
  await bar.deliver(context);
  const input = page.getByRole('textbox', { name: '指令' });
  await expect(input).toBeFocused();
  await expect(input).toHaveAttribute('placeholder', '要对选中的内容做什么？');
  await expect(page.locator('#captured')).toHaveText(
    '来自选区（PRIMARY），24 个字符：“the <b>selected</b> text”',
  );
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await page.screenshot({ path: test.info().outputPath('command-bar-zh-CN.png') });

  await page.keyboard.type('into French');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  expect(await bar.calls()).toEqual([['submit', 'into French'], 'cancel']);
  expect(problems).toEqual([]);
});

test("the command bar shows a link's instruction in the field to confirm, and what Enter and Esc do", async ({
  page,
}) => {
  const problems = watchForPageErrors(page);
  await page.setViewportSize({ width: 620, height: 160 }); // the bar's size with the extra line
  const bar = await openShellPage(page, 'command-bar');
  const zh = createDesktopI18n('zh-CN');
  const captured = describeCapture({ text: '', method: 'none' });
  for (const [t, lang] of [
    [englishText, 'en'],
    [zh.t, 'zh-CN'],
  ] as const) {
    await page.emulateMedia({ colorScheme: lang === 'en' ? 'light' : 'dark' });
    const confirm = t('commandBar.linkConfirm', { name: 'Polish' });
    await bar.deliver({
      title: 'Polish',
      placeholder: confirm,
      captured,
      labels: { lang, instruction: t('commandBar.instruction'), captured: captureLine(captured, t) },
      initial: 'make it shorter and friendlier',
    } satisfies CommandBarContext);
    const input = page.getByRole('textbox', { name: t('commandBar.instruction') });
    await expect(input).toHaveValue('make it shorter and friendlier');
    await expect(input).toBeFocused();
    await expect(page.locator('#hints')).toHaveText(confirm);
    await expect(page.locator('#hints')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`command-bar-link-${lang}.png`) });
  }
  await page.keyboard.press('End');
  await page.keyboard.type(', please');
  await page.keyboard.press('Enter');
  expect(await bar.calls()).toEqual([['submit', 'make it shorter and friendlier, please']]);
  expect(problems).toEqual([]);
});
