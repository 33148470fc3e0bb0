import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { saveLikeAnEditor, skillMd } from './helpers/disk-edits';
import { watchForPageErrors } from './helpers/page-errors';
import { startSkilldeckHost, type RunningHost } from './helpers/skilldeck-host';

// Skill files edited on disk while the dashboard is open: the real host watches the folder given with
// --skills-dir and pushes skills:changed over its WebSocket; the page never reloads.

const hosts: RunningHost[] = [];
const temps: string[] = [];

async function tempDir(prefix: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  temps.push(dir);
  return dir;
}

async function openDashboard(page: Page, skillsDir: string) {
  const host = await startSkilldeckHost(await tempDir('skilldeck-e2e-data-'), { skillsDirs: [skillsDir] });
  hosts.push(host);
  await page.goto(host.url);
  // A marker that a full page load would wipe out.
  await page.evaluate(() => ((globalThis as unknown as { marker: string }).marker = 'same page'));
  return host;
}

const stillSamePage = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { marker?: string }).marker === 'same page');

const card = (page: Page, id: string) => page.getByTestId(`skill-card-${id}`);
const description = (page: Page, id: string) => page.getByTestId(`skill-description-${id}`);

// eslint-disable-next-line no-empty-pattern
test.afterEach(async ({}, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus) {
    for (const host of hosts) await testInfo.attach('skilldeck serve output', { body: host.output() });
  }
  for (const host of hosts.splice(0)) await host.stop();
});

test.afterAll(async () => {
  for (const dir of temps.splice(0)) await fs.rm(dir, { recursive: true, force: true });
});

test('an edit on disk shows at once; broken YAML shows its error on the card; fixed, it is back', async ({
  page,
}) => {
  const skillsDir = await tempDir('skilldeck-e2e-skills-');
  const file = path.join(skillsDir, 'haiku', 'SKILL.md');
  await fs.mkdir(path.dirname(file));
  await fs.writeFile(file, skillMd('haiku', 'Turn the selected text into a haiku.'));
  const problems = watchForPageErrors(page);
  await openDashboard(page, skillsDir);

  await expect(card(page, 'haiku')).toContainText('Folder');
  await expect(description(page, 'haiku')).toHaveText('Turn the selected text into a haiku.');

  await saveLikeAnEditor(file, skillMd('haiku', 'Three lines of five, seven and five syllables.'));
  await expect(description(page, 'haiku')).toHaveText('Three lines of five, seven and five syllables.');
  await page.screenshot({ path: 'e2e-artifacts/hot-reload-edited.png', fullPage: true });

  await saveLikeAnEditor(file, '---\nname: haiku\ndescription: "an unclosed quote\n---\nWrite a haiku.\n');
  const findings = card(page, 'haiku').getByRole('note', { name: 'Problems in haiku' });
  await expect(findings).toContainText('1 error');
  await expect(findings).toContainText(/line 3: YAML error at column \d+: a quoted value is never closed/);
  await expect(card(page, 'haiku')).toContainText('Not runnable');
  await page.screenshot({ path: 'e2e-artifacts/hot-reload-broken-yaml.png', fullPage: true });

  await saveLikeAnEditor(file, skillMd('haiku', 'Fixed, and a haiku again.'));
  await expect(description(page, 'haiku')).toHaveText('Fixed, and a haiku again.');
  await expect(findings).toHaveCount(0);
  await expect(card(page, 'haiku')).not.toContainText('Not runnable');
  await page.screenshot({ path: 'e2e-artifacts/hot-reload-fixed.png', fullPage: true });

  expect(await stillSamePage(page)).toBe(true);
  expect(problems).toEqual([]);
});

test('a skill folder created on disk appears, and disappears when deleted', async ({ page }) => {
  const skillsDir = await tempDir('skilldeck-e2e-skills-');
  const problems = watchForPageErrors(page);
  await openDashboard(page, skillsDir);
  await expect(card(page, 'translate')).toBeVisible();
  await expect(card(page, 'limerick')).toHaveCount(0);

  await fs.mkdir(path.join(skillsDir, 'limerick'));
  await saveLikeAnEditor(
    path.join(skillsDir, 'limerick', 'SKILL.md'),
    skillMd('limerick', 'Five lines, AABBA.'),
  );
  await expect(description(page, 'limerick')).toHaveText('Five lines, AABBA.');

  // Shadowing a built-in: the folder's translate wins, the built-in is listed apart.
  await fs.mkdir(path.join(skillsDir, 'translate'));
  await saveLikeAnEditor(
    path.join(skillsDir, 'translate', 'SKILL.md'),
    skillMd('translate', 'My own translate.'),
  );
  await expect(description(page, 'translate')).toHaveText('My own translate.');
  await expect(page.getByTestId('skill-shadowed-translate-builtin')).toContainText(
    'hidden by the folder skill',
  );
  await page.screenshot({ path: 'e2e-artifacts/hot-reload-shadowed.png', fullPage: true });

  await fs.rm(path.join(skillsDir, 'limerick'), { recursive: true });
  await expect(card(page, 'limerick')).toHaveCount(0);
  expect(await stillSamePage(page)).toBe(true);
  expect(problems).toEqual([]);
});
