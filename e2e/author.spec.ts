// Authoring a skill in the editor's form against the real headless host and the wire-format model
// server: the Instructions editor's placeholder completion and live preview, Try it on the unsaved draft,
// the model picker fed by the endpoint's list, the Arguments editor, the output in words, and new skills
// from every template passing `skilldeck validate --strict` after the form edited them.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { startLlmServer, type LlmServer, type RecordedRequest } from '../electron/core/testing/llm-server';
import { hostApi } from './helpers/host-api';
import { watchForPageErrors } from './helpers/page-errors';
import { startSkilldeckHost, type RunningHost } from './helpers/skilldeck-host';

const CLI = path.resolve(import.meta.dirname, '../electron/cli/skilldeck.mjs');

let llm: LlmServer;
let host: RunningHost;
let dataDir: string;
const { invoke, settled, useLocalModel } = hostApi(() => host.url);

test.beforeEach(async () => {
  llm = await startLlmServer({ models: ['alpha-1', 'beta-2', 'gamma-3'] });
  llm.setResponder(() => ({ chunks: ['Tried ', 'and ', 'streamed.'], chunkDelayMs: 30 }));
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skilldeck-author-e2e-'));
  host = await startSkilldeckHost(dataDir);
  await useLocalModel(llm.url);
});

// eslint-disable-next-line no-empty-pattern
test.afterEach(async ({}, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus)
    await testInfo.attach('skilldeck serve output', { body: host.output() });
  await host?.stop();
  await llm?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** `skilldeck validate --strict --json DIR`'s output (it exits 1 when the skill is not valid). */
const strictVerdict = (dir: string) =>
  new Promise<string>((resolve) =>
    execFile(process.execPath, [CLI, 'validate', '--strict', '--json', dir], (_error, stdout) =>
      resolve(stdout),
    ),
  );

const skillFile = (id: string) => path.join(dataDir, 'skills', id, 'SKILL.md');
const contentOf = (request: RecordedRequest, role: string) =>
  ((request.body as { messages: { role: string; content: string }[] }).messages ?? []).find(
    (m) => m.role === role,
  )?.content;
const systemOf = (request: RecordedRequest) => contentOf(request, 'system');

async function openEditor(page: Page, id: string) {
  await page.goto(`${host.url}#/skills/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Edit ${id}` })).toBeVisible();
  await expect(instructions(page)).toBeVisible();
}
const instructions = (page: Page) => page.getByRole('textbox', { name: 'Instructions' });

/** Replaces the Instructions editor's text as typed (one input event). */
async function setInstructions(page: Page, text: string) {
  await instructions(page).click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.insertText(text);
}

async function addConfig(page: Page, key: string, value: string) {
  await page.getByRole('button', { name: 'Add a value' }).click();
  const n = await page.getByRole('textbox', { name: /^Config key \d+$/ }).count();
  await page.getByRole('textbox', { name: `Config key ${n}` }).fill(key);
  await page.getByRole('textbox', { name: `Value of ${key}` }).fill(value);
}

test('Try it sends the unsaved instructions and leaves the file untouched', async ({ page, context }) => {
  const problems = watchForPageErrors(page);
  await invoke('skills:create', { skillId: 'notes', template: 'prompt' });
  const before = fs.readFileSync(skillFile('notes'));
  await openEditor(page, 'notes');

  await addConfig(page, 'tone', 'few');
  await page.getByRole('button', { name: 'Add an argument' }).click();
  await page.getByLabel('Name of argument 1').fill('who');
  await setInstructions(page, 'Unsaved: sum up {{selection}} in {{config.tone}} words for $who.');
  const panel = page.getByTestId('try-panel');
  await panel.getByLabel('Sample selection').fill('the quarterly report');
  await panel.getByLabel('Arguments').fill('"the board"');
  // the preview fills the samples as the engine would
  const filled = 'Unsaved: sum up the quarterly report in few words for the board.';
  await expect(panel.getByTestId('preview-system')).toHaveText(filled);
  await expect(panel.getByTestId('preview-user')).toHaveText('the quarterly report');

  const asked = llm.requests.length;
  llm.setResponder(() => ({ chunks: ['Tried ', 'and ', 'streamed.'], chunkDelayMs: 400 }));
  await panel.getByRole('button', { name: 'Try it' }).click();
  // streamed: the first words show while the run goes on
  await expect(panel.getByTestId('try-result')).toContainText('Tried');
  await expect(panel.getByTestId('try-result')).toContainText('Running…');
  await expect(panel.getByRole('button', { name: 'Stop' })).toBeVisible();
  await expect(panel.getByTestId('try-result')).toContainText('Tried and streamed.');
  await expect(panel.getByTestId('try-result')).toContainText('Done');

  // the model got the unsaved text, exactly as previewed; the file did not change
  const chats = llm.requests.slice(asked).filter((r) => r.api === 'openai');
  expect(chats).toHaveLength(1);
  expect(systemOf(chats[0]!)).toBe(filled);
  expect(contentOf(chats[0]!, 'user')).toBe('the quarterly report');
  expect(fs.readFileSync(skillFile('notes'))).toEqual(before);
  await expect(page.getByRole('tab', { name: /Form/ }).getByLabel('unsaved changes')).toBeVisible();

  // history shows it as a try, and can show only tries
  const { runs } = await invoke('runs:list', { isTry: true });
  expect(runs).toHaveLength(1);
  const history = await context.newPage();
  await history.goto(`${host.url}#/runs`);
  const row = history.getByTestId(`history-row-${runs[0]!.id}`);
  await expect(row.getByText('Try', { exact: true })).toBeVisible();
  await invoke('runs:start', { skillId: 'notes', selection: 'a plain run' });
  await expect(history.locator('.history-table tbody tr')).toHaveCount(2);
  await history.getByLabel('Tries').selectOption({ label: 'Only tries' });
  await expect(history.locator('.history-table tbody tr')).toHaveCount(1);
  await expect(row).toBeVisible();
  expect(problems).toEqual([]);
});

