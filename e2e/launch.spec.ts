// Running from where the skills are, against the real headless host and the local wire-format model
// server: Run on a card (and in the editor) opens the run sheet, whose answer streams right there; the
// command palette (Ctrl+K) finds a skill, runs it on what is typed or takes Tab to its arguments, and
// also goes to pages and does the dashboard's actions; a skill for models only is offered in neither.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type { RecordedRequest } from '../electron/core/testing/llm-server';
import { watchForPageErrors } from './helpers/page-errors';
import { openDashboard, serveWithModel, skillFile } from './helpers/serve';

const served = serveWithModel('skilldeck-launch-e2e-', {
  'tone-writer/SKILL.md': skillFile(
    'tone-writer',
    [
      'arguments:',
      '  - name: tone',
      '    description: How the answer should sound',
      '    default: friendly',
      '    options: [friendly, formal, terse]',
      '',
    ].join('\n'),
    'Rewrite this in a $tone tone:\n\n{{input}}',
  ),
  'quoter/SKILL.md': skillFile('quoter', '', 'Quote the important part of {{selection}}.'),
  'hidden-helper/SKILL.md': skillFile('hidden-helper', 'user-invocable: false\n', 'Help the model quietly.'),
});
const { invoke, settled } = served.api;

async function openSkills(page: Page) {
  await openDashboard(page, served.host);
  await expect(page.getByRole('heading', { level: 1, name: 'Skills' })).toBeVisible();
  await expect(page.getByTestId('run-skill-tone-writer')).toBeVisible();
}

/** Everything the model was sent in one request, as text. */
const sent = (request: RecordedRequest | undefined) => JSON.stringify(request?.body ?? null);

test('Run on a card opens the run sheet; Enter runs, the answer streams into it, Copy and Retry act on it', async ({
  page,
  context,
}) => {
  const problems = watchForPageErrors(page);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  served.llm.script({ chunks: ['Hello ', 'there, ', 'dear ', 'reader.'], chunkDelayMs: 400 });
  await openSkills(page);
  const before = served.llm.requests.length;

  await page.getByTestId('run-skill-tone-writer').click();
  const sheet = page.getByRole('dialog', { name: 'Run tone-writer' });
  await expect(sheet).toBeVisible();
  // the argument as a named field with its default and its options; no selection box for this skill
  const tone = sheet.getByRole('combobox', { name: 'tone' });
  await expect(tone).toHaveValue('friendly');
  await expect(tone.getByRole('option')).toHaveText(['friendly', 'formal', 'terse']);
  await expect(sheet.getByRole('button', { name: 'Selected text' })).toHaveAttribute(
    'aria-expanded',
    'false',
  );

  const input = sheet.getByLabel('Input', { exact: true });
  await expect(input).toBeFocused();
  await input.fill('the meeting moved to Friday');
  await input.press('Enter');

  const result = sheet.getByTestId('sheet-result');
  await expect(result.getByText('Hello there,')).toBeVisible();
  await expect(result.getByTestId('sheet-status')).toHaveText('Running');
  await expect(result.getByTestId('sheet-status')).toHaveText('Succeeded', { timeout: 15_000 });
  const answer = result.getByTestId('run-result');
  await expect(answer).toContainText('Hello there, dear reader.');

  expect(served.llm.requests.length).toBe(before + 1);
  const request = sent(served.llm.requests.at(-1));
  expect(request).toContain('the meeting moved to Friday');
  expect(request).toContain('in a friendly tone');

  // the result's actions, right in the sheet
  await answer.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(answer.getByTestId('result-notice')).toHaveText('Copied.');
  expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe('Hello there, dear reader.');
  served.llm.script({ text: 'Hi again, reader.' });
  await answer.getByRole('button', { name: 'Retry', exact: true }).click();
  await expect(result.getByTestId('run-result')).toContainText('Hi again, reader.');
  await expect(result.getByTestId('sheet-status')).toHaveText('Succeeded', { timeout: 15_000 });
  expect(served.llm.requests.length).toBe(before + 2);
  expect(sent(served.llm.requests.at(-1))).toContain('the meeting moved to Friday');

  // Esc closes the sheet and gives the focus back to the Run button
  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);
  await expect(page.getByTestId('run-skill-tone-writer')).toBeFocused();
  expect(problems).toEqual([]);
});

