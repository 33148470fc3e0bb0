import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { missingCommands, startXvfb, type Xvfb } from '../electron/core/desktop/linux/test-support';
import { startLlmServer, type LlmServer } from '../electron/core/testing/llm-server';
import { hostApi } from './helpers/host-api';
import { watchForPageErrors } from './helpers/page-errors';
import { startSkilldeckHost, type RunningHost } from './helpers/skilldeck-host';

// Settings › Apps against `skilldeck serve --desktop` on a real X server with a real xterm: a hotkey's run
// pastes into xterm with xterm's key (its shipped rule), the page offers xterm as seen lately, a rule
// saved there changes how the next run pastes (typed out), and deleting it brings the shipped rule back.
// The xterm runs `cat` on a raw terminal into a file: what reaches it is what it received.
// With SKILLDECK_SHOTS set, the screenshots also go to that folder.

const missing = missingCommands(['Xvfb', 'xdotool', 'xclip', 'xprop', 'xterm']);
test.skip(
  missing.length > 0,
  `needs ${missing.join(', ')} (apt-get install xvfb xdotool xclip x11-utils xterm)`,
);

const SHOTS = process.env.SKILLDECK_SHOTS;
let xvfb: Xvfb;
let xterm: ChildProcess;
let llm: LlmServer;
let host: RunningHost;
let root: string;
let received: string;
const { invoke, settled, useLocalModel } = hostApi(() => host.url);

const env = () => ({ ...process.env, DISPLAY: xvfb.display });
/** Sets PRIMARY (xclip forks a child that keeps it: its stdout must not be a pipe we wait on). */
const selectText = (text: string) =>
  execFileSync('xclip', ['-selection', 'primary', '-i'], {
    env: env(),
    input: text,
    stdio: ['pipe', 'ignore', 'ignore'],
  });
const inXterm = () => fs.readFileSync(received, 'utf8').replace(/\r/g, '\n');

test.beforeAll(async () => {
  xvfb = await startXvfb();
  llm = await startLlmServer();
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'skilldeck-apps-'));
  received = path.join(root, 'received');
  fs.writeFileSync(received, '');
  const skills = path.join(root, 'skills');
  fs.mkdirSync(path.join(skills, 'polish'), { recursive: true });
  fs.writeFileSync(
    path.join(skills, 'polish', 'SKILL.md'),
    '---\nname: polish\ndescription: Fixes the spelling of the selected text.\n---\nFix the spelling.\n',
  );
  xterm = spawn('xterm', ['-e', 'sh', '-c', `stty raw -echo; exec cat >> '${received}'`], {
    env: env(),
    stdio: 'ignore',
  });
  await expect
    .poll(() => {
      try {
        const id = execFileSync('xdotool', ['search', '--onlyvisible', '--class', 'xterm'], { env: env() });
        execFileSync('xdotool', ['windowfocus', id.toString().trim().split('\n')[0]!], { env: env() });
        return execFileSync('xdotool', ['getwindowfocus'], { env: env() }).toString().trim() !== '';
      } catch {
        return false;
      }
    })
    .toBe(true);
  host = await startSkilldeckHost(path.join(root, 'data'), {
    skillsDirs: [skills],
    args: ['--desktop'],
    env: { DISPLAY: xvfb.display },
  });
  await useLocalModel(llm.url);
});