test('a draft with an error is not tried: its finding says why', async ({ page }) => {
  await invoke('skills:create', { skillId: 'notes', template: 'prompt' });
  await openEditor(page, 'notes');
  await page.getByLabel('Description').fill('');
  const asked = llm.requests.length;
  await page.getByTestId('try-panel').getByRole('button', { name: 'Try it' }).click();
  await expect(page.getByTestId('try-panel').getByRole('alert')).toContainText('cannot run yet');
  await expect(page.getByTestId('try-panel').getByRole('alert')).toContainText('`description` is missing');
  expect(llm.requests.length).toBe(asked);
  expect((await invoke('runs:list', {})).total).toBe(0);
});

test('the Instructions editor offers {{config.<key>}} for this skill’s keys, as edited in the form', async ({
  page,
}) => {
  await invoke('skills:create', { skillId: 'notes', template: 'prompt' });
  await openEditor(page, 'notes');
  await addConfig(page, 'audience', 'engineers');
  await setInstructions(page, 'Write for ');
  await page.keyboard.type('{{');
  const completions = page.locator('.cm-tooltip-autocomplete [role="option"]');
  for (const offered of ['{{selection}}', '{{input}}', '{{clipboard}}', '{{date}}', '{{config.audience}}'])
    await expect(completions.filter({ hasText: offered })).toBeVisible();
  await page.keyboard.type('con');
  await expect(completions.filter({ hasText: '{{config.audience}}' })).toBeVisible();
  // the config key comes first, ready for Enter
  await expect(completions.first()).toHaveText(/\{\{config\.audience\}\}/);
  await expect(completions.first()).toHaveAttribute('aria-selected', 'true');
  await completions.filter({ hasText: '{{config.audience}}' }).click();
  await expect(instructions(page)).toHaveText('Write for {{config.audience}}');
  await expect(page.getByTestId('preview-system')).toHaveText('Write for engineers');

  // $ offers $ARGUMENTS and the arguments the form declares
  await page.getByRole('button', { name: 'Add an argument' }).click();
  await page.getByLabel('Name of argument 1').fill('lang');
  await page.getByLabel('Default of lang').fill('French');
  await instructions(page).click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(' in $');
  await expect(completions.filter({ hasText: '$ARGUMENTS' })).toBeVisible();
  await expect(completions.filter({ hasText: '$lang' })).toBeVisible();
  await page.keyboard.type('la');
  await expect(completions.filter({ hasText: '$ARGUMENTS' })).toHaveCount(0);
  await completions.filter({ hasText: '$lang' }).click();
  await expect(instructions(page)).toHaveText('Write for {{config.audience}} in $lang');
  // the live preview: the default when no word is given, else the word
  await expect(page.getByTestId('preview-system')).toHaveText('Write for engineers in French');
  await page.getByTestId('try-panel').getByLabel('Arguments').fill('German');
  await expect(page.getByTestId('preview-system')).toHaveText('Write for engineers in German');
});

