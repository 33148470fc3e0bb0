import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { startSkilldeckHost, type RunningHost } from './helpers/skilldeck-host';

// axe-core on every page of the dashboard, against the real host: no serious or critical violation.
const PAGES = [
  { hash: '#/skills', heading: 'Skills' },
  { hash: '#/runs', heading: 'Runs' },
  { hash: '#/memos', heading: 'Memos' },
  { hash: '#/permissions', heading: 'Permissions' },
  { hash: '#/settings', heading: 'Settings' },
] as const;

let host: RunningHost;
let dataDir: string;

test.beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'skilldeck-e2e-a11y-'));
  host = await startSkilldeckHost(dataDir);
});

test.afterAll(async () => {
  await host?.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
}

for (const { hash, heading } of PAGES) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`${heading} (${scheme}) has no serious or critical axe violation`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(`${host.url}${hash}`);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      // let the page's first load finish (lists, skeletons) before judging it
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
}
