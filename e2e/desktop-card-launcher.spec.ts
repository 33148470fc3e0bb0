import { expect, test, type Page } from '@playwright/test';
import {
  blankCardView,
  cardLabels,
  captureLine,
  describeCapture,
} from '../electron/main/windows/shell-words';
import type { CardMessage, CommandBarContext } from '../shared/ipc/shell';
import type { LauncherSkill } from '../shared/types/desktop';
import { createDesktopI18n } from '../electron/core/i18n/desktop-text';
import { watchForPageErrors } from './helpers/page-errors';
import { openShellPage } from './helpers/shell-page';

// The floating card's actions and the command bar as the launcher, in Chromium under the pages' own CSP
// with a stand-in for the preload bridge: the buttons and keys reach the bridge with what was typed and
// picked; what the main process sends back (a follow-up thread, the models, the filtered list) renders.
// With SKILLDECK_SHOTS set, the screenshots also go to that folder.

const SHOTS = process.env.SKILLDECK_SHOTS;
async function shoot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

function cardMessage(lang: 'en' | 'zh-CN', over: Partial<CardMessage> = {}): CardMessage {
  const i18n = createDesktopI18n(lang);
  return {
    ...blankCardView('r1'),
    title: lang === 'en' ? 'Polish' : '润色',
    text: lang === 'en' ? 'The cat sat on the mat.\nIt was warm.' : '猫坐在垫子上。\n天气很暖和。',
    pending: false,
    can: { insert: true, continue: true, retry: true, memo: true },
    model: 'local · small',
    otherPasteKey: null,
    labels: cardLabels(i18n.t),
    ...over,
  };
}

test('the card: Copy, Insert, Memo, Retry, Retry with… and Continue reach the bridge by button and by key', async ({
  page,
}) => {
  const problems = watchForPageErrors(page);
  await page.setViewportSize({ width: 440, height: 340 });
  const card = await openShellPage(page, 'card');
  await card.deliver(cardMessage('en'));
  await expect(page.locator('#keys')).toHaveText('Enter insert · Ctrl+C copy · Tab follow-up · Esc close');
  await expect(page.locator('#model')).toHaveText('local · small');
  await expect(page.getByRole('button', { name: 'Memo' })).toHaveAttribute('title', 'Save as memo (Ctrl+S)');
  await shoot(page, 'card-actions-light');

  for (const name of ['Copy', 'Insert', 'Memo', 'Retry'])
    await page.getByRole('button', { name, exact: true }).click();
  expect(await card.calls()).toEqual(['copy', 'insert', 'memo', 'retry']);
  await card.clear();

  // the keys, from the result (focus on the text): Enter inserts, Ctrl+C copies with nothing selected,
  // Ctrl+S saves as memo, Ctrl+R retries, Tab goes to the follow-up box where Enter sends
  await page.locator('#text').focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Control+c');
  await page.keyboard.press('Control+s');
  await page.keyboard.press('Control+r');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Ask a follow-up… (Tab)' })).toBeFocused();
  await page.keyboard.type('Shorter, please');
  await page.keyboard.press('Enter');
  expect(await card.calls()).toEqual(['insert', 'copy', 'memo', 'retry', ['continue', 'Shorter, please']]);
  await expect(page.locator('#message')).toHaveValue('');
  await card.clear();

  // the answer streams under the result as a thread
  await card.deliver(
    cardMessage('en', {
      turns: [{ message: 'Shorter, please', text: 'Cat on mat', pending: true, error: null }],
      can: { insert: true, continue: false, retry: false, memo: false },
    }),
  );
  await expect(page.locator('#thread li')).toHaveCount(1);
  await expect(page.locator('#thread .asked')).toHaveText('You:Shorter, please');
  await expect(page.getByRole('button', { name: 'Insert' })).toBeDisabled(); // still streaming
  await expect(page.getByRole('button', { name: 'Retry', exact: true })).toBeHidden();
  await card.deliver(
    cardMessage('en', {
      turns: [{ message: 'Shorter, please', text: 'Cat on mat.', pending: false, error: null }],
    }),
  );
  await expect(page.locator('#thread .answer')).toHaveText('Cat on mat.');
  await page.setViewportSize({ width: 440, height: 340 });
  await shoot(page, 'card-thread-light');

  // Retry with…: the picker asks for the models, offers the providers, runs the one picked
  await page.getByRole('button', { name: 'Retry with…' }).click();
  expect(await card.calls()).toEqual(['models']);
  await card.send({
    providers: [
      { name: 'local', models: ['small', 'large'] },
      { name: 'other', models: ['o1', 'big'] },
    ],
  });
  await page.getByRole('combobox', { name: 'Provider' }).selectOption('other');
  await expect(page.getByRole('combobox', { name: 'Model' })).toHaveValue('o1');
  await page.getByRole('combobox', { name: 'Model' }).fill('big');
  await shoot(page, 'card-retry-with-light');
  await page.keyboard.press('Enter');
  expect(await card.calls()).toEqual(['models', ['retryWith', 'other', 'big']]);
  await expect(page.locator('#picker')).toBeHidden();

  // a run not started from another app: no Insert
  await card.deliver(cardMessage('en', { can: { insert: false, continue: true, retry: true, memo: true } }));
  await expect(page.getByRole('button', { name: 'Insert' })).toBeDisabled();
  expect(problems).toEqual([]);
});