test('Tab and Shift+Tab stay inside the run sheet and the palette', async ({ page }) => {
  await openSkills(page);
  const inside = (selector: string) =>
    page.evaluate<boolean>(
      `document.querySelector(${JSON.stringify(selector)})?.contains(document.activeElement) ?? false`,
    );
  await page.getByTestId('run-skill-tone-writer').click();
  await expect(
    page.getByRole('dialog', { name: 'Run tone-writer' }).getByLabel('Input', { exact: true }),
  ).toBeFocused();
  for (const key of [...Array<string>(12).fill('Tab'), ...Array<string>(12).fill('Shift+Tab')]) {
    await page.keyboard.press(key);
    expect(await inside('[data-testid="run-sheet"]')).toBe(true);
  }
  // Ctrl+K at once after Esc, before the focus is back: the palette still gives it back there
  await page.keyboard.press('Escape');
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await palette.getByRole('combobox').fill('go to');
  for (const key of ['Tab', 'Shift+Tab', 'Tab']) {
    await page.keyboard.press(key);
    expect(await inside('[data-testid="command-palette"]')).toBe(true);
  }
  // Esc closes; the focus goes back to where it was
  await page.keyboard.press('Escape');
  await expect(palette).toHaveCount(0);
  await expect(page.getByTestId('run-skill-tone-writer')).toBeFocused();
});

test('the sheet opens the selection box for a skill that reads {{selection}} and sends it', async ({
  page,
}) => {
  served.llm.script({ text: 'Quoted.' });
  await openSkills(page);
  await page.getByTestId('run-skill-quoter').click();
  const sheet = page.getByRole('dialog', { name: 'Run quoter' });
  await expect(sheet.getByRole('button', { name: 'Selected text' })).toHaveAttribute('aria-expanded', 'true');
  await sheet.getByRole('textbox', { name: 'Selected text' }).fill('To be or not to be');
  await sheet.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(sheet.getByTestId('sheet-status')).toHaveText('Succeeded', { timeout: 15_000 });
  expect(sent(served.llm.requests.at(-1))).toContain('Quote the important part of To be or not to be.');
});

test('palette → run: Ctrl+K, part of a name, Enter, the input, Enter; the sheet shows the answer', async ({
  page,
}) => {
  const problems = watchForPageErrors(page);
  served.llm.script({ chunks: ['Dear ', 'colleagues.'], chunkDelayMs: 200 });
  await openSkills(page);

  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  const search = palette.getByRole('combobox', { name: 'Search skills, pages and actions' });
  await expect(search).toBeFocused();
  await search.fill('tonewr');
  const options = palette.getByRole('option');
  await expect(options.first()).toContainText('tone-writer');
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await expect(search).toHaveAttribute('aria-activedescendant', (await options.first().getAttribute('id'))!);

  await search.press('Enter');
  const box = palette.getByRole('textbox', { name: 'Input for tone-writer' });
  await expect(box).toBeFocused();
  await box.fill('lunch is on me');
  await box.press('Enter');

  const sheet = page.getByRole('dialog', { name: 'Run tone-writer' });
  await expect(palette).toHaveCount(0);
  await expect(sheet.getByTestId('sheet-status')).toHaveText('Succeeded', { timeout: 15_000 });
  await expect(sheet.getByTestId('run-result')).toContainText('Dear colleagues.');
  expect(sent(served.llm.requests.at(-1))).toContain('lunch is on me');
  expect(problems).toEqual([]);
});

test('palette → Tab goes to the skill’s arguments; the chosen option reaches the model', async ({ page }) => {
  served.llm.script({ text: 'Formally done.' });
  await openSkills(page);
  await page.getByRole('button', { name: /Search and run/ }).click();
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await palette.getByRole('combobox').fill('tone');
  await page.keyboard.press('Tab');

  const sheet = page.getByRole('dialog', { name: 'Run tone-writer' });
  await expect(sheet).toBeVisible();
  await expect(palette).toHaveCount(0);
  await sheet.getByRole('combobox', { name: 'tone' }).selectOption('formal');
  const input = sheet.getByLabel('Input', { exact: true });
  await input.fill('thanks for the help');
  await input.press('Enter');
  await expect(sheet.getByTestId('sheet-status')).toHaveText('Succeeded', { timeout: 15_000 });
  const request = sent(served.llm.requests.at(-1));
  expect(request).toContain('in a formal tone');
  expect(request).toContain('thanks for the help');
});

