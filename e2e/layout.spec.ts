import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startLlmServer, type LlmServer } from '../electron/core/testing/llm-server';
import { hostApi } from './helpers/host-api';
import { watchForPageErrors } from './helpers/page-errors';
import { startSkilldeckHost, type RunningHost } from './helpers/skilldeck-host';

// The dashboard's layout, measured in Chromium at the sizes the screenshots were taken at
// (800×600 and 1440×900), against the real headless host with a long-named skill, a workflow run and
// memos: nothing scrolls sideways, boxes line up, nothing needed is pushed out of view.

const REPO_SKILLS = path.resolve(import.meta.dirname, '../skills');
/** 62 characters: within the spec's 64, far more than a card's width. */
const LONG = 'summarize-meeting-notes-into-action-items-with-owners-and-dates';
const SMALL = { width: 800, height: 600 };
const LARGE = { width: 1440, height: 900 };

let llm: LlmServer;
let host: RunningHost;
const { invoke, settled, useLocalModel } = hostApi(() => host.url);
let root: string;
let workflowRun: string;

test.beforeAll(async () => {
  llm = await startLlmServer();
  llm.setResponder(() => ({ text: 'A short answer.' }));
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'skilldeck-layout-e2e-'));
  const skills = path.join(root, 'skills');
  fs.mkdirSync(path.join(skills, LONG), { recursive: true });
  fs.writeFileSync(
    path.join(skills, LONG, 'SKILL.md'),
    [
      '---',
      `name: ${LONG}`,
      'description: Turns a meeting transcript into a list of action items.',
      'metadata:',
      '  skilldeck:',
      '    config:',
      '      language: English',
      '      format: bullet list',
      '---',
      'Write the action items in {{config.language}} as a {{config.format}}.',
      '',
    ].join('\n'),
  );
  host = await startSkilldeckHost(path.join(root, 'data'), { skillsDirs: [skills, REPO_SKILLS] });
  await useLocalModel(llm.url);
  for (const input of [
    'Buy oat milk 燕麦奶',
    'Meeting notes: release on Friday\nSecond line: check the copy',
  ])
    expect((await settled((await invoke('runs:start', { skillId: 'memo', input })).runId)).status).toBe(
      'succeeded',
    );
  // a saved rule with a long command, for the Permissions page's table
  await invoke('permissions:grant', {
    skillId: LONG,
    list: 'allow',
    rule: 'Bash(git log --oneline --decorate --graph --all --date=iso-strict --format=%H%x09%an%x09%s:*)',
  });
  workflowRun = (await invoke('runs:start', { skillId: 'video-script', input: 'Why cats purr' })).runId!;
  expect((await settled(workflowRun)).status).toBe('succeeded');
});

