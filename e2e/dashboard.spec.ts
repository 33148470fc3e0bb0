import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startSkilldeckHost, type RunningHost } from './helpers/skilldeck-host';
import { watchForPageErrors } from './helpers/page-errors';

// The real headless host (real core, real SQLite in a temp folder), driven through the built dashboard.
const BUILTIN = [
  'translate',
  'polish',
  'explain',
  'summarize',
  'memo',
  'reply-email',
  'code-review',
  'video-script',
];

const hosts: RunningHost[] = [];
const dataDirs: string[] = [];

async function freshDataDir(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'skilldeck-e2e-'));
  dataDirs.push(dir);
  return dir;
}

async function startHost(dataDir: string): Promise<RunningHost> {
  const host = await startSkilldeckHost(dataDir);
  hosts.push(host);
  return host;
}

async function stopHost(host: RunningHost) {
  await host.stop();
  hosts.splice(hosts.indexOf(host), 1);
}

const card = (page: Page, id: string) => page.getByTestId(`skill-card-${id}`);
const tile = (page: Page, id: string) => page.getByTestId(`skill-emoji-${id}`);

// Playwright reads fixtures from the destructuring pattern, so "no fixtures" must be spelled `{}`.
// eslint-disable-next-line no-empty-pattern
test.afterEach(async ({}, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus) {
    for (const host of hosts) await testInfo.attach('skilldeck serve output', { body: host.output() });
  }
  // Each test starts its own host: stop them now, not at the end of the file.
  for (const host of hosts.splice(0)) await host.stop();
});

test.afterAll(async () => {
  for (const host of hosts.splice(0)) await host.stop();
  for (const dir of dataDirs.splice(0)) await fs.rm(dir, { recursive: true, force: true });
});