test('a skill for models only (user-invocable: false) is offered in no list, but runs from its editor', async ({
  page,
}) => {
  await openSkills(page);
  const card = page.locator('[data-skill-id="hidden-helper"]');
  await expect(card.getByText('Models only')).toBeVisible();
  await expect(card.getByRole('button', { name: /^Run/ })).toHaveCount(0);

  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette.getByRole('option', { name: /tone-writer/ })).toBeVisible();
  await expect(palette.getByRole('option', { name: /hidden-helper/ })).toHaveCount(0);
  await palette.getByRole('combobox').fill('hidden-helper');
  await expect(palette.getByRole('option', { name: /hidden-helper/ })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(palette).toHaveCount(0);

  // its author may still try it from the editor
  await openDashboard(page, served.host, '#/skills/hidden-helper');
  await page.getByRole('button', { name: 'Run hidden-helper' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Run hidden-helper' }).getByLabel('Input', { exact: true }),
  ).toBeFocused();
});

test('the palette lists the pages and actions: they navigate and act', async ({ page }) => {
  const problems = watchForPageErrors(page);
  await openSkills(page);
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  const search = palette.getByRole('combobox');

  await page.keyboard.press('Control+k');
  await search.fill('memos');
  await expect(palette.getByRole('option').first()).toHaveText('Go to Memos');
  await search.press('Enter');
  await expect(palette).toHaveCount(0);
  await expect(page).toHaveURL(/#\/memos$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Memos' })).toBeVisible();

  // the keyboard walks the list; Enter does the active entry
  await page.keyboard.press('Control+k');
  await search.fill('settings');
  await search.press('ArrowDown');
  await search.press('ArrowUp');
  await search.press('Enter');
  await expect(page).toHaveURL(/#\/settings$/);

  await page.keyboard.press('Control+k');
  await search.fill('new skill');
  await search.press('Enter');
  await expect(page).toHaveURL(/#\/skills$/);
  await expect(page.getByRole('dialog', { name: 'New skill' })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.keyboard.press('Control+k');
  await search.fill('dark theme');
  await search.press('Enter');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(problems).toEqual([]);
});

test('with nothing typed the palette lists the skills run most and lately first', async ({ page }) => {
  // more runs of quoter than any other test here makes of a skill
  for (let i = 0; i < 8; i++)
    await settled((await invoke('runs:start', { skillId: 'quoter', input: `q${i}` })).runId);
  await openSkills(page);
  await page.keyboard.press('Control+k');
  const options = page.getByRole('dialog', { name: 'Command palette' }).getByRole('option');
  await expect(options.first()).toContainText('quoter');
  // typing still ranks by the match first
  await page.keyboard.type('tone-wr');
  await expect(options.first()).toContainText('tone-writer');
});

/** axe-core's serious and critical findings in the open dialog. */
async function seriousViolations(page: Page, selector: string) {
  const results = await new AxeBuilder({ page }).include(selector).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
}

for (const scheme of ['light', 'dark'] as const) {
  test(`the palette and the run sheet with its result have no serious axe violation (${scheme})`, async ({
    page,
  }) => {
    served.llm.script({ text: 'A **short** answer.' });
    await page.emulateMedia({ colorScheme: scheme });
    await openSkills(page);
    await page.keyboard.press('Control+k');
    await page.getByRole('dialog', { name: 'Command palette' }).getByRole('combobox').fill('t');
    expect(await seriousViolations(page, '[data-testid="command-palette"]')).toEqual([]);
    await page.keyboard.press('Tab');
    const sheet = page.getByRole('dialog', { name: /^Run / });
    const input = sheet.getByLabel('Input', { exact: true });
    await input.fill('check me');
    await input.press('Enter');
    await expect(sheet.getByTestId('sheet-status')).toHaveText('Succeeded', { timeout: 15_000 });
    await expect(sheet.getByRole('button', { name: 'Copy', exact: true })).toBeVisible();
    expect(await seriousViolations(page, '[data-testid="run-sheet"]')).toEqual([]);
  });
}
