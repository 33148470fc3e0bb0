// A run cut off by a crash of the host is resumed from the Runs page: `skilldeck serve` is killed
// (SIGKILL) while a workflow's second step streams; started again on the same data folder, the run is
// Interrupted, its panel offers Resume, and resuming asks the model only for the step that was cut off.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startLlmServer, type LlmServer, type RecordedRequest } from '../electron/core/testing/llm-server';
import { hostApi } from './helpers/host-api';
import { watchForPageErrors } from './helpers/page-errors';
import { startSkilldeckHost, type RunningHost } from './helpers/skilldeck-host';

let llm: LlmServer;
let host: RunningHost;
const { invoke, useLocalModel } = hostApi(() => host.url);
let root: string;

const systemOf = (r: RecordedRequest) =>
  (r.body as { messages: { role: string; content: string }[] }).messages.find((m) => m.role === 'system')
    ?.content ?? '';

test.beforeAll(async () => {
  llm = await startLlmServer();
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'skilldeck-resume-e2e-'));
  const skill = path.join(root, 'skills', 'two-steps', 'SKILL.md');
  fs.mkdirSync(path.dirname(skill), { recursive: true });
  fs.writeFileSync(
    skill,
    [
      '---',
      'name: two-steps',
      'description: Gathers, then writes.',
      'workflow:',
      '  steps:',
      '    - { id: gather, name: Gather, prompt: GATHER facts. }',
      '    - { id: write, name: Write, prompt: WRITE it., dependencies: [gather] }',
      '---',
      '',
    ].join('\n'),
  );
});

test.afterAll(async () => {
  await host?.stop();
  await llm?.close();
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

test('an interrupted workflow run is resumed from its panel; the finished step is not asked again', async ({
  page,
}) => {
  const dataDir = path.join(root, 'data');
  const skillsDirs = [path.join(root, 'skills')];
  let writes = 0;
  llm.setResponder((r) => {
    if (systemOf(r).startsWith('GATHER')) return { text: 'THE FACTS' };
    // the first answer streams for 10 s: the host is killed during it
    if (++writes === 1) return { chunks: Array.from({ length: 200 }, () => 'partial '), chunkDelayMs: 50 };
    return { text: 'THE FINAL TEXT' };
  });
  host = await startSkilldeckHost(dataDir, { skillsDirs });
  await useLocalModel(llm.url);
  const { runId } = await invoke('runs:start', { skillId: 'two-steps', input: 'go' });
  await expect
    .poll(async () =>
      (await invoke('runs:get', { runId })).events.some((e) => e.type === 'token' && e.stepId === 'write'),
    )
    .toBe(true);
  await host.kill();

  host = await startSkilldeckHost(dataDir, { skillsDirs });
  const problems = watchForPageErrors(page);
  const url = new URL(host.url);
  url.hash = '#/runs';
  await page.goto(url.toString());
  await page
    .getByTestId(`history-row-${runId}`)
    .getByRole('button', { name: /^Open run/ })
    .click();
  const panel = page.getByTestId('run-panel');
  await expect(panel.getByTestId('run-status')).toHaveText('Interrupted');
  const box = panel.getByTestId('run-interrupted');
  await expect(box).toContainText('This run was cut off');
  const before = llm.requests.length;
  await box.getByRole('button', { name: 'Resume' }).click();

  await expect(panel.getByTestId('run-status')).toHaveText('Succeeded');
  await expect(panel.getByText('THE FINAL TEXT')).toBeVisible();
  // the cut-off attempt's text is gone from the step, which says it ran again
  await expect(panel.getByText('partial partial')).toHaveCount(0);
  await expect(panel.getByText('the app stopped before this step finished')).toBeVisible();
  await expect(panel.getByTestId('run-interrupted')).toHaveCount(0);
  expect(llm.requests.slice(before).map((r) => systemOf(r).split(' ')[0])).toEqual(['WRITE']);
  expect(problems).toEqual([]);
});