test.afterAll(async () => {
  xterm?.kill();
  await host?.stop();
  await llm?.close();
  await xvfb?.stop();
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

async function runInXterm(selected: string, answer: string) {
  fs.writeFileSync(received, '');
  selectText(selected);
  llm.script({ text: answer });
  const { runId, app } = await invoke('trigger:run', { skillId: 'polish', source: 'cli' });
  expect(app).toBe('xterm');
  await settled(runId);
  await expect.poll(inXterm).toBe(answer);
}

async function openApps(page: Page, language: 'en' | 'zh-CN' = 'en') {
  await page.addInitScript(`localStorage.setItem('skilldeck.language', '${language}')`);
  const url = new URL(host.url);
  url.hash = '#/settings';
  await page.goto(url.toString());
  const section = page.getByTestId('apps-section');
  await expect(section.getByRole('heading', { level: 2 })).toBeVisible();
  return section;
}

async function shoot(page: Page, name: string) {
  await page.getByTestId('apps-section').scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

test('xterm: pasted with its own key, offered as seen, a rule saved in Settings › Apps changes the next paste', async ({
  page,
}) => {
  const problems = watchForPageErrors(page);
  // the shipped rule: xterm pastes with Shift+Insert (Ctrl+V would be a literal ^V there)
  await runInXterm('teh text', 'the text');
  expect((await invoke('apps:list', undefined)).seen).toContain('xterm');

  await page.setViewportSize({ width: 1440, height: 900 });
  const section = await openApps(page);
  await expect(section.getByText('No rules of your own yet.')).toBeVisible();
  const form = section.getByRole('form', { name: 'Add or change a rule' });
  await form.getByRole('group', { name: 'Seen lately:' }).getByRole('button', { name: 'xterm' }).click();
  await expect(form.getByLabel('Application', { exact: true })).toHaveValue('xterm');
  await form.getByLabel('Reading the selection').selectOption('never');
  await expect(form.getByLabel('Reading the selection')).toHaveAccessibleDescription(/No key is ever sent/);
  await form.getByLabel('Paste with').selectOption('type');
  await form.getByLabel('Default skill').selectOption('polish');
  await form.getByLabel('Wait before restoring the clipboard (ms)').fill('soon');
  await form.getByRole('button', { name: 'Save rule' }).click();
  await expect(form.getByRole('alert')).toHaveText(
    'The wait is a whole number of milliseconds (or leave it empty).',
  );
  await form.getByLabel('Wait before restoring the clipboard (ms)').fill('800');
  await form.getByLabel('Do not show the selection toolbar in this app').check();
  await shoot(page, 'apps-form-light-1440');
  await form.getByRole('button', { name: 'Save rule' }).click();
  await expect(section.getByTestId('apps-status')).toHaveText('Saved the rule for xterm.');
  const mine = section.getByRole('list', { name: 'Your rules' }).getByTestId('app-rule-user');
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText('Changes a built-in rule');
  await expect(mine).toContainText(
    'no keystrokes · types it out · no toolbar · launcher starts at polish · waits 800 ms',
  );
  await shoot(page, 'apps-light-1440');

  // the next run follows the rule: typed out into xterm
  await runInXterm('teh cat', 'the cat — typed');
  await page.reload();
  await expect(section.getByRole('list', { name: 'Your rules' }).getByTestId('app-rule-user')).toHaveCount(1);

  // Edit fills the form; "Back to built-in" drops the user's rule
  await section.getByRole('button', { name: 'Edit the rule for xterm' }).click();
  await expect(form.getByLabel('Paste with')).toHaveValue('type');
  await section.getByRole('button', { name: 'Put the built-in rule for xterm back' }).click();
  await expect(section.getByTestId('apps-status')).toHaveText('xterm follows its built-in rule again.');
  await expect(section.getByText('No rules of your own yet.')).toBeVisible();
  const rules = await invoke('apps:list', undefined);
  expect(rules.rules.find((r) => r.app === 'xterm')).toMatchObject({
    origin: 'builtin',
    pasteKey: 'shift+insert',
  });
  expect(problems).toEqual([]);
});

test('Settings › Apps: a user rule for another app, the built-in list; dark, 简体中文, small window', async ({
  page,
}) => {
  const problems = watchForPageErrors(page);
  await invoke('apps:save', {
    app: 'code',
    capture: 'copy',
    pasteKey: 'ctrl+v',
    toolbarExcluded: false,
    defaultSkill: null,
    restoreDelayMs: null,
  });
  for (const [scheme, language, width, height] of [
    ['light', 'en', 800, 600],
    ['dark', 'en', 1440, 900],
    ['dark', 'en', 800, 600],
    ['light', 'zh-CN', 1440, 900],
    ['light', 'zh-CN', 800, 600],
  ] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width, height });
    const section = await openApps(page, language);
    await expect(section.getByTestId('app-rule-user')).toHaveCount(1);
    await section.locator('details summary').click();
    await expect(section.getByTestId('app-rule-builtin').first()).toBeVisible();
    if (language === 'zh-CN') {
      await expect(section.getByRole('heading', { level: 2 })).toHaveText('应用');
      await expect(section.getByTestId('app-rule-user')).toContainText('先发复制键');
    }
    await section.getByRole('button', { name: /Edit the rule for code|编辑 code 的规则/ }).click();
    await shoot(page, `apps-${scheme}-${language}-${width}`);
  }
  await invoke('apps:delete', { app: 'code' });
  expect(problems).toEqual([]);
});