test('lists the built-in skills, and an appearance edit survives a reload and a host restart', async ({
  page,
}) => {
  const dataDir = await freshDataDir();
  const first = await startHost(dataDir);
  const problems = watchForPageErrors(page);

  await page.goto(first.url);
  for (const id of BUILTIN) await expect(card(page, id)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Skills' })).toBeVisible();
  await expect(tile(page, 'translate')).toHaveText('🌐');
  await expect(tile(page, 'translate')).toHaveCSS('background-color', 'rgb(37, 99, 235)');
  await expect(card(page, 'translate')).toContainText('Built-in');
  // The token moved out of the address bar into sessionStorage.
  expect(new URL(page.url()).searchParams.has('token')).toBe(false);
  await page.screenshot({ path: 'e2e-artifacts/dashboard-skills.png', fullPage: true });

  await page.getByRole('button', { name: 'Edit appearance of translate' }).click();
  const dialog = page.getByRole('dialog', { name: 'Appearance of translate' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Emoji', { exact: true })).toBeFocused();
  await dialog.getByLabel('Emoji', { exact: true }).fill('🦜');
  await dialog.getByRole('button', { name: 'Green #047857' }).click();
  await expect(dialog.getByLabel('Hex color')).toHaveValue('#047857');
  await dialog.getByLabel('Hex color').fill('#0E7490');
  await page.screenshot({ path: 'e2e-artifacts/dashboard-appearance-dialog.png' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  await expect(tile(page, 'translate')).toHaveText('🦜');
  await expect(tile(page, 'translate')).toHaveCSS('background-color', 'rgb(14, 116, 144)');
  await expect(tile(page, 'polish')).toHaveText('✨'); // the others keep their look

  await page.reload();
  await expect(tile(page, 'translate')).toHaveText('🦜');
  await expect(tile(page, 'translate')).toHaveCSS('background-color', 'rgb(14, 116, 144)');

  expect(problems).toEqual([]);

  await stopHost(first);
  await expect(
    page.getByRole('status').filter({ hasText: 'Lost the connection to the Skilldeck host.' }),
  ).toBeVisible();
  await expect(page.getByRole('complementary')).toContainText('Connecting…');
  await page.screenshot({ path: 'e2e-artifacts/dashboard-host-down.png' });

  const second = await startHost(dataDir);
  expect(second.url).not.toBe(first.url);
  const problemsAfterRestart = watchForPageErrors(page);
  await page.goto(second.url);
  await expect(tile(page, 'translate')).toHaveText('🦜');
  await expect(tile(page, 'translate')).toHaveCSS('background-color', 'rgb(14, 116, 144)');
  await expect(tile(page, 'summarize')).toHaveText('📝');
  await page.screenshot({ path: 'e2e-artifacts/dashboard-after-restart.png', fullPage: true });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: 'e2e-artifacts/dashboard-dark.png', fullPage: true });

  // the old page may still try the stopped host once before the navigation lands: expected, not a problem
  const oldHost = new URL(first.url).host;
  expect(problemsAfterRestart.filter((p) => !p.includes(`ws://${oldHost}/`))).toEqual([]);
});

test('the appearance dialog works from the keyboard and refuses a malformed color', async ({ page }) => {
  const host = await startHost(await freshDataDir());
  const problems = watchForPageErrors(page);
  await page.goto(host.url);

  const edit = page.getByRole('button', { name: 'Edit appearance of polish' });
  await edit.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Appearance of polish' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Emoji', { exact: true })).toBeFocused();

  await dialog.getByLabel('Hex color').fill('#12345');
  await expect(dialog.getByText('A color is #rrggbb, e.g. #2563eb.')).toBeVisible();
  await expect(dialog.getByLabel('Hex color')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await page.screenshot({ path: 'e2e-artifacts/dashboard-invalid-color.png' });

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(edit).toBeFocused();
  await expect(tile(page, 'polish')).toHaveCSS('background-color', 'rgb(147, 51, 234)');

  // Keyboard only: open, pick an emoji from the grid, save with Enter in the text field.
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: '🚀' }).focus();
  await page.keyboard.press('Space');
  await expect(dialog.getByRole('button', { name: '🚀' })).toHaveAttribute('aria-pressed', 'true');
  await dialog.getByLabel('Emoji', { exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(edit).toBeFocused();
  await expect(tile(page, 'polish')).toHaveText('🚀');

  expect(problems).toEqual([]);
});

test('shows the message of a refused save in the dialog', async ({ page }) => {
  const dataDir = await freshDataDir();
  const skillDir = path.join(dataDir, 'skills', 'haiku');
  await fs.mkdir(skillDir, { recursive: true });
  await fs.writeFile(
    path.join(skillDir, 'SKILL.md'),
    '---\nname: haiku\ndescription: Turn the selected text into a haiku.\n---\nWrite a haiku.\n',
  );
  const host = await startHost(dataDir);
  await page.goto(host.url);
  await expect(card(page, 'haiku')).toContainText('Yours');

  await page.getByRole('button', { name: 'Edit appearance of haiku' }).click();
  const dialog = page.getByRole('dialog', { name: 'Appearance of haiku' });
  await dialog.getByLabel('Emoji', { exact: true }).fill('🌸');
  // The skill disappears between opening the dialog and saving: the host answers NOT_FOUND.
  await fs.rm(skillDir, { recursive: true });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Could not save: no skill "haiku" in any skill folder');
  await expect(dialog).toBeVisible();
  await page.screenshot({ path: 'e2e-artifacts/dashboard-save-error.png' });
});

test('the sidebar moves focus to each section, and Settings says where it runs', async ({ page }) => {
  const host = await startHost(await freshDataDir());
  await page.goto(host.url);
  await expect(card(page, 'memo')).toBeVisible();

  for (const name of ['Runs', 'Memos', 'Settings']) {
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeFocused();
    await expect(page.getByRole('link', { name })).toHaveAttribute('aria-current', 'page');
    await expect(page).toHaveTitle(`${name} · Skilldeck`);
  }
  await expect(page.getByRole('main')).toContainText('AI providers');
  await expect(page.getByRole('main')).toContainText('Headless host (skilldeck serve)');
  await page.screenshot({ path: 'e2e-artifacts/dashboard-settings.png', fullPage: true });
});

test('a page opened without its token says where to find it', async ({ page }) => {
  const host = await startHost(await freshDataDir());
  const problems = watchForPageErrors(page);
  const origin = new URL(host.url).origin;

  await page.goto(`${origin}/`);
  await expect(page.getByTestId('token-missing')).toBeVisible();
  await expect(page.getByTestId('token-missing')).toContainText(
    'Open the URL printed by skilldeck serve, it carries the access token.',
  );
  await expect(page.getByTestId('skill-card-translate')).toHaveCount(0);
  await page.screenshot({ path: 'e2e-artifacts/dashboard-token-missing.png' });
  expect(problems).toEqual([]);
});

test('a deck of 300 skills renders the rows on screen only; Tab walks on, and the focused card stays', async ({
  page,
}) => {
  const dataDir = await freshDataDir();
  const many = path.join(dataDir, 'many');
  for (let i = 0; i < 300; i++) {
    const id = `skill-${String(i).padStart(3, '0')}`;
    await fs.mkdir(path.join(many, id), { recursive: true });
    await fs.writeFile(
      path.join(many, id, 'SKILL.md'),
      `---\nname: ${id}\ndescription: Generated skill number ${i}.\n---\nDo thing ${i}.\n`,
    );
  }
  const host = await startSkilldeckHost(dataDir, { skillsDirs: [many] });
  hosts.push(host);
  const problems = watchForPageErrors(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(host.url);

  const deck = page.getByRole('list', { name: 'Skills', exact: true });
  await expect(deck.getByRole('article').first()).toBeVisible();
  await expect(deck.getByRole('listitem').first()).toHaveAttribute('aria-setsize', '309');
  expect(await deck.getByRole('article').count()).toBeLessThan(40);

  // Tab from the search box into the cards and far past the rows first rendered
  await page.getByRole('searchbox', { name: 'Search skills' }).focus();
  const focusedPosition = () =>
    page.evaluate(() => {
      const doc = (globalThis as unknown as { document: { activeElement: { closest(s: string): unknown } } })
        .document;
      const item = doc.activeElement.closest('li[aria-posinset]') as {
        getAttribute(n: string): string;
      } | null;
      return item ? Number(item.getAttribute('aria-posinset')) : 0;
    });
  // five stops a card (Run, look, Edit, …, the switch): into the middle of a card past the 30th
  for (let i = 0; i < 187; i++) await page.keyboard.press('Tab');
  const position = await focusedPosition();
  expect(position).toBeGreaterThan(30);
  expect(await deck.getByRole('article').count()).toBeLessThan(40);

  // scrolled far away, the focused card is still there (and keeps the focus)
  await page.evaluate(() =>
    (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 0),
  );
  await expect(card(page, 'skill-000')).toBeVisible();
  expect(await focusedPosition()).toBe(position);
  await page.keyboard.press('Tab');
  expect(await focusedPosition()).toBeGreaterThanOrEqual(position);

  // search applies before the virtualization: the status counts the whole deck
  await page.getByRole('searchbox', { name: 'Search skills' }).fill('number 299');
  await expect(page.getByText('Showing 1 of 309 skills')).toBeVisible();
  await expect(deck.getByRole('article')).toHaveCount(1);
  expect(problems).toEqual([]);
});
