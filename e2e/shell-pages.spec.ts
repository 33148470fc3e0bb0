import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { captureLine, cardLabels, describeCapture } from '../electron/main/windows/shell-words';
import type { CardMessage, CommandBarContext } from '../shared/ipc/shell';
import { createDesktopI18n } from '../electron/core/i18n/desktop-text';
import { watchForPageErrors } from './helpers/page-errors';

// The floating card's and the command bar's pages (electron/main/windows/pages) in Chromium, under their own CSP,
// with a stand-in for the preload bridge (the Electron window cannot start here): what the main process
// sends is rendered as text, in the language it names, and the buttons and keys reach the bridge.

const PAGES = path.resolve(import.meta.dirname, '..', 'electron', 'main', 'windows', 'pages');
const ORIGIN = 'http://skilldeck.test';

async function open(page: Page, name: 'card' | 'command-bar') {
  await page.route(`${ORIGIN}/**`, async (route) => {
    const file = path.join(PAGES, new URL(route.request().url()).pathname.slice(1));
    const type = file.endsWith('.html')
      ? 'text/html'
      : file.endsWith('.css')
        ? 'text/css'
        : 'text/javascript';
    await route.fulfill({ body: await fs.readFile(file), contentType: type });
  });
  // the preload's bridge: the page's callback is kept, its calls recorded
  await page.addInitScript(() => {
    const w = globalThis as unknown as Record<string, unknown> & {
      calls: unknown[];
      deliver?: (v: unknown) => void;
    };
    w.calls = [];
    const record = (name: string) => (arg?: unknown) =>
      void w.calls.push(arg === undefined ? name : [name, arg]);
    w.skilldeckCard = {
      onCard: (callback: (v: unknown) => void) => void (w.deliver = callback),
      copy: record('copy'),
      insert: record('insert'),
      pin: record('pin'),
      close: record('close'),
    };
    w.skilldeckCommandBar = {
      onContext: (callback: (v: unknown) => void) => void (w.deliver = callback),
      submit: record('submit'),
      cancel: record('cancel'),
    };
  });
  await page.goto(`${ORIGIN}/${name}.html`);
  return {
    deliver: (value: unknown) =>
      page.evaluate((v) => (globalThis as unknown as { deliver: (v: unknown) => void }).deliver(v), value),
    calls: () => page.evaluate(() => (globalThis as unknown as { calls: unknown[] }).calls),
  };
}

test('the floating card renders as text, in the language it is sent, and its buttons reach the bridge', async ({
  page,
}) => {
  const problems = watchForPageErrors(page);
  const card = await open(page, 'card');
  const i18n = createDesktopI18n('en');
  const message = (over: Partial<CardMessage> = {}): CardMessage => ({
    runId: 'r1',
    title: 'Translate',
    text: '<img src=x onerror=alert(1)> Bonjour',
    pending: false,
    error: null,
    pinned: false,
    notice: null,
    turns: [],
    can: { insert: true, continue: false, retry: false, memo: false },
    attempt: null,
    model: null,
    otherPasteKey: null,
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
  const bar = await open(page, 'command-bar');
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