for (const scheme of ['dark', 'light'] as const) {
  test(`the card with a thread in 简体中文, ${scheme}`, async ({ page }) => {
    const problems = watchForPageErrors(page);
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width: 440, height: 340 });
    const card = await openShellPage(page, 'card');
    await card.deliver(
      cardMessage('zh-CN', {
        attempt: '第 2 次尝试',
        turns: [{ message: '再短一点', text: '猫在垫上。', pending: false, error: null }],
      }),
    );
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(page.locator('#thread .asked')).toHaveText('你：再短一点');
    for (const name of ['复制', '插入', '备忘', '重试', '换模型重试…'])
      await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
    await expect(page.locator('#keys')).toHaveText('Enter 插入 · Ctrl+C 复制 · Tab 追问 · Esc 关闭');
    await shoot(page, `card-thread-zh-CN-${scheme}`);
    await card.deliver(cardMessage('en'));
    await shoot(page, `card-actions-${scheme}`);
    expect(problems).toEqual([]);
  });
}

test('a paste the app did not take: the card keeps the result and offers another paste key for that app', async ({
  page,
}) => {
  const problems = watchForPageErrors(page);
  await page.setViewportSize({ width: 440, height: 340 });
  const card = await openShellPage(page, 'card');
  const en = createDesktopI18n('en');
  await card.deliver(
    cardMessage('en', {
      error: '"bash" did not take the text (ctrl+v) — kept in the card',
      otherPasteKey: en.t('card.otherPasteKey', { app: 'xterm' }),
    }),
  );
  const offer = page.getByRole('button', { name: 'Use another paste key for xterm' });
  await expect(offer).toBeVisible();
  await expect(page.locator('#text')).toContainText('The cat sat on the mat.'); // the result is kept
  await shoot(page, 'card-paste-key-light');
  await offer.click();
  expect(await card.calls()).toEqual(['otherPasteKey']);
  // once the main process has moved on (it inserts again), the offer goes
  await card.deliver(
    cardMessage('en', { notice: en.t('card.pasteKeyNow', { app: 'xterm', key: 'Shift+Insert' }) }),
  );
  await expect(offer).toBeHidden();
  await expect(page.locator('#notice')).toHaveText('xterm now pastes with Shift+Insert — inserting again');

  for (const [scheme, lang] of [
    ['dark', 'en'],
    ['light', 'zh-CN'],
    ['dark', 'zh-CN'],
  ] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    const i18n = createDesktopI18n(lang);
    await card.deliver(
      cardMessage(lang, {
        error:
          lang === 'en'
            ? '"bash" did not take the text (ctrl+v) — kept in the card'
            : '“bash” 没有接收文本（ctrl+v）——留在卡片中',
        otherPasteKey: i18n.t('card.otherPasteKey', { app: 'xterm' }),
      }),
    );
    await expect(page.locator('#otherPasteKey')).toHaveText(
      lang === 'en' ? 'Use another paste key for xterm' : '为 xterm 换一个粘贴键',
    );
    await shoot(page, `card-paste-key-${lang}-${scheme}`);
  }
  expect(problems).toEqual([]);
});

const skill = (id: string, name: string, over: Partial<LauncherSkill> = {}): LauncherSkill => ({
  id,
  name,
  description: `${name}: what it does`,
  emoji: '✨',
  color: '#888888',
  hotkey: null,
  asks: false,
  ...over,
});
const SKILLS = [
  skill('polish', 'Polish', { emoji: '🪄', hotkey: 'Ctrl+Alt+P' }),
  skill('translate', 'Translate', { emoji: '🌐' }),
  skill('ask', 'Ask', { emoji: '❓', asks: true, description: 'Answers a question about the selection' }),
];

