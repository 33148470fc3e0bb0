// The permission and AskUser dialogs say what a person needs: the skill by its name (no internal step ids
// such as "agent" or run ids), the working folder's absolute path, and "no change" for a write that would
// leave the file as it is.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { watchForPageErrors } from './helpers/page-errors';
import { openDashboard, serveWithModel } from './helpers/serve';

const served = serveWithModel('skilldeck-prompt-e2e-', {
  'note-writer/SKILL.md':
    '---\nname: note-writer\ndescription: Writes notes.\nexecution-mode: agent\nallowed-tools: [Write]\n---\nWrite.\n',
  'asker/SKILL.md':
    '---\nname: asker\ndescription: Asks.\nexecution-mode: agent\nallowed-tools: [AskUser]\n---\nAsk.\n',
});
const api = served.api;
let work: string;

test.beforeAll(() => {
  work = path.join(served.root, 'project');
  fs.mkdirSync(work);
});

const openRuns = (page: Page, language: 'en' | 'zh-CN' = 'en') =>
  openDashboard(page, served.host, '#/runs', language);

test('a write that changes nothing says so; the working folder is named; no internal labels', async ({
  page,
}) => {
  const problems = watchForPageErrors(page);
  fs.writeFileSync(path.join(work, 'notes.txt'), 'hello\n');
  served.llm.script(
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
  served.llm.script(
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

  served.llm.script(
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
