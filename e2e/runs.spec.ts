// The Runs page against the real headless host and the local wire-format model server: a prompt skill
// streaming into the run panel, the built-in video-script workflow step by step, an agent's permission
// prompts (allow once, deny with a reason that reaches the model) and an AskUser question.
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { RecordedRequest } from '../electron/core/testing/llm-server';
import { watchForPageErrors } from './helpers/page-errors';
import { openDashboard, serveWithModel, skillFile } from './helpers/serve';

const REPO_SKILLS = path.resolve(import.meta.dirname, '../skills');

const served = serveWithModel(
  'skilldeck-runs-e2e-',
  {
    'streamer/SKILL.md': skillFile('streamer', '', 'Answer the question in Markdown.'),
    'shell-agent/SKILL.md': skillFile(
      'shell-agent',
      'execution-mode: agent\nallowed-tools: [Bash, Write]\n',
      'Run the command, then write the file.',
    ),
    'asker/SKILL.md': skillFile('asker', 'execution-mode: agent\nallowed-tools: [AskUser]\n', 'Ask first.'),
    // a diamond with one branch skipped by its condition
    'branchy/SKILL.md': skillFile(
      'branchy',
      [
        'metadata:',
        '  skilldeck:',
        '    execution-mode: workflow',
        '    config:',
        '      length: short',
        '    workflow:',
        '      steps:',
        '        - { id: plan, name: Plan, prompt: Plan it. }',
        '        - { id: long, name: Long version, prompt: Go long., dependencies: [plan], condition: "${config.length} == \'long\'" }',
        '        - { id: short, name: Short version, prompt: Keep it short., dependencies: [plan] }',
        '        - { id: merge, name: Merge, prompt: Merge., dependencies: [long, short] }',
        '',
      ].join('\n'),
      'Branch.',
    ),
  },
  { skillsDirs: [REPO_SKILLS] },
);
const { invoke } = served.api;

async function openRuns(page: Page) {
  await openDashboard(page, served.host, '#/runs');
  await expect(page.getByRole('heading', { level: 1, name: 'Runs' })).toBeVisible();
}

async function startRun(page: Page, skillId: string, input: string) {
  const launcher = page.getByRole('form', { name: 'Start a run' });
  await expect(launcher.getByRole('option', { name: new RegExp(`\\b${skillId}\\b`) })).toHaveCount(1);
  await launcher.getByLabel('Skill').selectOption(skillId);
  await launcher.getByLabel('Input').fill(input);
  await launcher.getByRole('button', { name: 'Run' }).click();
}

/** The text of the tool messages the model received in one request. */
function toolResults(request: RecordedRequest): string[] {
  const messages = (request.body as { messages?: { role: string; content: unknown }[] }).messages ?? [];
  return messages
    .filter((m) => m.role === 'tool')
    .map((m) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content)));
}

test('a prompt skill streams into the run panel, rendered as Markdown', async ({ page, context }) => {
  const problems = watchForPageErrors(page);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  // as in the Electron window, which denies every permission request: Copy must still copy
  await page.addInitScript(
    "navigator.clipboard.writeText = () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError'));",
  );
  const chunks = [
    '# Plan\n\n',
    'First ',
    'part, ',
    '**bold** ',
    'and `code`',
    // a table whose delimiter row and a link whose URL arrive in two chunks
    '\n\n| Tool | Runs |\n| :--- | ',
    '---: |\n| vitest | 42 |\n\nSee [the guide](https://exa',
    'mple.com/guide).',
    '\n\n```js\nconst a',
    ' = 1;\n```\n\nThe end.',
  ];
  served.llm.script({ chunks, chunkDelayMs: 400 });
  await openRuns(page);
  await startRun(page, 'streamer', 'What is the plan?');

  const panel = page.getByTestId('run-panel');
  await expect(panel).toBeVisible();
  // Part of the answer shows while the run is still going.
  await expect(panel.getByText('First part,')).toBeVisible();
  await expect(panel.getByTestId('run-status')).toHaveText('Running');
  await expect(panel.getByText('The end.')).toHaveCount(0);

  await expect(panel.getByTestId('run-status')).toHaveText('Succeeded', { timeout: 15_000 });
  await expect(panel.getByText('The end.')).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'Plan' })).toBeVisible();
  await expect(panel.locator('strong', { hasText: 'bold' })).toBeVisible();
  await expect(panel.locator('pre code')).toHaveText('const a = 1;');
  await expect(panel.locator('table th[scope="col"]')).toHaveText(['Tool', 'Runs']);
  await expect(panel.getByRole('link', { name: 'the guide' })).toHaveAttribute(
    'href',
    'https://example.com/guide',
  );
  await page.screenshot({ path: 'e2e-artifacts/runs-panel.png', fullPage: true });

  await panel.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(panel.getByText('Copied.')).toBeVisible();
  expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(chunks.join(''));

  // The history lists it; opening it again shows the same steps.
  const row = page.locator('tr', { hasText: 'streamer' }).first();
  await expect(row).toBeVisible();
  await panel.getByRole('button', { name: 'Close the run panel' }).click();
  await row.getByRole('button', { name: /^Open run/ }).click();
  await expect(page.getByTestId('run-panel').getByText('The end.')).toBeVisible();
  expect(problems).toEqual([]);
});

