// A provider's pool of keys in Settings against the real headless host and the wire-format model server:
// two labelled keys added in the page, their health after a run the provider refuses, the failed run's
// message naming each key in the page's language, and no key ever in the page or anything the host sent.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { requestKey } from '../electron/core/testing/llm-server';
import { watchForPageErrors } from './helpers/page-errors';
import { openDashboard, serveWithModel } from './helpers/serve';

const WORK = 'sk-work-e2e-5Hq81ZtY0c';
const PERSONAL = 'sk-personal-e2e-Vb27pLm3';
const served = serveWithModel('skilldeck-e2e-keys-', {});

/** Every WebSocket frame the page received, and every answer to a request it made. */
function watchWhatArrives(page: Page): string[] {
  const arrived: string[] = [];
  page.on('websocket', (ws) => ws.on('framereceived', (frame) => arrived.push(String(frame.payload))));
  page.on('response', (response) => {
    void response.text().then(
      (text) => arrived.push(text),
      () => undefined,
    );
  });
  return arrived;
}

test('two labelled keys: added in Settings, their health after a refused run, never a key in sight', async ({
  page,
}) => {
  const problems = watchForPageErrors(page);
  const arrived = watchWhatArrives(page);
  await openDashboard(page, served.host, '#/settings');
  const card = page.getByTestId('provider-local');
  await expect(card.getByRole('heading', { level: 4, name: 'API keys' })).toBeVisible();
  await expect(card).toContainText('No key: requests go without one');

  for (const [label, key] of [
    ['Work', WORK],
    ['Personal', PERSONAL],
  ] as const) {
    await card.getByRole('button', { name: 'Add a key to local' }).click();
    const form = card.getByRole('form', { name: 'New key for local' });
    await expect(form.getByLabel('Label')).toBeFocused();
    await form.getByLabel('Label').fill(label);
    await expect(form.getByLabel('API key')).toHaveAttribute('type', 'password');
    await form.getByLabel('API key').fill(key);
    await form.getByRole('button', { name: 'Add key' }).click();
    await expect(form).toBeHidden();
  }
  const keys = card.getByRole('list', { name: 'Keys of local' });
  await expect(keys.getByRole('listitem')).toHaveCount(2);
  await expect(card.getByTestId('key-Work')).toContainText('Ready');
  await expect(card.getByTestId('key-Personal')).toContainText('Ready');
  await expect(card).toContainText('2 keys, 2 ready');

  // the provider refuses Work and rate-limits Personal: the run fails, naming both
  served.llm.refuseKeys({
    [WORK]: { status: 401, errorMessage: `Incorrect API key provided: ${WORK}` },
    [PERSONAL]: [{ status: 429, retryAfter: '100' }],
  });
  const { runId } = await served.api.invoke('runs:start', { skillId: 'translate', input: 'Hello' });
  const run = await served.api.settled(runId);
  expect(run.status).toBe('failed');
  expect(served.llm.requests.slice(-2).map(requestKey)).toEqual([WORK, PERSONAL]);

  // Settings follows without a reload (providers:changed)
  const work = card.getByTestId('key-Work');
  await expect(work).toContainText('Invalid (401)');
  await expect(work).toContainText('“Incorrect API key provided: ***”. Not used until you edit it.');
  await expect(card.getByTestId('key-Personal')).toContainText(/Cooling down · (100|9\d) s/);
  await expect(card).toContainText('2 keys, 0 ready');
  // every health shown, light and dark: nothing axe calls serious
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    const { violations } = await new AxeBuilder({ page }).include('[data-testid="provider-local"]').analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  }

  // Use again: Work is in use again; the next run takes it
  await work.getByRole('button', { name: 'Use Work again' }).click();
  await expect(work).toContainText('Ready');
  served.llm.refuseKeys({ [WORK]: [] });
  served.llm.script({ text: 'Bonjour' });
  const again = await served.api.settled(
    (await served.api.invoke('runs:start', { skillId: 'translate', input: 'Hello' })).runId,
  );
  expect(again.status).toBe('succeeded');
  expect(requestKey(served.llm.requests.at(-1)!)).toBe(WORK);

  // Edit a label, remove a key (asked first)
  await card.getByRole('button', { name: 'Edit key Personal' }).click();
  const edit = card.getByRole('form', { name: 'Edit key Personal' });
  await expect(edit.getByLabel('API key')).toHaveValue('');
  await edit.getByLabel('Label').fill('Home');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(card.getByTestId('key-Home')).toContainText('Ready');
  await card.getByRole('button', { name: 'Remove key Home' }).click();
  await card.getByRole('group', { name: 'Remove key Home' }).getByRole('button', { name: 'Remove' }).click();
  await expect(keys.getByRole('listitem')).toHaveCount(1);

  // nothing the page shows or was sent holds a key, nor the host's answers
  const listed = JSON.stringify(await served.api.invoke('providers:list', undefined));
  for (const key of [WORK, PERSONAL]) {
    expect(await page.content()).not.toContain(key);
    expect(arrived.join('\n')).not.toContain(key);
    expect(listed).not.toContain(key);
  }
  expect(arrived.length).toBeGreaterThan(10);
  expect(problems).toEqual([]);
});

test('the failed run names each key and why, in the page’s language', async ({ page }) => {
  const provider = (await served.api.invoke('providers:list', undefined)).find((p) => p.name === 'local')!;
  for (const key of provider.keys)
    await served.api.invoke('providers:removeKey', { providerId: provider.id, keyId: key.id });
  await served.api.invoke('providers:addKey', { providerId: provider.id, label: 'Work', key: WORK });
  await served.api.invoke('providers:addKey', { providerId: provider.id, label: 'Personal', key: PERSONAL });
  served.llm.refuseKeys({ [WORK]: { status: 401 }, [PERSONAL]: [{ status: 429, retryAfter: '100' }] });
  const { runId } = await served.api.invoke('runs:start', { skillId: 'translate', input: 'Hello' });
  await served.api.settled(runId);

  await openDashboard(page, served.host, '#/runs', 'zh-CN');
  await page.getByRole('button', { name: `打开 translate 的运行 ${runId}` }).click();
  const alert = page.getByTestId('run-panel').getByRole('alert');
  await expect(alert).toContainText(
    '“local”的所有密钥都不可用——Work：无效（401），Personal：冷却中，还需 100 秒',
  );
  await expect(alert).toContainText('请在 100 秒后重试，或在设置中修改无效的密钥');
  await expect(alert).not.toContainText('invalid');
});