test.afterAll(async () => {
  await host?.stop();
  await llm?.close();
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

// eslint-disable-next-line no-empty-pattern
test.afterEach(async ({}, testInfo) => {
  if (host && testInfo.status !== testInfo.expectedStatus)
    await testInfo.attach('skilldeck serve output', { body: host.output() });
});

const go = (page: Page, hash: string) => page.goto(`${host.url}${hash}`);

/** How far the page scrolls sideways (0 when it does not). */
const sideways = (page: Page) =>
  page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');

/** Each screen, opened the way a user gets there, and a sign that it has rendered. */
const SCREENS: Record<string, (page: Page) => Promise<void>> = {
  'skills (grid)': async (page) => {
    await go(page, '#/skills');
    await expect(page.locator('[data-testid^="skill-card-"]').first()).toBeVisible();
  },
  'skills (list)': async (page) => {
    await go(page, '#/skills');
    await page.locator('.deck-view-button').nth(1).click(); // List
    await expect(page.locator('.skill-grid[data-view="list"]')).toBeVisible();
  },
  'runs, a long skill name chosen': async (page) => {
    await go(page, '#/runs');
    await page.locator('form select').first().selectOption(LONG);
  },
  'an open workflow run': async (page) => {
    await go(page, '#/runs');
    await page
      .getByRole('button', { name: new RegExp(workflowRun) })
      .first()
      .click();
    await expect(page.getByTestId('workflow-dag').locator('[data-dag-node]')).toHaveCount(4);
  },
  'an open memo': async (page) => {
    await go(page, '#/memos');
    await page.locator('[data-testid^="memo-"]').first().click();
    await expect(page.getByTestId('memo-view')).toBeVisible();
  },
  permissions: async (page) => {
    await go(page, '#/permissions');
    await expect(page.locator('h1')).toBeVisible();
  },
  'settings, adding a provider': async (page) => {
    await go(page, '#/settings');
    await page.locator('.panel-header .button').first().click();
    await expect(page.locator('.provider-form')).toBeVisible();
  },
  'the editor (form)': async (page) => {
    await go(page, `#/skills/${LONG}`);
    await expect(page.locator('.skill-form')).toBeVisible();
  },
  'the editor (SKILL.md)': async (page) => {
    await go(page, `#/skills/${LONG}`);
    await page.getByRole('tab', { name: 'SKILL.md' }).click();
    await expect(page.locator('.cm-content')).toBeVisible();
  },
  'a read-only built-in in the editor': async (page) => {
    await go(page, '#/skills/translate');
    await expect(page.locator('.skill-form')).toBeVisible();
  },
};

for (const language of ['en', 'zh-CN'])
  test(`no screen scrolls sideways at 800×600 (${language})`, async ({ page }) => {
    const problems = watchForPageErrors(page);
    await page.setViewportSize(SMALL);
    await page.addInitScript(`localStorage.setItem('skilldeck.language', '${language}')`);
    await go(page, '#/skills');
    const wide: string[] = [];
    for (const [name, open] of Object.entries(SCREENS)) {
      await open(page);
      const by = await sideways(page);
      if (by > 0) wide.push(`${name}: ${by}px`);
    }
    expect(wide).toEqual([]);
    expect(problems).toEqual([]);
  });

test('the Runs form keeps a long skill name in its box, and Run on screen, at both sizes', async ({
  page,
}) => {
  for (const size of [SMALL, LARGE]) {
    await page.setViewportSize(size);
    await go(page, '#/runs');
    const form = page.getByRole('form', { name: 'Start a run' });
    const skill = form.getByLabel('Skill');
    await skill.selectOption(LONG);
    const skillBox = (await skill.boundingBox())!;
    const inputBox = (await form.getByLabel('Input').boundingBox())!;
    const formBox = (await form.boundingBox())!;
    // side by side, the skill box ends before the input starts; stacked, it stays inside the form
    if (inputBox.y < skillBox.y + skillBox.height)
      expect(skillBox.x + skillBox.width).toBeLessThanOrEqual(inputBox.x);
    expect(skillBox.x + skillBox.width).toBeLessThanOrEqual(formBox.x + formBox.width);
    const run = (await form.getByRole('button', { name: 'Run' }).boundingBox())!;
    expect(run.x + run.width).toBeLessThanOrEqual(size.width);
  }
});

test('a long skill name is clamped to two lines on its card, in full on hover and on keyboard focus', async ({
  page,
}) => {
  for (const size of [SMALL, LARGE]) {
    await page.setViewportSize(size);
    await go(page, '#/skills');
    await page.getByRole('searchbox', { name: 'Search skills' }).fill('summarize');
    const card = page.getByTestId(`skill-card-${LONG}`);
    // screen readers get the whole name: the card and its heading are named by it
    await expect(page.getByRole('article', { name: LONG })).toBeVisible();
    const heading = card.getByRole('heading', { name: LONG });
    const lineHeight = await heading.evaluate((el) =>
      parseFloat(el.ownerDocument.defaultView!.getComputedStyle(el).lineHeight),
    );
    expect((await heading.boundingBox())!.height).toBeLessThanOrEqual(2 * lineHeight + 1);

    const full = card.getByTestId('skill-name-full');
    await expect(full).toBeHidden();
    await heading.hover();
    await expect(full).toBeVisible();
    await expect(full).toHaveText(LONG);
    const shown = (await full.boundingBox())!;
    expect(shown.height).toBeGreaterThan(2 * lineHeight + 1); // all of it, not two lines
    expect(shown.x + shown.width).toBeLessThanOrEqual(size.width);
    await page.mouse.move(0, 0);
    await expect(full).toBeHidden();

    // keyboard: Tab onto the card's first button shows it too
    await page.getByRole('searchbox', { name: 'Search skills' }).focus();
    const appearance = card.getByRole('button', { name: `Edit appearance of ${LONG}` });
    for (
      let i = 0;
      i < 30 && !(await appearance.evaluate((el) => el === el.ownerDocument.activeElement));
      i++
    )
      await page.keyboard.press('Tab');
    await expect(appearance).toBeFocused();
    await expect(full).toBeVisible();

    // a name that fits has nothing to add
    await page.getByRole('searchbox', { name: 'Search skills' }).fill('translate');
    await page.getByTestId('skill-card-translate').getByRole('heading').hover();
    await expect(page.getByTestId('skill-card-translate').getByTestId('skill-name-full')).toHaveCount(0);
  }
});

test('the skills grid starts right under the toolbar; the list view draws no stray rules', async ({
  page,
}) => {
  for (const size of [SMALL, LARGE]) {
    await page.setViewportSize(size);
    await go(page, '#/skills');
    const toolbar = (await page.locator('.deck-toolbar-row').boundingBox())!;
    const grid = (await page.locator('.skill-grid').boundingBox())!;
    // the page's own gap (20px), not an empty band
    expect(grid.y - (toolbar.y + toolbar.height)).toBeLessThanOrEqual(24);
    // while searching, the count shows between them
    await page.getByRole('searchbox', { name: 'Search skills' }).fill('translate');
    await expect(page.getByRole('status').filter({ hasText: 'Showing 1 of' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search skills' }).fill('');

    await page.getByRole('button', { name: 'List', exact: true }).click();
    await expect(page.locator('.skill-grid[data-view="list"]')).toBeVisible();
    // a divider is a top or bottom border with no side borders; the rows' own frame and the
    // findings' box have sides
    const dividers = await page.locator('.skill-grid[data-view="list"] .skill-card').evaluateAll((cards) =>
      cards.flatMap((card) =>
        [...card.querySelectorAll('*')]
          .filter((el) => {
            const s = el.ownerDocument.defaultView!.getComputedStyle(el);
            const rule = parseFloat(s.borderTopWidth) > 0 || parseFloat(s.borderBottomWidth) > 0;
            const sides = parseFloat(s.borderLeftWidth) > 0 || parseFloat(s.borderRightWidth) > 0;
            return rule && !sides && el.getBoundingClientRect().width > 0;
          })
          .map((el) => `${card.getAttribute('data-testid')}: ${el.className}`),
      ),
    );
    expect(dividers).toEqual([]);
    await page.getByRole('button', { name: 'Grid', exact: true }).click();
  }
});

test('Add provider: the fields of a row line up', async ({ page }) => {
  for (const size of [SMALL, LARGE]) {
    await page.setViewportSize(size);
    await go(page, '#/settings');
    await page.getByRole('button', { name: 'Add provider' }).click();
    const form = page.getByRole('form', { name: 'New provider' });
    const top = async (label: string) => (await form.getByLabel(label, { exact: true }).boundingBox())!.y;
    const pairs = [
      ['Kind', 'Name'],
      ['Default model', 'Known models'],
    ] as const;
    for (const [a, b] of pairs) {
      const [ya, yb] = [await top(a), await top(b)];
      // side by side when they share a row; stacked ones are not compared
      if (Math.abs(ya - yb) < 60) expect(Math.abs(ya - yb), `${a} / ${b}`).toBeLessThanOrEqual(1);
    }
  }
});

test('the connection-lost banner stays in view while the page scrolls', async ({ page }) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skilldeck-layout-banner-'));
  const own = await startSkilldeckHost(dataDir);
  try {
    await page.setViewportSize(SMALL);
    await page.goto(own.url);
    await expect(page.locator('[data-testid^="skill-card-"]').first()).toBeVisible();
    await own.stop();
    const banner = page.getByRole('status').filter({ hasText: 'Lost the connection' });
    await expect(banner).toBeVisible();
    await page.evaluate('window.scrollTo(0, document.documentElement.scrollHeight)');
    await expect.poll(() => page.evaluate<number>('window.scrollY')).toBeGreaterThan(200);
    const box = (await banner.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(SMALL.height);
  } finally {
    await own.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test('a workflow graph stays readable at 800 px: top to bottom rather than shrunk to fit', async ({
  page,
}) => {
  for (const size of [SMALL, LARGE]) {
    await page.setViewportSize(size);
    await go(page, '#/runs');
    await page
      .getByRole('button', { name: new RegExp(workflowRun) })
      .first()
      .click();
    const graph = page.getByTestId('workflow-dag');
    await expect(graph.locator('[data-dag-node]')).toHaveCount(4);
    // nodes are 180 px wide at full size; a graph zoomed below 80% is hard to read
    await expect
      .poll(async () => (await graph.getByTestId('dag-node-analysis').boundingBox())!.width)
      .toBeGreaterThanOrEqual(0.8 * 180);
    const [first, second] = [
      (await graph.getByTestId('dag-node-analysis').boundingBox())!,
      (await graph.getByTestId('dag-node-outline').boundingBox())!,
    ];
    if (size === SMALL)
      expect(second.y).toBeGreaterThan(first.y + first.height); // one under the other
    else expect(second.x).toBeGreaterThan(first.x + first.width); // side by side where there is room
    const box = (await graph.boundingBox())!;
    for (const id of ['analysis', 'outline', 'script', 'shots']) {
      const node = (await graph.getByTestId(`dag-node-${id}`).boundingBox())!;
      expect(node.x).toBeGreaterThanOrEqual(box.x);
      expect(node.x + node.width).toBeLessThanOrEqual(box.x + box.width);
      expect(node.y + node.height).toBeLessThanOrEqual(box.y + box.height);
    }
  }
});