test('the video-script workflow runs its four steps in dependency order, drawn as a graph', async ({
  page,
}) => {
  const problems = watchForPageErrors(page);
  served.llm.setResponder((request) => ({
    text: `answer ${served.llm.requests.indexOf(request) + 1}`,
    delayMs: 700,
  }));
  await openRuns(page);
  // Record every status each graph node shows, in the order the page shows them.
  await page.evaluate(`(() => {
    window.__transitions = [];
    const last = {};
    const record = () => {
      for (const el of document.querySelectorAll('[data-dag-node]')) {
        const id = el.dataset.dagNode;
        if (last[id] !== el.dataset.status) {
          last[id] = el.dataset.status;
          window.__transitions.push(id + ':' + el.dataset.status);
        }
      }
    };
    new MutationObserver(record).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-status'] });
  })()`);
  await startRun(page, 'video-script', 'Why cats purr');

  const panel = page.getByTestId('run-panel');
  const graph = panel.getByTestId('workflow-dag');
  // A workflow run opens on its graph: one node per step, one edge per dependency.
  await expect(panel.getByRole('button', { name: 'Graph', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(graph.locator('[data-dag-node]')).toHaveCount(4);
  expect(await graph.locator('.react-flow__edge').count()).toBeGreaterThanOrEqual(3);
  await expect(graph.getByTestId('dag-node-analysis')).toHaveAttribute('data-status', 'succeeded');
  // the step running now is followed below the graph
  await expect(panel.getByTestId('dag-detail').locator('[data-step][data-status="running"]')).toHaveCount(1);
  await page.screenshot({ path: 'e2e-artifacts/runs-dag-running.png', fullPage: true });

  await expect(panel.getByTestId('run-status')).toHaveText('Succeeded', { timeout: 30_000 });
  for (const step of ['analysis', 'outline', 'script', 'shots'])
    await expect(graph.getByTestId(`dag-node-${step}`)).toHaveAttribute('data-status', 'succeeded');
  const shown = (await page.evaluate('window.__transitions')) as string[];
  expect(shown.filter((s) => !s.endsWith(':pending'))).toEqual([
    'analysis:running',
    'analysis:succeeded',
    'outline:running',
    'outline:succeeded',
    'script:running',
    'script:succeeded',
    'shots:running',
    'shots:succeeded',
  ]);
  await expect(graph.getByTestId('dag-node-shots')).toContainText('Succeeded');

  // Keyboard: Tab goes from node to node; Enter shows that step's output below the graph.
  await graph.getByTestId('dag-node-analysis').focus();
  await page.keyboard.press('Tab');
  await expect(graph.getByTestId('dag-node-outline')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(graph.getByTestId('dag-node-outline')).toHaveAttribute('aria-pressed', 'true');
  const detail = panel.getByTestId('dag-detail');
  await expect(detail.locator('[data-step]')).toHaveCount(1);
  await expect(detail.getByTestId('run-step-outline')).toContainText(/answer \d+/);
  await page.screenshot({ path: 'e2e-artifacts/runs-dag-done.png', fullPage: true });

  // Mouse: the node itself is what is under the pointer (not the graph's pane), and a click picks it.
  const script = graph.getByTestId('dag-node-script');
  const box = (await script.boundingBox())!;
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  const hit = await script.evaluate(
    (el, [px, py]) =>
      el.ownerDocument.elementFromPoint(px!, py!)?.closest('[data-dag-node]')?.getAttribute('data-dag-node'),
    [x, y],
  );
  expect(hit).toBe('script');
  await page.mouse.click(x, y);
  await expect(script).toHaveAttribute('aria-pressed', 'true');
  await expect(graph.getByTestId('dag-node-outline')).toHaveAttribute('aria-pressed', 'false');
  await expect(detail.getByTestId('run-step-script')).toBeVisible();

  // The list shows the same four steps.
  await panel.getByRole('button', { name: 'List', exact: true }).click();
  await expect(graph).toHaveCount(0);
  for (const step of ['analysis', 'outline', 'script', 'shots'])
    await expect(panel.getByTestId(`run-step-${step}`)).toHaveAttribute('data-status', 'succeeded');
  await expect(panel.locator('[data-step]')).toHaveCount(4);
  expect(problems).toEqual([]);
  served.llm.setResponder(() => ({ text: 'ok' }));
});

test('a skipped step is dimmed in the graph, with its reason on hover and on focus', async ({ page }) => {
  const problems = watchForPageErrors(page);
  served.llm.setResponder(() => ({ text: 'done', delayMs: 100 }));
  await openRuns(page);
  await startRun(page, 'branchy', 'anything');

  const panel = page.getByTestId('run-panel');
  const graph = panel.getByTestId('workflow-dag');
  await expect(panel.getByTestId('run-status')).not.toHaveText('Running', { timeout: 30_000 });
  await expect(graph.locator('[data-dag-node]')).toHaveCount(4);
  await expect(graph.locator('.react-flow__edge')).toHaveCount(4);
  const long = graph.getByTestId('dag-node-long');
  await expect(long).toHaveAttribute('data-status', 'skipped');
  await expect(long).toContainText('Skipped');
  await expect(graph.getByTestId('dag-node-short')).toHaveAttribute('data-status', 'succeeded');
  // the two branches sit one above the other, between plan and merge
  const box = async (id: string) => (await graph.getByTestId(`dag-node-${id}`).boundingBox())!;
  const plan = await box('plan');
  const longBox = await box('long');
  const short = await box('short');
  const merge = await box('merge');
  expect(longBox.x).toBeCloseTo(short.x, 0);
  expect(longBox.y).toBeLessThan(short.y);
  expect(plan.x).toBeLessThan(longBox.x);
  expect(merge.x).toBeGreaterThan(longBox.x);
  await expect(graph.getByTestId('dag-node-long')).toContainText('Long version');

  const tip = graph.getByRole('tooltip').filter({ hasText: 'Skipped:' });
  await expect(tip).toBeHidden();
  await long.hover(); // the pointer reaches the node, so its tooltip shows on hover too
  await expect(tip).toBeVisible();
  await page.mouse.move(0, 0);
  await expect(tip).toBeHidden();
  await long.focus();
  await expect(tip).toBeVisible();
  await expect(long).toHaveAccessibleDescription(/Skipped: .*long/);
  await page.screenshot({ path: 'e2e-artifacts/runs-dag-skipped.png', fullPage: true });
  expect(problems).toEqual([]);
  served.llm.setResponder(() => ({ text: 'ok' }));
});

test('an agent asks before Bash and Write: allow once, then deny with a reason the model receives', async ({
  page,
}) => {
  const problems = watchForPageErrors(page);
  const before = served.llm.requests.length;
  served.llm.script(
    { toolCalls: [{ id: 'c1', name: 'Bash', arguments: '{"command":"echo hi"}' }] },
    { toolCalls: [{ id: 'c2', name: 'Write', arguments: '{"file_path":"notes.txt","content":"hello\\n"}' }] },
    { text: 'All done.' },
  );
  await openRuns(page);
  await startRun(page, 'shell-agent', 'go');

  const dialog = page.getByTestId('permission-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Allow Bash?' })).toBeVisible();
  await expect(dialog).toContainText('echo hi');
  await expect(dialog).toContainText('The permission mode “Ask first” asks before Bash.');
  // confined where this machine has bubblewrap, else said plainly
  await expect(dialog.getByTestId('permission-sandbox')).toHaveText(
    /^(Runs in a sandbox \(bubblewrap\): .* No network\.|No sandbox on this computer: .*)$/,
  );
  await expect(dialog).toContainText('Denied automatically in');
  await expect(dialog.getByLabel('Rule “Always for this skill” saves')).not.toHaveValue('');
  await expect(dialog.getByRole('button', { name: 'Allow once' })).toBeFocused();
  await expect(dialog).toContainText('Enter allow once');
  await page.keyboard.press('Enter');

  await expect(dialog.getByRole('heading', { name: 'Allow Write?' })).toBeVisible();
  await expect(dialog.getByTestId('permission-diff')).toContainText('+hello');
  await page.screenshot({ path: 'e2e-artifacts/runs-permission-prompt.png' });
  await dialog.getByLabel('Reason for denying (optional)').fill('not in this folder');
  await dialog.getByRole('button', { name: 'Deny' }).click();
  await expect(dialog).toBeHidden();

  const panel = page.getByTestId('run-panel');
  await expect(panel.getByTestId('run-status')).toHaveText('Succeeded', { timeout: 15_000 });
  await expect(panel.getByTestId('tool-call-c1')).toContainText('hi');
  await expect(panel.getByTestId('tool-call-c2')).toHaveAttribute('data-state', /denied|error/);
  await expect(panel.getByText('All done.')).toBeVisible();
  await panel
    .getByTestId('tool-call-c1')
    .getByText(/^Full result/)
    .click();
  await page.screenshot({ path: 'e2e-artifacts/runs-agent-panel.png', fullPage: true });
  expect(problems).toEqual([]);

  const third = served.llm.requests[before + 2]!;
  expect(toolResults(third).join('\n')).toContain('not in this folder');
});

test('an AskUser question is answered by clicking an option', async ({ page }) => {
  const before = served.llm.requests.length;
  served.llm.script(
    {
      toolCalls: [
        { id: 'q1', name: 'AskUser', arguments: '{"question":"Which color?","options":["red","blue"]}' },
      ],
    },
    { text: 'Painted it blue.' },
  );
  await openRuns(page);
  await startRun(page, 'asker', 'paint');

  const dialog = page.getByTestId('ask-user-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Which color?');
  await expect(page.getByTestId('run-status')).toHaveText('Waiting');
  await page.screenshot({ path: 'e2e-artifacts/runs-ask-user.png' });
  await dialog.getByRole('button', { name: 'blue' }).click();
  await expect(dialog).toBeHidden();

  const panel = page.getByTestId('run-panel');
  await expect(panel.getByTestId('run-status')).toHaveText('Succeeded', { timeout: 15_000 });
  await expect(panel.getByText('Painted it blue.')).toBeVisible();
  expect(toolResults(served.llm.requests[before + 1]!).join('\n')).toContain('blue');
});

test('a prompt opened before the page loaded is shown from permissions:pending; Esc denies', async ({
  page,
}) => {
  served.llm.script(
    { toolCalls: [{ id: 'c9', name: 'Bash', arguments: '{"command":"echo early"}' }] },
    { text: 'Stopped.' },
  );
  const { runId } = await invoke('runs:start', { skillId: 'shell-agent', input: 'early' });
  await expect.poll(async () => (await invoke('permissions:pending', undefined)).length).toBe(1);

  await openRuns(page);
  const dialog = page.getByTestId('permission-dialog');
  await expect(dialog.getByRole('heading', { name: 'Allow Bash?' })).toBeVisible();
  await expect(dialog).toContainText('echo early');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect.poll(async () => (await invoke('runs:get', { runId })).status).toBe('succeeded');
  const run = await invoke('runs:get', { runId });
  expect(run.events).toContainEqual(
    expect.objectContaining({ type: 'permission_decision', decision: 'deny', source: 'user' }),
  );
});

test('a provider that refuses the key: the failed run reads in the page language when opened from the history', async ({
  page,
}) => {
  const problems = watchForPageErrors(page);
  served.llm.script({ status: 401 });
  const { runId } = await invoke('runs:start', { skillId: 'streamer', input: 'hi' });
  await openDashboard(page, served.host, '#/runs', 'zh-CN');
  const refused = '服务商拒绝了 API 密钥（401）——请在设置中检查“local”的密钥';
  await page.getByRole('button', { name: `打开 streamer 的运行 ${runId}` }).click();
  const panel = page.getByTestId('run-panel');
  await expect(panel.getByRole('alert')).toHaveText(refused);
  await expect(panel.locator('.step-errors')).toContainText(`第 1 次尝试失败：${refused}`);
  await expect(panel).not.toContainText('refused the API key');
  expect(problems).toEqual([]);
});
