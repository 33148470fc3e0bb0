import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Dialog, type Locator, type Page } from '@playwright/test';
import { saveLikeAnEditor, skillMd } from './helpers/disk-edits';
import { watchForPageErrors } from './helpers/page-errors';
import { startSkilldeckHost, type RunningHost } from './helpers/skilldeck-host';

// The skill editor against the real headless host: create, form and raw edits, findings, a conflict
// with a change made on disk, duplicate, delete and undo; leaving with unsaved changes.

let host: RunningHost | null = null;
let dataDir = '';

test.beforeEach(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'skilldeck-editor-e2e-'));
  host = await startSkilldeckHost(dataDir);
});

// eslint-disable-next-line no-empty-pattern
test.afterEach(async ({}, testInfo) => {
  if (host && testInfo.status !== testInfo.expectedStatus)
    await testInfo.attach('skilldeck serve output', { body: host.output() });
  await host?.stop();
  host = null;
  await fs.rm(dataDir, { recursive: true, force: true });
});

const skillFile = (id: string) => path.join(dataDir, 'skills', id, 'SKILL.md');
const editorHeading = (page: Page, id: string) => page.getByRole('heading', { level: 1, name: `Edit ${id}` });
/** A read-only (built-in) skill opens for viewing. */
const viewerHeading = (page: Page, id: string) => page.getByRole('heading', { level: 1, name: `View ${id}` });

/** Replaces the whole text of the CodeMirror editor, as typed (one input event, no auto-indent). */
async function replaceRawText(page: Page, text: string) {
  await page.locator('.cm-content').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.insertText(text);
}

