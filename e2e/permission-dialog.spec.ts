// The permission and AskUser dialogs say what a person needs: the skill by its name (no internal step ids
// such as "agent" or run ids), the working folder's absolute path, and "no change" for a write that would
// leave the file as it is.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startLlmServer, type LlmServer } from '../electron/core/testing/llm-server';
import { hostApi } from './helpers/host-api';
import { watchForPageErrors } from './helpers/page-errors';
import { startSkilldeckHost, type RunningHost } from './helpers/skilldeck-host';

let llm: LlmServer;
let host: RunningHost;
let root: string;
let work: string;
const api = hostApi(() => host.url);

test.beforeAll(async () => {
  llm = await startLlmServer();
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'skilldeck-prompt-e2e-'));
  work = path.join(root, 'project');
  fs.mkdirSync(work);
  const skills = path.join(root, 'skills');
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(skills, file)), { recursive: true });
    fs.writeFileSync(path.join(skills, file), text);
  };
  write(
    'note-writer/SKILL.md',
    '---\nname: note-writer\ndescription: Writes notes.\nexecution-mode: agent\nallowed-tools: [Write]\n---\nWrite.\n',
  );
  write(
    'asker/SKILL.md',
    '---\nname: asker\ndescription: Asks.\nexecution-mode: agent\nallowed-tools: [AskUser]\n---\nAsk.\n',
  );
  host = await startSkilldeckHost(path.join(root, 'data'), { skillsDirs: [skills] });
  await api.useLocalModel(llm.url);
});

test.afterAll(async () => {
  await host?.stop();
  await llm?.close();
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

// eslint-disable-next-line no-empty-pattern
test.afterEach(async ({}, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus) {
    await testInfo.attach('skilldeck serve output', { body: host.output() });
  }
});

async function openRuns(page: Page, language: 'en' | 'zh-CN' = 'en') {
  await page.addInitScript(`localStorage.setItem('skilldeck.language', '${language}')`);
  const url = new URL(host.url);
  url.hash = '#/runs';
  await page.goto(url.toString());
}

test('a write that changes nothing says so; the working folder is named; no internal labels', async ({
  page,
}) => {
  const problems = watchForPageErrors(page);
  fs.writeFileSync(path.join(work, 'notes.txt'), 'hello\n');
  llm.script(
    { toolCalls: [{ id: 'w1', name: 'Write', arguments: '{"file_path":"notes.txt","content":"hello\\n"}' }] },
    { toolCalls: [{ id: 'w2', name: 'Write', arguments: '{"file_path":"notes.txt","content":"bye\\n"}' }] },
    { text: 'Done.' },
  );
  await openRuns(page);
  const { runId } = await api.invoke('runs:start', { skillId: 'note-writer', input: 'go', workdir: work });

  const dialog = page.getByTestId('permission-dialog');
  await expect(dialog.getByRole('heading', { name: 'Allow Write?' })).toBeVisible();
  await expect(dialog.getByTestId('permission-context')).toHaveText('Skill note-writer');
  await expect(dialog.getByTestId('permission-workdir')).toHaveText(
    `Working folder: ${fs.realpathSync(work)}`,
  );
  await expect(dialog).not.toContainText(/\bstep\b/i);
  await expect(dialog).not.toContainText(runId);
  await expect(dialog.getByTestId('permission-no-change')).toHaveText(
    'No change: notes.txt already holds exactly this text.',
  );
  await expect(dialog.getByTestId('permission-diff')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Allow once' }).click();

  // a real change: the diff, and no "no change"
  await expect(dialog.getByTestId('permission-diff')).toContainText('+bye');
  await expect(dialog.getByTestId('permission-no-change')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Deny' }).click();
  await expect(dialog).toBeHidden();
  await api.settled(runId);
  expect(problems).toEqual([]);
});

test('in Chinese, and the AskUser dialog shows no step or run id either', async ({ page }) => {
  llm.script(
    { toolCalls: [{ id: 'w3', name: 'Write', arguments: '{"file_path":"other.txt","content":"x"}' }] },
    { text: 'Done.' },
  );
  await openRuns(page, 'zh-CN');
  const { runId } = await api.invoke('runs:start', { skillId: 'note-writer', input: 'go', workdir: work });
  const dialog = page.getByTestId('permission-dialog');
  await expect(dialog.getByTestId('permission-context')).toHaveText('技能 note-writer');
  await expect(dialog.getByTestId('permission-workdir')).toHaveText(`工作文件夹：${fs.realpathSync(work)}`);
  await expect(dialog).not.toContainText('步骤');
  await dialog.getByRole('button', { name: '拒绝' }).click();
  await api.settled(runId);

  llm.script(
    {
      toolCalls: [{ id: 'q1', name: 'AskUser', arguments: '{"question":"Which one?","options":["a","b"]}' }],
    },
    { text: 'Ok.' },
  );
  const asked = await api.invoke('runs:start', { skillId: 'asker', input: 'go' });
  const ask = page.getByTestId('ask-user-dialog');
  await expect(ask).toContainText('Which one?');
  await expect(ask.getByTestId('ask-context')).toHaveText('技能 asker');
  await expect(ask).not.toContainText(asked.runId);
  await expect(ask).not.toContainText('步骤');
  await ask.getByRole('button', { name: 'a', exact: true }).click();
  await api.settled(asked.runId);
});