test('the model picker lists the endpoint’s models; a name may still be typed', async ({ page }) => {
  llm.setModels(['local-small', 'local-large', 'vision-9b']);
  await invoke('skills:create', { skillId: 'notes', template: 'prompt' });
  await openEditor(page, 'notes');
  const model = page.getByRole('combobox', { name: 'Model' });
  await expect(page.getByText('4 models from local')).toBeVisible();
  await model.click();
  await model.press('ArrowDown');
  const list = page.getByRole('listbox', { name: 'Models' });
  await expect(list.getByRole('option')).toHaveText([
    /^m\s*default$/, // what a run uses when the skill names none
    'local-small',
    'local-large',
    'vision-9b',
  ]);
  await model.fill('large');
  await expect(list.getByRole('option')).toHaveText(['local-large']);
  await list.getByRole('option', { name: 'local-large' }).click();
  await expect(model).toHaveValue('local-large');
  await page.getByRole('button', { name: 'Save fields' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  expect(fs.readFileSync(skillFile('notes'), 'utf8')).toContain(
    'metadata:\n  skilldeck:\n    model: local-large\n',
  );

  // not on the list: used as typed
  await model.fill('my-own-model');
  await expect(list).toBeHidden();
  await page.getByRole('button', { name: 'Save fields' }).click();
  await expect.poll(() => fs.readFileSync(skillFile('notes'), 'utf8')).toContain('model: my-own-model');
});

test('the provider chosen in the form feeds the picker, and Try it uses it and the model unsaved', async ({
  page,
}) => {
  const other = await startLlmServer({ models: ['far-1', 'far-2'] });
  try {
    other.setResponder(() => ({ chunks: ['From ', 'the other.'] }));
    await invoke('providers:save', {
      kind: 'openai-compatible',
      name: 'remote',
      baseUrl: `${other.url}/v1`,
      defaultModel: 'far-1',
    });
    await invoke('skills:create', { skillId: 'notes', template: 'prompt' });
    const before = fs.readFileSync(skillFile('notes'));
    await openEditor(page, 'notes');
    await expect(page.getByText('4 models from local')).toBeVisible();
    await page.getByLabel('Provider').selectOption({ label: 'remote' });
    await expect(page.getByText('2 models from remote')).toBeVisible();
    const model = page.getByRole('combobox', { name: 'Model' });
    await expect(model).toHaveAttribute('placeholder', 'far-1');
    await model.click();
    await model.press('ArrowDown');
    const list = page.getByRole('listbox', { name: 'Models' });
    await expect(list.getByRole('option')).toHaveText([/^far-1\s*default$/, 'far-2']);
    await model.press('ArrowDown');
    await model.press('ArrowDown');
    await model.press('Enter');
    await expect(model).toHaveValue('far-2');

    const panel = page.getByTestId('try-panel');
    await panel.getByLabel('Sample selection').fill('some text');
    const localAsked = llm.requests.filter((r) => r.api === 'openai').length;
    // Ctrl+Enter in a sample box tries it
    await panel.getByLabel('Sample selection').press('Control+Enter');
    await expect(panel.getByTestId('try-result')).toContainText('From the other.');
    const chats = other.requests.filter((r) => r.api === 'openai');
    expect(chats).toHaveLength(1);
    expect((chats[0]!.body as { model: string }).model).toBe('far-2');
    expect(llm.requests.filter((r) => r.api === 'openai')).toHaveLength(localAsked);
    expect(fs.readFileSync(skillFile('notes'))).toEqual(before);
  } finally {
    await other.close();
  }
});

test('the Arguments editor and the output choice round-trip to the file', async ({ page }) => {
  await invoke('skills:create', { skillId: 'notes', template: 'prompt' });
  await openEditor(page, 'notes');

  // output in words; no internal name on screen
  const output = page.getByLabel('Where the result goes');
  await expect(output.locator('option')).toHaveText([
    'Automatically',
    'Replace the selection silently',
    'Insert after the selection',
    'Show in a card',
    'Copy to the clipboard',
    'Save as a memo',
  ]);
  await output.selectOption({ label: 'Copy to the clipboard' });

  await page.getByRole('button', { name: 'Add an argument' }).click();
  await page.getByLabel('Name of argument 1').fill('lang');
  await page.getByLabel('Default of lang').fill('French');
  await page.getByLabel('Description of lang').fill('The language to write in');
  for (const option of ['French', 'German, Swiss']) {
    await page.getByLabel('Add an option to lang').fill(option);
    await page.getByLabel('Add an option to lang').press('Enter');
  }
  await page.getByRole('button', { name: 'Add an argument' }).click();
  await page.getByLabel('Name of argument 2').fill('topic');
  await page.getByRole('button', { name: 'Save fields' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();

  const text = fs.readFileSync(skillFile('notes'), 'utf8');
  expect(text).toContain(
    [
      'metadata:',
      '  skilldeck:',
      '    output: clipboard',
      '    arguments:',
      '      - name: lang',
      '        description: The language to write in',
      '        default: French',
      '        options:',
      '          - French',
      '          - German, Swiss',
      '      - topic',
      '',
    ].join('\n'),
  );
  const body = await page.locator('body').innerText();
  expect(body).not.toMatch(/insert_text|floating_card|save_memo|replace_selection/);

  // read back from the file into the form
  await page.reload();
  await expect(page.getByLabel('Default of lang')).toHaveValue('French');
  await expect(page.getByRole('group', { name: 'Options of lang' })).toContainText('German, Swiss');
  await expect(page.getByLabel('Name of argument 2')).toHaveValue('topic');
  await expect(output).toHaveValue('clipboard');
  const detail = await invoke('skills:get', { skillId: 'notes' });
  expect(detail.definition!.argumentSpecs).toEqual([
    {
      name: 'lang',
      description: 'The language to write in',
      default: 'French',
      options: ['French', 'German, Swiss'],
    },
    { name: 'topic' },
  ]);

  // each choice is written as the value the engine reads
  for (const [label, value] of [
    ['Replace the selection silently', 'replace_selection'],
    ['Insert after the selection', 'insert_after'],
    ['Show in a card', 'floating_card'],
    ['Save as a memo', 'save_memo'],
  ] as const) {
    await output.selectOption({ label });
    await page.getByRole('button', { name: 'Save fields' }).click();
    await expect.poll(() => fs.readFileSync(skillFile('notes'), 'utf8')).toContain(`    output: ${value}\n`);
  }

  // the engine fills the arguments the editor wrote: a word given, else the default
  await setInstructions(page, 'Write in $lang about $topic.');
  await page.getByRole('button', { name: 'Save fields' }).click();
  await expect
    .poll(() => fs.readFileSync(skillFile('notes'), 'utf8'))
    .toContain('Write in $lang about $topic.');
  const systems: (string | undefined)[] = [];
  for (const args of ['', 'German rivers']) {
    const asked = llm.requests.length;
    const { runId } = await invoke('runs:start', { skillId: 'notes', selection: 'x', arguments: args });
    expect((await settled(runId)).status).toBe('succeeded');
    systems.push(systemOf(llm.requests.slice(asked).find((r) => r.api === 'openai')!));
  }
  expect(systems).toEqual(['Write in French about .', 'Write in German about rivers.']);
});

test('a new skill from each template, edited in the form, passes skilldeck validate --strict', async ({
  page,
}) => {
  for (const [template, id] of [
    ['Prompt', 'strict-prompt'],
    ['Workflow', 'strict-workflow'],
    ['Agent', 'strict-agent'],
  ] as const) {
    await page.goto(`${host.url}#/skills`);
    await page.getByRole('button', { name: 'New skill' }).click();
    const dialog = page.getByRole('dialog', { name: 'New skill' });
    await dialog.getByLabel('Id (folder name)').fill(id);
    await dialog.getByText(template, { exact: true }).click();
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Edit ${id}` })).toBeVisible();

    await page.getByLabel('Where the result goes').selectOption({ label: 'Save as a memo' });
    await page.getByRole('combobox', { name: 'Model' }).fill('beta-2');
    await page.getByLabel('Provider').selectOption({ label: 'local' });
    await addConfig(page, 'tone', 'dry');
    await page.getByRole('button', { name: 'Add an argument' }).click();
    await page.getByLabel('Name of argument 1').fill('topic');
    await page.getByLabel('Default of topic').fill('news');
    await setInstructions(page, 'Write {{config.tone}} notes about $topic.');
    await page.getByRole('button', { name: 'Save fields' }).click();
    await expect(page.getByText('Saved.')).toBeVisible();
    await expect(page.getByTestId('editor-findings')).toContainText('No findings');

    const stdout = await strictVerdict(path.dirname(skillFile(id)));
    const [verdict] = JSON.parse(stdout) as { valid: boolean; errors: unknown[]; warnings: unknown[] }[];
    expect(verdict, `${template}\n${fs.readFileSync(skillFile(id), 'utf8')}`).toMatchObject({
      valid: true,
      errors: [],
      warnings: [],
    });
  }
});

for (const scheme of ['light', 'dark'] as const)
  test(`the form with an argument and a finished try has no serious axe violation (${scheme})`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await invoke('skills:create', { skillId: 'notes', template: 'prompt' });
    await openEditor(page, 'notes');
    await page.getByRole('button', { name: 'Add an argument' }).click();
    await page.getByLabel('Name of argument 1').fill('lang');
    await page.getByLabel('Add an option to lang').fill('French');
    await page.getByLabel('Add an option to lang').press('Enter');
    const panel = page.getByTestId('try-panel');
    await panel.getByLabel('Sample selection').fill('text');
    await panel.getByRole('button', { name: 'Try it' }).click();
    await expect(panel.getByTestId('try-result')).toContainText('Done');
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, targets: v.nodes.map((n) => n.target.join(' ')) }));
    expect(serious).toEqual([]);
  });
