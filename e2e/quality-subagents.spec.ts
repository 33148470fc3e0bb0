// The run panel against the real headless host and the wire-format model server: a workflow step with a
// quality check shows its score (every attempt's on unfolding), and an agent's sub-agent shows as a folded
// card under the step that started it — running in the background until it ends and TaskOutput reads it.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type { PlannedResponse, RecordedRequest } from '../electron/core/testing/llm-server';
import { watchForPageErrors } from './helpers/page-errors';
import { openDashboard, serveWithModel, skillFile } from './helpers/serve';

const served = serveWithModel('skilldeck-quality-e2e-', {
  'essay/SKILL.md': skillFile(
    'essay',
    [
      'workflow:',
      '  steps:',
      '    - id: draft',
      '      name: Draft',
      '      prompt: Write a short essay with two examples.',
      '      quality:',
      '        threshold: 70',
      '',
    ].join('\n'),
    'Essays.',
  ),
  'scout/SKILL.md': skillFile('scout', 'allowed-tools: [Task, Read, Glob]\n', 'Send a scout, then report.'),
});

async function startRun(page: Page, skillId: string, input: string) {
  await openDashboard(page, served.host, '#/runs');
  const launcher = page.getByRole('form', { name: 'Start a run' });
  await expect(launcher.getByRole('option', { name: new RegExp(`\\b${skillId}\\b`) })).toHaveCount(1);
  await launcher.getByLabel('Skill').selectOption(skillId);
  await launcher.getByLabel('Input').fill(input);
  await launcher.getByRole('button', { name: 'Run' }).click();
}

const systemText = (request: RecordedRequest) => {
  const messages = (request.body as { messages?: { role: string; content: unknown }[] }).messages ?? [];
  return JSON.stringify(messages.find((m) => m.role === 'system')?.content ?? '');
};
const toolCall = (id: string, name: string, input: unknown): PlannedResponse => ({
  toolCalls: [{ id, name, arguments: JSON.stringify(input) }],
});

test('a step with a quality check shows its score, and every attempt’s on unfolding', async ({ page }) => {
  const problems = watchForPageErrors(page);
  const { llm } = served;
  llm.script(
    { text: 'Owls are birds.' },
    { text: JSON.stringify({ score: 40, reason: 'It gives no examples.' }) },
    { text: 'Owls hunt at night: the barn owl and the snowy owl.', delayMs: 300 },
    { text: JSON.stringify({ score: 88, reason: 'Two clear examples.' }) },
  );
  await startRun(page, 'essay', 'Write about owls.');
  const panel = page.getByTestId('run-panel');
  await expect(panel.getByTestId('run-status')).toHaveText('Succeeded', { timeout: 15_000 });

  const score = panel.getByTestId('quality-draft');
  await expect(score).toHaveText('Quality 88/100 · 2 attempts');
  await expect(score).toHaveAttribute('data-passed', 'true');
  // hovering says both attempts
  await expect(score).toHaveAttribute(
    'title',
    'Attempt 1: 40/100, below 70 — It gives no examples.\nAttempt 2: 88/100, passes at 70 — Two clear examples.',
  );
  await expect(panel.getByTestId('quality-attempts-draft')).toHaveCount(0);
  await score.click();
  await expect(score).toHaveAttribute('aria-expanded', 'true');
  await expect(panel.getByTestId('quality-attempts-draft').locator('li')).toHaveText([
    'Attempt 1: 40/100, below 70 — It gives no examples.',
    'Attempt 2: 88/100, passes at 70 — Two clear examples.',
  ]);
  // the step shows the answer that passed, not the first one
  await expect(panel.getByText('Owls hunt at night')).toBeVisible();
  await expect(panel.getByText('Owls are birds.')).toHaveCount(0);
  expect(systemText(llm.requests.at(-2)!)).toContain(
    'A reviewer scored the previous attempt 40/100: It gives no examples.',
  );

  // the same, opened again from the history (the verdicts stored with the step)
  await panel.getByRole('button', { name: 'Close the run panel' }).click();
  await page
    .locator('tr', { hasText: 'essay' })
    .first()
    .getByRole('button', { name: /^Open run/ })
    .click();
  await expect(page.getByTestId('quality-draft')).toHaveText('Quality 88/100 · 2 attempts');
  await page.getByTestId('quality-draft').click();
  const axe = await new AxeBuilder({ page }).include('[data-testid="run-panel"]').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
    [],
  );
  expect(problems).toEqual([]);
});

test('a background sub-agent is a folded card under its step: running, then its work and result', async ({
  page,
}) => {
  const problems = watchForPageErrors(page);
  const { llm } = served;
  let release: () => void = () => undefined;
  const subDone = new Promise<void>((resolve) => (release = resolve));
  let main = 0;
  let sub = 0;
  llm.setResponder(async (request) => {
    if (systemText(request).includes('# Sub-agent')) {
      sub++;
      if (sub === 1) return toolCall('g1', 'Glob', { pattern: '*.md' });
      await subDone; // the card shows it running until the test lets it answer
      return { text: 'Found **no notes** here.' };
    }
    main++;
    if (main === 1)
      return toolCall('t1', 'Task', {
        description: 'look for notes',
        prompt: 'List the Markdown notes in the folder.',
        subagent_type: 'explore',
        run_in_background: true,
      });
    if (main === 2) return toolCall('o1', 'TaskOutput', { task_id: 'task_1' });
    return { text: 'The scout found no notes.' };
  });
  await startRun(page, 'scout', 'Find my notes.');
  const panel = page.getByTestId('run-panel');
  const card = panel.getByTestId('subagent-task-1');
  // under the agent's step, not a step of its own
  await expect(panel.getByTestId('run-step-agent').getByTestId('subagent-task-1')).toBeVisible();
  await expect(panel.getByTestId('run-step-task-1')).toHaveCount(0);
  await expect(card.locator(':scope > summary')).toContainText('Sub-agent: explore');
  await expect(card.locator(':scope > summary')).toContainText('look for notes');
  await expect(card.locator(':scope > summary')).toContainText('In the background');
  await expect(card).toHaveAttribute('data-status', 'running');
  await expect(card.locator(':scope > summary .status-badge')).toHaveText('Running');
  // folded until opened
  await expect(card.getByText('List the Markdown notes in the folder.')).toBeHidden();
  await card.locator(':scope > summary').click();
  await expect(card.getByText('List the Markdown notes in the folder.')).toBeVisible();
  await expect(card.getByTestId('tool-call-g1')).toContainText('Glob');

  release();
  await expect(panel.getByTestId('run-status')).toHaveText('Succeeded', { timeout: 15_000 });
  await expect(card).toHaveAttribute('data-status', 'succeeded');
  await expect(card.locator(':scope > summary .status-badge')).toHaveText('Succeeded');
  await expect(card.locator('strong', { hasText: 'no notes' })).toBeVisible();
  await expect(card.getByTestId('subagent-read')).toHaveText('The agent read its result (TaskOutput).');
  await expect(panel.getByTestId('tool-call-o1')).toContainText('TaskOutput');
  await expect(panel.getByTestId('run-step-agent').getByText('The scout found no notes.')).toBeVisible();
  // the card, unfolded, and the score pass axe's checks (contrast in the theme, names of controls)
  const axe = await new AxeBuilder({ page }).include('[data-testid="run-panel"]').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
    [],
  );
  expect(problems).toEqual([]);
});
