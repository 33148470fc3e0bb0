// The dashboard in 简体中文 on every page that shows what happened: dates through Intl in the page's language
// and one format family on every page (runs, history, memos, permission rules and audit), permission
// decisions and their reasons in words, YAML errors in words, "创建副本" for Duplicate.
import { expect, test, type Locator } from '@playwright/test';
import { watchForPageErrors } from './helpers/page-errors';
import { openDashboard, serveWithModel } from './helpers/serve';

const ZH_DATE = /^\d{4}年\d{1,2}月\d{1,2}日 \d{2}:\d{2}$/;
const EN_DATE = /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s?[AP]M$/;

const served = serveWithModel('skilldeck-zh-e2e-', {
  'shell-agent/SKILL.md':
    '---\nname: shell-agent\ndescription: Runs a command, writes a file.\nexecution-mode: agent\nallowed-tools: [Bash, Write]\n---\nGo.\n',
  'unquoted/SKILL.md': '---\nname: unquoted\ndescription: "never closed\n---\nBody.\n',
});
const api = served.api;

test.beforeAll(async () => {
  // an agent run: Bash allowed once, Write denied with a reason
  served.llm.script(
    { toolCalls: [{ id: 'c1', name: 'Bash', arguments: '{"command":"echo hi"}' }] },
    { toolCalls: [{ id: 'c2', name: 'Write', arguments: '{"file_path":"notes.txt","content":"x"}' }] },
    { text: 'Done.' },
  );
  const { runId } = await api.invoke('runs:start', { skillId: 'shell-agent', input: 'go' });
  for (const answer of [
    { choice: 'allow_once' as const },
    { choice: 'deny' as const, reason: 'Not in that folder, please' },
  ]) {
    let pending: Awaited<ReturnType<typeof api.invoke<'permissions:pending'>>> = [];
    await expect
      .poll(async () => (pending = await api.invoke('permissions:pending', undefined)).length)
      .toBe(1);
    await api.invoke('permissions:respond', { runId, requestId: pending[0]!.requestId, ...answer });
    await expect.poll(async () => (await api.invoke('permissions:pending', undefined)).length).toBe(0);
  }
  await api.settled(runId);
  // a memo, and a saved rule
  await api.settled((await api.invoke('runs:start', { skillId: 'memo', selection: '一条中文备忘' })).runId);
  await api.invoke('permissions:grant', { skillId: 'shell-agent', list: 'allow', rule: 'Bash(echo:*)' });
});

/** Every time shown in the page region, as text. */
const times = (region: Locator) => region.locator('time').allInnerTexts();

async function expectDates(region: Locator, pattern: RegExp, atLeast = 1) {
  await expect.poll(async () => (await times(region)).length).toBeGreaterThanOrEqual(atLeast);
  for (const text of await times(region)) expect(text.trim()).toMatch(pattern);
}

test('简体中文: dates, permission decisions and their reasons, YAML errors and Duplicate are in Chinese', async ({
  page,
}) => {
  const problems = watchForPageErrors(page);
  await openDashboard(page, served.host, '#/skills', 'zh-CN');

  // the YAML error of a skill: in words, with what to do, not the parser's English
  const broken = page.getByTestId('skill-card-unquoted');
  await expect(broken).toContainText('引号没有闭合');
  await expect(broken).not.toContainText('Missing closing');

  // Runs: the history and the run panel
  await page.getByRole('link', { name: '运行记录' }).click();
  const history = page.locator('.run-history');
  await expect(history.getByRole('row')).toHaveCount(3); // the header, the agent run, the memo run
  await expectDates(history, ZH_DATE, 2);
  await history.getByRole('button', { name: /^打开 shell-agent 的运行/ }).click();
  const panel = page.getByTestId('run-panel');
  await expectDates(panel.locator('.run-panel-head'), ZH_DATE);
  await expect(panel.getByTestId('tool-call-c1').locator('.decision')).toHaveText('已由你允许');
  await expect(panel.getByTestId('tool-call-c2').locator('.decision')).toHaveText('已被你拒绝');
  await expect(panel.getByTestId('tool-call-c2').getByTestId('deny-reason')).toHaveText(
    '你拒绝了：“Not in that folder, please”',
  );
  await expect(panel).not.toContainText('（user）');
  await expect(panel).toContainText('已显示在卡片中');
  await expect(panel).not.toContainText('floating_card');
  await expect(panel).not.toContainText('denied:');

  // Permissions: rules and audit, dates and reasons
  await page.getByRole('link', { name: '权限' }).click();
  const rules = page.getByTestId('grants-rules');
  await expectDates(rules, ZH_DATE);
  const audit = page.getByTestId('grants-audit');
  await expectDates(audit, ZH_DATE, 3);
  await expect(audit).toContainText('权限模式“先询问”要求在使用 Bash 前先询问。');
  await expect(audit).toContainText('你允许了这一次。');
  await expect(audit).toContainText('你拒绝了：“Not in that folder, please”');
  for (const english of ['allowed once', 'denied:', 'mode asks', 'default mode']) {
    await expect(audit).not.toContainText(english);
  }

  // Memos
  await page.getByRole('link', { name: '备忘' }).click();
  await expect(page.getByText('一条中文备忘').first()).toBeVisible();
  await expectDates(page.locator('main'), ZH_DATE);

  // The editor of a built-in: 创建副本, not 复制 (which is "copy to the clipboard")
  await openDashboard(page, served.host, '#/skills/translate');
  await expect(page.getByRole('heading', { level: 1, name: '查看 translate' })).toBeVisible();
  await expect(page.getByRole('button', { name: '创建副本' })).toBeVisible();
  await expect(page.getByRole('button', { name: '复制', exact: true })).toHaveCount(0);
  expect(problems).toEqual([]);
});

test('English: every page writes its dates in the same format', async ({ page }) => {
  await openDashboard(page, served.host, '#/runs', 'en');
  const history = page.locator('.run-history');
  await expectDates(history, EN_DATE, 2);
  await history.getByRole('button', { name: /^Open run .* of shell-agent$/ }).click();
  await expectDates(page.getByTestId('run-panel').locator('.run-panel-head'), EN_DATE);
  await page.getByRole('link', { name: 'Permissions' }).click();
  await expectDates(page.getByTestId('grants-rules'), EN_DATE);
  await expectDates(page.getByTestId('grants-audit'), EN_DATE, 3);
  await page.getByRole('link', { name: 'Memos' }).click();
  await expectDates(page.locator('main'), EN_DATE);
});