function launcherContext(lang: 'en' | 'zh-CN'): CommandBarContext {
  const { t } = createDesktopI18n(lang);
  const captured = describeCapture({ text: 'teh cat sat on teh mat', method: 'primary' });
  return {
    title: t('commandBar.launcher.title'),
    placeholder: t('commandBar.launcher.search'),
    captured,
    labels: { lang: t('lang'), instruction: t('commandBar.instruction'), captured: captureLine(captured, t) },
    launcher: {
      skills: SKILLS,
      labels: {
        search: t('commandBar.launcher.search'),
        none: t('commandBar.launcher.none'),
        instructionFor: t('commandBar.launcher.instructionFor'),
        hints: t('commandBar.launcher.hints'),
      },
    },
  };
}

test('the command bar as the launcher: filters as typed, Enter runs the top skill, 1–9 pick, a skill that asks gets its box', async ({
  page,
}) => {
  const problems = watchForPageErrors(page);
  await page.setViewportSize({ width: 620, height: 430 });
  const bar = await openShellPage(page, 'command-bar');
  await bar.deliver(launcherContext('en'));
  const search = page.getByRole('combobox', { name: 'Search skills' });
  await expect(search).toBeFocused();
  await expect(page.getByRole('option')).toHaveText([
    /1🪄PolishPolish: what it doesCtrl\+Alt\+P/,
    /2🌐Translate/,
    /3❓Ask/,
  ]);
  await expect(page.getByRole('option', { selected: true })).toContainText('Polish');
  await shoot(page, 'launcher-light');

  // typing asks the main process for the list; an answer for an older query is ignored
  await page.keyboard.type('tr');
  expect(await bar.calls()).toEqual([
    ['query', 't'],
    ['query', 'tr'],
  ]);
  await bar.send({ query: 't', skills: SKILLS });
  await bar.send({ query: 'tr', skills: [SKILLS[1]] });
  await expect(page.getByRole('option')).toHaveText([/Translate/]);
  await bar.send({ query: 't', skills: SKILLS });
  await expect(page.getByRole('option')).toHaveCount(1);
  await bar.send({ query: 'tr', skills: [] });
  await expect(page.locator('#none')).toHaveText('No skill matches — try another word');
  await bar.send({ query: 'tr', skills: [SKILLS[1], SKILLS[0]] });
  // digits are text while typing; Alt+digit picks
  await page.keyboard.press('Alt+2');
  expect((await bar.calls()).at(-1)).toEqual(['choose', 'polish']);
  await bar.clear();
  await page.keyboard.press('Enter');
  expect(await bar.calls()).toEqual([['choose', 'translate']]);

  // a fresh launcher: ↓ moves, and with nothing typed a digit picks; Ask asks for its instruction first
  await bar.deliver(launcherContext('en'));
  await bar.clear();
  await expect(search).toHaveValue('');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('option', { selected: true })).toContainText('Translate');
  await page.keyboard.press('3');
  expect(await bar.calls()).toEqual(['compact']); // the list is gone: the window shrinks to the bar
  await bar.clear();
  const box = page.getByRole('combobox', { name: 'Instruction for Ask (Enter runs it)' });
  await expect(box).toBeFocused();
  await expect(page.getByRole('option')).toHaveCount(0);
  await expect(page.locator('#title')).toHaveText('❓ Ask');
  await page.setViewportSize({ width: 620, height: 132 });
  await shoot(page, 'launcher-instruction-light');
  await page.keyboard.type('is it spelled right?');
  await page.keyboard.press('Enter');
  expect(await bar.calls()).toEqual([['choose', 'ask', 'is it spelled right?']]);
  await page.keyboard.press('Escape');
  expect((await bar.calls()).at(-1)).toBe('cancel');
  expect(problems).toEqual([]);
});

for (const [lang, scheme] of [
  ['zh-CN', 'dark'],
  ['zh-CN', 'light'],
  ['en', 'dark'],
] as const) {
  test(`the launcher in ${lang}, ${scheme}`, async ({ page }) => {
    const problems = watchForPageErrors(page);
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width: 620, height: 430 });
    const bar = await openShellPage(page, 'command-bar');
    await bar.deliver(launcherContext(lang));
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.getByRole('option')).toHaveCount(3);
    await shoot(page, `launcher-${lang}-${scheme}`);
    expect(problems).toEqual([]);
  });
}