test('a built-in skill opens read-only from its card', async ({ page }) => {
  await page.goto(host!.url);
  await page.getByRole('link', { name: 'View translate' }).click();
  await expect(viewerHeading(page, 'translate')).toBeVisible();
  await expect(page).toHaveURL(/#\/skills\/translate$/);
  await expect(page.getByText('cannot be changed here')).toBeVisible();
  await expect(page.getByLabel('Description')).toBeDisabled();
  await page.getByRole('tab', { name: 'SKILL.md' }).click();
  await expect(page.locator('.cm-content')).toHaveAttribute('contenteditable', 'false');
  await expect(page.locator('.cm-content')).toContainText('You are a professional translator.');
});

test('create, edit in the form and as text, findings, a conflict, duplicate, delete and undo', async ({
  page,
}) => {
  const problems = watchForPageErrors(page);
  await page.goto(host!.url);

  // New skill from the prompt template.
  await page.getByRole('button', { name: 'New skill' }).click();
  const create = page.getByRole('dialog', { name: 'New skill' });
  await create.getByLabel('Id (folder name)').fill('Bad Id');
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(create.getByRole('alert')).toContainText('lowercase letters');
  await create.getByLabel('Id (folder name)').fill('meeting-notes');
  await create.getByText('Prompt', { exact: true }).click();
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(editorHeading(page, 'meeting-notes')).toBeVisible();
  await expect(page).toHaveURL(/#\/skills\/meeting-notes$/);
  await expect(page.getByTestId('editor-findings')).toContainText('No findings');

  // The form: description and a tool chip, saved through skills:update (only the changed fields).
  await page.getByLabel('Description').fill('Turns rough meeting notes into minutes with action items.');
  await page.getByLabel('Limit the tools this skill may use').check();
  await page.getByLabel('Add a tool').fill('save_memo');
  await page.getByLabel('Add a tool').press('Enter');
  await expect(page.getByTestId('tool-chips')).toContainText('save_memo');
  await page.screenshot({ path: 'e2e-artifacts/editor-form.png', fullPage: true });
  await page.getByRole('button', { name: 'Save fields' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  let onDisk = await fs.readFile(skillFile('meeting-notes'), 'utf8');
  expect(onDisk).toContain('description: "Turns rough meeting notes into minutes with action items."');
  expect(onDisk).toContain('allowed-tools: save_memo');
  expect(onDisk).toContain('You rewrite the text you are given.'); // the body is kept

  // The raw editor: type at the end of the body, save.
  await page.getByRole('tab', { name: 'SKILL.md' }).click();
  await page.locator('.cm-content').click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type('End with a list of action items.');
  await page.getByRole('button', { name: 'Save SKILL.md' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  onDisk = await fs.readFile(skillFile('meeting-notes'), 'utf8');
  expect(onDisk.trimEnd().endsWith('End with a list of action items.')).toBe(true);
  await page.screenshot({ path: 'e2e-artifacts/editor-raw.png', fullPage: true });

  // The description removed: checked as typed, the finding shows in the list and at its line before
  // anything is saved.
  const valid = onDisk;
  await replaceRawText(page, '---\nname: meeting-notes\n---\nMinutes, please.\n');
  await expect(page.getByTestId('editor-findings')).toContainText('missing-description');
  await expect(page.locator('.cm-lint-marker-error')).toBeVisible();
  await expect(page.locator('.cm-lintRange-error').first()).toBeAttached();
  await page.screenshot({ path: 'e2e-artifacts/editor-finding.png', fullPage: true });
  expect(await fs.readFile(skillFile('meeting-notes'), 'utf8')).toBe(valid); // nothing written
  // a broken frontmatter: the YAML error at its line
  await replaceRawText(page, '---\nname: meeting-notes\ndescription: ok\n\tmodel: x\n---\nBody.\n');
  await expect(page.getByTestId('editor-findings')).toContainText('line 4');
  await expect(page.getByTestId('editor-findings')).toContainText(
    'a line is indented with a tab — indent with spaces',
  );
  await expect(page.locator('.cm-lint-marker-error')).toBeVisible();

  // Fixed here, but changed on disk meanwhile: the save is refused and the diff shown.
  const mine = valid.replace('End with a list of action items.', 'End with the decisions taken.');
  await replaceRawText(page, mine);
  const theirs = valid.replace('End with a list of action items.', 'Written by another editor.');
  await saveLikeAnEditor(skillFile('meeting-notes'), theirs);
  await page.getByRole('button', { name: 'Save SKILL.md' }).click();
  const conflict = page.getByRole('dialog', { name: 'SKILL.md changed on disk' });
  await expect(conflict).toBeVisible();
  const diff = conflict.getByTestId('conflict-diff');
  await expect(diff.locator('.diff-theirs')).toContainText('Written by another editor.');
  await expect(diff.locator('.diff-mine')).toContainText('End with the decisions taken.');
  await page.screenshot({ path: 'e2e-artifacts/editor-conflict.png' });
  await conflict.getByRole('button', { name: 'Keep mine' }).click();
  await expect(conflict).toBeHidden();
  await expect(page.getByTestId('editor-findings')).toContainText('No findings');
  expect(await fs.readFile(skillFile('meeting-notes'), 'utf8')).toBe(mine);
  await expect(page.locator('.cm-lint-marker-error')).toHaveCount(0);

  // Duplicate, then delete the copy and undo.
  await page.getByRole('button', { name: 'Duplicate' }).click();
  const duplicate = page.getByRole('dialog', { name: 'Duplicate meeting-notes' });
  await expect(duplicate.getByLabel('Id (folder name)')).toHaveValue('meeting-notes-copy');
  await duplicate.getByRole('button', { name: 'Duplicate' }).click();
  await expect(editorHeading(page, 'meeting-notes-copy')).toBeVisible();
  expect(await fs.readFile(skillFile('meeting-notes-copy'), 'utf8')).toContain('name: meeting-notes-copy');

  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Skills' })).toBeVisible();
  const toast = page.getByTestId('undo-toast');
  await expect(toast).toContainText('Moved meeting-notes-copy to the trash.');
  await expect(page.getByTestId('skill-card-meeting-notes-copy')).toHaveCount(0);
  await expect(page.getByTestId('skill-card-meeting-notes')).toBeVisible();
  await page.screenshot({ path: 'e2e-artifacts/editor-undo-toast.png' });
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(editorHeading(page, 'meeting-notes-copy')).toBeVisible();
  await expect(toast).toBeHidden();
  await fs.access(skillFile('meeting-notes-copy'));

  expect(problems).toEqual([]);
});

test('a copy of translate: its config edited in the form stays under metadata.skilldeck', async ({
  page,
}) => {
  const problems = watchForPageErrors(page);
  await page.goto(`${host!.url}#/skills/translate`);
  await expect(viewerHeading(page, 'translate')).toBeVisible();
  await page.getByRole('button', { name: 'Duplicate' }).click();
  const duplicate = page.getByRole('dialog', { name: 'Duplicate translate' });
  await duplicate.getByLabel('Id (folder name)').fill('my-translate');
  await duplicate.getByRole('button', { name: 'Duplicate' }).click();
  await expect(editorHeading(page, 'my-translate')).toBeVisible();

  const target = page.getByLabel('Value of target_language');
  await expect(target).toBeEnabled();
  await expect(target).toHaveValue('English');
  await target.fill('French');
  await page.getByRole('button', { name: 'Save fields' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await expect(page.getByTestId('editor-findings')).toContainText('No findings');
  await expect(page.getByLabel('Value of target_language')).toHaveValue('French');

  const onDisk = await fs.readFile(skillFile('my-translate'), 'utf8');
  const frontmatter = onDisk.split('\n---\n')[0]!;
  expect(frontmatter).toContain(
    [
      'metadata:',
      '  skilldeck:',
      '    execution-mode: prompt',
      '    output: insert_text',
      '    config:',
      '      source_language: auto',
      '      target_language: French',
      '      fallback_language: Chinese (Simplified)',
    ].join('\n'),
  );
  expect(frontmatter).not.toMatch(/^(config|execution-mode|output):/m);
  expect(frontmatter.match(/target_language/g)).toHaveLength(1);
  expect(problems).toEqual([]);
});

/** The config rows of the form: each one's key, value and × (null when there is none). */
async function configRowBoxes(page: Page) {
  const rows = page.locator('.skill-form .config-row');
  const boxes = [];
  for (let i = 0; i < (await rows.count()); i++) {
    const row = rows.nth(i);
    const [key, value] = [row.locator('input').nth(0), row.locator('input').nth(1)];
    const remove = row.getByRole('button', { name: /^Remove/ });
    boxes.push({
      key: (await key.boundingBox())!,
      value: (await value.boundingBox())!,
      remove: (await remove.count()) > 0 ? (await remove.boundingBox())! : null,
    });
  }
  return boxes;
}

for (const viewport of [
  { width: 800, height: 600 },
  { width: 1440, height: 900 },
])
  test(`config rows at ${viewport.width}×${viewport.height}: key, value and × on one line, with placeholders`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto(`${host!.url}#/skills/translate`);
    await expect(viewerHeading(page, 'translate')).toBeVisible();
    await page.getByRole('button', { name: 'Duplicate' }).click();
    const duplicate = page.getByRole('dialog', { name: 'Duplicate translate' });
    await duplicate.getByLabel('Id (folder name)').fill('my-translate');
    await duplicate.getByRole('button', { name: 'Duplicate' }).click();
    await expect(editorHeading(page, 'my-translate')).toBeVisible();

    await page.getByRole('button', { name: 'Add a value' }).click();
    const boxes = await configRowBoxes(page);
    expect(boxes).toHaveLength(4);
    for (const { key, value, remove } of boxes) {
      expect(remove).not.toBeNull();
      // the × sits after the value, on the key's line
      expect(Math.abs(remove!.y + remove!.height / 2 - (key.y + key.height / 2))).toBeLessThan(2);
      expect(remove!.x).toBeGreaterThanOrEqual(value.x + value.width);
      expect(remove!.x + remove!.width).toBeLessThanOrEqual(viewport.width);
    }
    // the new, empty row says what goes where
    await expect(page.getByLabel('Config key 4')).toHaveAttribute('placeholder', /\S/);
    await expect(page.getByLabel('Value of 4')).toHaveAttribute('placeholder', /\S/);
  });

test('a read-only built-in shows its config without × buttons', async ({ page }) => {
  await page.goto(`${host!.url}#/skills/translate`);
  await expect(viewerHeading(page, 'translate')).toBeVisible();
  await expect(page.getByLabel('Value of target_language')).toBeDisabled();
  const boxes = await configRowBoxes(page);
  expect(boxes).toHaveLength(3);
  expect(boxes.filter((b) => b.remove !== null)).toEqual([]);
});

test('the hint about an unlimited tool list shows only while the tools are not limited', async ({ page }) => {
  await fs.mkdir(path.dirname(skillFile('tools')), { recursive: true });
  await fs.writeFile(skillFile('tools'), skillMd('tools', 'Uses some tools.'));
  await page.goto(`${host!.url}#/skills/tools`);
  await expect(editorHeading(page, 'tools')).toBeVisible();
  const hint = page.getByText('Without a limit, every tool is offered.');
  await expect(hint).toBeVisible();
  await page.getByLabel('Limit the tools this skill may use').check();
  await expect(page.getByTestId('tool-chips')).toBeVisible();
  await expect(hint).toBeHidden();
  await page.getByLabel('Limit the tools this skill may use').uncheck();
  await expect(hint).toBeVisible();
});

// ---- leaving with unsaved changes ----

const HAIKU = skillMd('haiku', 'Turn the selected text into a haiku.');

/** A skill of the user's own (editable), open in the editor from its card. */
async function openHaiku(page: Page) {
  await fs.mkdir(path.dirname(skillFile('haiku')), { recursive: true });
  await fs.writeFile(skillFile('haiku'), HAIKU);
  await page.goto(host!.url);
  await page.getByRole('link', { name: 'Edit haiku' }).click();
  await expect(editorHeading(page, 'haiku')).toBeVisible();
  await expect(page.getByLabel('Description')).toHaveValue('Turn the selected text into a haiku.');
}

const navLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name });
const unsavedDialog = (page: Page) => page.getByRole('dialog', { name: 'Unsaved changes to haiku' });

/** Presses Tab (or Shift+Tab) until `target` has the focus: the keyboard's way there. */
async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab') {
  for (let i = 0; i < 40; i++) {
    if (await target.evaluate((el) => el === el.ownerDocument.activeElement)) return;
    await page.keyboard.press(key);
  }
  throw new Error('never reached the element with the keyboard');
}

test('leaving with unsaved edits asks: keep editing, discard, or save and go on', async ({ page }) => {
  const problems = watchForPageErrors(page);
  await openHaiku(page);

  // Nothing changed: the nav links just go.
  await navLink(page, 'Runs').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Runs' })).toBeVisible();
  await page.goBack();
  await expect(editorHeading(page, 'haiku')).toBeVisible();

  // An edit typed and undone is no change either.
  const description = page.getByLabel('Description');
  await description.fill('Changed, then back.');
  await description.fill('Turn the selected text into a haiku.');
  await navLink(page, 'Memos').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Memos' })).toBeVisible();
  await page.goBack();
  await expect(editorHeading(page, 'haiku')).toBeVisible();

  // A real edit: the dialog, with focus on Save; the editor stays behind it.
  await page.getByLabel('Description').fill('Five, seven, five.');
  await navLink(page, 'Runs').click();
  const dialog = unsavedDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeFocused();
  await expect(editorHeading(page, 'haiku')).toBeVisible();
  await page.screenshot({ path: 'e2e-artifacts/editor-unsaved-dialog.png' });
  const axe = await new AxeBuilder({ page }).analyze();
  expect(
    axe.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, targets: v.nodes.map((n) => n.target.join(' ')) })),
  ).toEqual([]);

  // Keep editing: the edit and the editor's URL are kept.
  await dialog.getByRole('button', { name: 'Keep editing' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/#\/skills\/haiku$/);
  await expect(page.getByLabel('Description')).toHaveValue('Five, seven, five.');
  await expect(navLink(page, 'Skills')).toHaveAttribute('aria-current', 'page');

  // The back button is asked about too.
  await page.goBack();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Keep editing' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/#\/skills\/haiku$/);
  await expect(page.getByLabel('Description')).toHaveValue('Five, seven, five.');

  // Discard: on to the page, the file as it was.
  await navLink(page, 'Runs').click();
  await dialog.getByRole('button', { name: 'Discard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Runs' })).toBeVisible();
  await expect(page).toHaveURL(/#\/runs$/);
  expect(await fs.readFile(skillFile('haiku'), 'utf8')).toBe(HAIKU);

  // Back to the editor (as saved), an edit in the text this time; Save writes it, then goes on.
  await page.goBack();
  await expect(editorHeading(page, 'haiku')).toBeVisible();
  await expect(page.getByLabel('Description')).toHaveValue('Turn the selected text into a haiku.');
  await page.getByRole('tab', { name: 'SKILL.md' }).click();
  const edited = HAIKU.replace('Write a haiku.', 'Write a haiku about the text.');
  await replaceRawText(page, edited);
  await navLink(page, 'Settings').click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page).toHaveURL(/#\/settings$/);
  expect(await fs.readFile(skillFile('haiku'), 'utf8')).toBe(edited);

  expect(problems).toEqual([]);
});

test('keyboard only: Esc keeps editing with focus back on the link, Enter on Save saves and goes', async ({
  page,
}) => {
  await openHaiku(page);
  await page.getByLabel('Description').focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('Three short lines.');

  // Back to the skills with the keyboard: the "← Skills" link, Enter.
  const back = page.getByRole('link', { name: '← Skills' });
  await tabTo(page, back, 'Shift+Tab');
  await page.keyboard.press('Enter');
  const dialog = unsavedDialog(page);
  await expect(dialog).toBeVisible();
  const save = dialog.getByRole('button', { name: 'Save' });
  await expect(save).toBeFocused();
  // Tab stays in the dialog: from Save (the last) round to Discard (the first)
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Discard' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(save).toBeFocused();

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/#\/skills\/haiku$/);
  await expect(back).toBeFocused();
  await expect(page.getByLabel('Description')).toHaveValue('Three short lines.');

  await page.keyboard.press('Enter');
  await expect(save).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Skills' })).toBeVisible();
  await expect(page).toHaveURL(/#\/skills$/);
  const onDisk = await fs.readFile(skillFile('haiku'), 'utf8');
  expect(onDisk).toContain('description: Three short lines.');
  expect(onDisk).toContain('Write a haiku.');
});

test('a save that fails (changed on disk) stays in the editor with the conflict shown', async ({ page }) => {
  await openHaiku(page);
  await page.getByLabel('Description').fill('Mine.');
  await saveLikeAnEditor(skillFile('haiku'), skillMd('haiku', 'Theirs.'));
  await page.getByRole('link', { name: '← Skills' }).click();
  await unsavedDialog(page).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('dialog', { name: 'SKILL.md changed on disk' })).toBeVisible();
  await expect(unsavedDialog(page)).toBeHidden();
  await expect(page).toHaveURL(/#\/skills\/haiku$/);
  await expect(editorHeading(page, 'haiku')).toBeVisible();
  expect(await fs.readFile(skillFile('haiku'), 'utf8')).toBe(skillMd('haiku', 'Theirs.'));
});

test('closing the tab with unsaved edits asks the browser first, and only then', async ({ page }) => {
  await openHaiku(page);
  await page.getByLabel('Description').fill('Unsaved.');
  const asked = new Promise<Dialog>((resolve) => page.once('dialog', resolve));
  await page.close({ runBeforeUnload: true });
  const dialog = await asked;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.dismiss(); // stay
  await expect(page.getByLabel('Description')).toHaveValue('Unsaved.');

  await page.getByRole('button', { name: 'Revert' }).click();
  let askedAgain = false;
  page.on('dialog', () => (askedAgain = true));
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => page.isClosed()).toBe(true);
  expect(askedAgain).toBe(false);
});

test('edits in the form survive a switch to the text; Save writes both', async ({ page }) => {
  await openHaiku(page);
  await page.getByLabel('Description').fill('Seventeen syllables.');
  await page.getByRole('tab', { name: 'SKILL.md' }).click();
  await replaceRawText(page, HAIKU.replace('Write a haiku.', 'Write a haiku. Mind the seasons.'));
  await page.getByRole('tab', { name: /^Form/ }).click();
  await expect(page.getByLabel('Description')).toHaveValue('Seventeen syllables.');

  await navLink(page, 'Runs').click();
  await unsavedDialog(page).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Runs' })).toBeVisible();
  const onDisk = await fs.readFile(skillFile('haiku'), 'utf8');
  expect(onDisk).toContain('description: Seventeen syllables.');
  expect(onDisk).toContain('Write a haiku. Mind the seasons.');
});
