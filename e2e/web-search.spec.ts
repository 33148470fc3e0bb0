// Settings › Web search against `skilldeck serve` and a local server answering as SearXNG does: choose
// the backend, give the instance's address, try a search, store and remove a Brave key (shown as set,
// never shown back), in English and 简体中文; and a host whose command line chose the backend says so.
// With SKILLDECK_SHOTS set, screenshots go there.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { startSearchServer, type SearchServer } from '../electron/core/testing/search-server';
import { hostApi } from './helpers/host-api';
import { watchForPageErrors } from './helpers/page-errors';
import { startSkilldeckHost, type RunningHost } from './helpers/skilldeck-host';

const SHOTS = process.env.SKILLDECK_SHOTS;
const KEY = 'BSA-e2e-secret-key-4242';

let search: SearchServer;
let host: RunningHost | null = null;
let dataDir: string | null = null;
const { invoke } = hostApi(() => host!.url);

test.beforeAll(async () => {
  search = await startSearchServer();
});
test.afterAll(() => search.close());
test.beforeEach(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'skilldeck-e2e-search-'));
  search.requests.length = 0;
});
// eslint-disable-next-line no-empty-pattern
test.afterEach(async ({}, testInfo) => {
  if (host && testInfo.status !== testInfo.expectedStatus)
    await testInfo.attach('skilldeck serve output', { body: host.output() });
  await host?.stop();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  host = dataDir = null;
});

async function openSettings(page: Page) {
  const url = new URL(host!.url);
  url.hash = '#/settings';
  await page.goto(url.toString());
  const section = page.getByTestId('web-search-section');
  await section.scrollIntoViewIfNeeded();
  return section;
}

async function shoot(page: Page, section: ReturnType<Page['getByTestId']>, name: string) {
  if (!SHOTS) return;
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

test('backend, SearXNG address, a trial search, a Brave key set and cleared without being shown; in 简体中文 too', async ({
  page,
}) => {
  host = await startSkilldeckHost(dataDir!);
  const problems = watchForPageErrors(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  const section = await openSettings(page);
  await expect(section.getByRole('heading', { name: 'Web search' })).toBeVisible();
  await expect(section.getByRole('radio', { name: /^DuckDuckGo/ })).toBeChecked();

  // SearXNG: the address field appears; a bad address is refused on the page, a good one kept
  await section.getByRole('radio', { name: /^SearXNG/ }).check();
  await expect.poll(async () => (await invoke('search:settings', undefined)).backend).toBe('searxng');
  const address = section.getByLabel('Instance address');
  await expect(section).toContainText('No address yet: searches fail until you give one.');
  await address.fill('searx.example.org');
  await section.getByRole('button', { name: 'Save address' }).click();
  await expect(section.getByRole('alert')).toHaveText(
    'Give an http(s) address without a user name or password, such as https://searx.example.org.',
  );
  await address.fill(search.searxngUrl);
  await address.press('Enter');
  await expect(section.getByText('Saved.')).toBeVisible();
  await expect
    .poll(async () => (await invoke('search:settings', undefined)).searxngUrl)
    .toBe(search.searxngUrl);

  // a trial search goes to the instance's JSON API and lists the first results
  await section.getByRole('button', { name: 'Try a search' }).click();
  const outcome = section.getByTestId('search-test');
  await expect(outcome).toContainText(/First 3 results from SearXNG in \d+ ms for “Skilldeck”:/);
  await expect(outcome.getByRole('listitem')).toHaveCount(3);
  await expect(outcome.getByRole('listitem').first()).toContainText('Welcome to Python.org');
  expect(search.requests.map((r) => [r.path, r.params['q'], r.params['format']])).toEqual([
    ['/searx/search', 'Skilldeck', 'json'],
  ]);
  await shoot(page, section, 'web-search-1440-light-searxng');

  // an instance with JSON turned off: said, with what to do
  search.script('searxng', { kind: 'status', status: 403 });
  await section.getByRole('button', { name: 'Try a search' }).click();
  await expect(outcome).toContainText('The search failed: the SearXNG instance at');
  await expect(outcome).toContainText('add json to search.formats in its settings.yml');
  await page.emulateMedia({ colorScheme: 'dark' });
  await shoot(page, section, 'web-search-1440-dark-searxng-error');
  await page.emulateMedia({ colorScheme: 'light' });

  // Brave: no key yet; a key typed is stored, shown only as set, the field emptied
  await section.getByRole('radio', { name: /^Brave Search API/ }).check();
  const keyState = section.getByTestId('brave-key-state');
  await expect(keyState).toHaveText('No key stored yet.');
  await section.getByRole('button', { name: 'Save key' }).click();
  await expect(section.getByRole('alert')).toHaveText('Type the key first.');
  const keyField = section.getByRole('textbox', { name: 'API key' });
  await expect(keyField).toHaveAttribute('type', 'password');
  await keyField.fill(KEY);
  await keyField.press('Enter');
  await expect(keyState).toHaveText('A key is stored. It is never shown: type a new one to replace it.');
  await expect(keyField).toHaveValue('');
  expect(await invoke('search:settings', undefined)).toMatchObject({ backend: 'brave', braveKeySet: true });
  expect(JSON.stringify(await invoke('search:settings', undefined))).not.toContain(KEY);
  // the page never gets the key back, even after a reload
  await page.reload();
  await section.scrollIntoViewIfNeeded();
  await expect(keyState).toHaveText(/A key is stored/);
  expect(await page.content()).not.toContain(KEY);
  await shoot(page, section, 'web-search-1440-light-brave');
  // the open key form and the trial's answer pass axe in both themes
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    const axe = await new AxeBuilder({ page }).include('[data-testid="web-search-section"]').analyze();
    expect(
      axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'dark' });
  await shoot(page, section, 'web-search-1440-dark-brave');
  await page.setViewportSize({ width: 800, height: 600 });
  await shoot(page, section, 'web-search-800-dark-brave');
  await page.emulateMedia({ colorScheme: 'light' });
  await shoot(page, section, 'web-search-800-light-brave');

  await section.getByRole('button', { name: 'Remove key' }).click();
  await expect(keyState).toHaveText('No key stored yet.');
  expect((await invoke('search:settings', undefined)).braveKeySet).toBe(false);
  await section.getByRole('button', { name: 'Try a search' }).click();
  await expect(outcome).toContainText(
    'The search failed: no Brave Search API key is stored — add it in Settings › Web search (or --search-key-env)',
  );

  // 简体中文: the same section, and the failure in its words
  await page.getByLabel('Language', { exact: true }).selectOption('zh-CN');
  await expect(section.getByRole('heading', { name: '网页搜索' })).toBeVisible();
  await expect(section.getByRole('radio', { name: /^Brave Search API/ })).toBeChecked();
  await section.getByRole('button', { name: '试搜一下' }).click();
  await expect(outcome).toContainText('搜索失败：尚未保存 Brave Search API 密钥');
  await shoot(page, section, 'web-search-800-zh-CN');
  await section.getByRole('radio', { name: /^SearXNG/ }).check();
  await page.setViewportSize({ width: 1440, height: 900 });
  await section.getByRole('button', { name: '试搜一下' }).click();
  await expect(outcome).toContainText(/SearXNG 在 \d+ 毫秒内为“Skilldeck”返回的前 3 条结果/);
  await shoot(page, section, 'web-search-1440-zh-CN');
  expect(problems).toEqual([]);
});

test('a host started with --search-backend / --search-url says so, and searches there', async ({ page }) => {
  host = await startSkilldeckHost(dataDir!, {
    args: ['--search-backend', 'searxng', '--search-url', search.searxngUrl],
  });
  // the line after the URL says which backend, and that it lasts until serve stops
  await expect
    .poll(() => host!.output())
    .toContain(`Web search: SearXNG at ${search.searxngUrl}, until serve stops.`);
  const problems = watchForPageErrors(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  const section = await openSettings(page);
  await expect(section.getByTestId('search-command-line')).toHaveText(
    `This host was started with --search-backend or --search-url: searches use SearXNG at ${search.searxngUrl} until it stops. What you choose here is kept for later.`,
  );
  // the stored choice is still DuckDuckGo; the trial search goes where the command line says
  await expect(section.getByRole('radio', { name: /^DuckDuckGo/ })).toBeChecked();
  await section.getByRole('button', { name: 'Try a search' }).click();
  await expect(section.getByTestId('search-test')).toContainText('results from SearXNG');
  expect(search.requests.map((r) => r.backend)).toEqual(['searxng']);
  await shoot(page, section, 'web-search-1440-light-command-line');
  expect(problems).toEqual([]);
});
