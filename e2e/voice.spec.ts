import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type Browser, type Page } from '@playwright/test';
import { probeAudio } from '../electron/core/speech/audio-probe';
import { silentWav } from '../electron/core/speech/testing/speech-audio';
import {
  startTranscriptionServer,
  type TranscriptionServer,
} from '../electron/core/testing/transcription-server';
import { watchForPageErrors } from './helpers/page-errors';
import { SHOTS, shootSizesAndSchemes } from './helpers/shots';
import { openDashboard, serveWithModel } from './helpers/serve';

// Voice input in Chromium against `skilldeck serve` and the wire-format transcription server: Chromium's
// fake microphone plays espeak-ng speech (`--use-file-for-fake-audio-capture`), so real audio flows
// through getUserMedia, Web Audio and MediaRecorder into the chunked upload, and the test checks what
// arrived is a WebM file of about the length recorded.

const AUDIO = fs.mkdtempSync(path.join(os.tmpdir(), 'skilldeck-voice-e2e-'));
const SPEECH = path.join(AUDIO, 'speech.wav');
execFileSync('espeak-ng', ['-w', SPEECH, 'translate what I said into French, please, right now'], {
  stdio: 'ignore',
});
const SAID = 'translate what I said into French';

/** Chromium with a fake microphone playing `wav` (looped). */
function launchWithMicrophone(wav: string): Promise<Browser> {
  const options = test.info().project.use.launchOptions ?? {};
  return chromium.launch({
    ...options,
    args: [
      ...(options.args ?? []),
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${wav}`,
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
}

const served = serveWithModel('skilldeck-voice-', {});
let stt: TranscriptionServer;
let browser: Browser;

test.beforeAll(async () => {
  stt = await startTranscriptionServer({ responder: () => ({ text: SAID }) });
  await served.api.invoke('providers:save', {
    kind: 'openai-compatible',
    name: 'stt',
    baseUrl: `${stt.url}/v1`,
    defaultModel: 'unused',
  });
  await served.api.invoke('speech:update', { provider: 'stt', model: 'whisper-large-v3' });
  browser = await launchWithMicrophone(SPEECH);
});
test.afterAll(async () => {
  await browser?.close();
  await stt?.close();
  fs.rmSync(AUDIO, { recursive: true, force: true });
});
test.beforeEach(() => {
  stt.requests.length = 0;
  served.llm.requests.length = 0;
});

async function microphonePage(b: Browser = browser, allow = true): Promise<Page> {
  const context = await b.newContext();
  if (allow) await context.grantPermissions(['microphone']);
  return context.newPage();
}

const clockSeconds = async (page: Page) => {
  const text = (await page.getByTestId('recording-clock').textContent()) ?? '';
  const [m, s] = (/(\d+):(\d\d)/.exec(text) ?? ['', '0', '0']).slice(1).map(Number);
  return m! * 60 + s!;
};

test('the recording page: real audio through MediaRecorder into the upload, then the skill runs on it', async () => {
  const page = await microphonePage();
  const problems = watchForPageErrors(page);
  await openDashboard(page, served.host, '#/record?skill=translate');
  const recording = page.getByTestId('recording-page');
  await expect(recording).toHaveAttribute('data-phase', 'recording');
  await expect(page.getByRole('heading')).toHaveText('Listening — translate');
  // the meter moves with the voice
  await expect
    .poll(async () => Number(await page.getByTestId('level-meter').getAttribute('aria-valuenow')))
    .toBeGreaterThan(10);
  await expect.poll(() => clockSeconds(page), { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
  const recordedMs = await page.evaluate(() => performance.now());
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('heard')).toHaveText(`Heard: ${SAID}`);
  await expect(page.getByText('translate is running on what you said.')).toBeVisible();
  expect(recordedMs).toBeGreaterThan(0);

  // what arrived is a real WebM/Opus recording of about the time recorded (3 s shown, < 5 s)
  const upload = stt.requests[0]!;
  expect(upload.fields.model).toBe('whisper-large-v3');
  expect(upload.file?.name).toBe('audio.webm');
  const probed = await probeAudio(upload.file!.bytes, 'upload');
  expect(probed.container).toBe('webm');
  expect(probed.durationMs).toBeGreaterThan(2500);
  expect(probed.durationMs).toBeLessThan(6000);

  // the run: its input is what was said, kept with the run with the audio's length
  await expect.poll(() => served.llm.requests.length).toBe(1);
  expect(JSON.stringify(served.llm.requests[0]!.body)).toContain(SAID);
  const { runs } = await served.api.invoke('runs:list', { skillId: 'translate' });
  const run = await served.api.settled(runs[0]!.id);
  expect(run.input).toBe(SAID);
  expect(run.speech).toEqual({ transcript: SAID, audioMs: probed.durationMs, audioFile: null });
  // the Runs page says what was said, and how long
  await page.getByRole('link', { name: 'Open Runs' }).click();
  await page.locator(`button[aria-label*="${run.id}"]`).first().click();
  await expect(page.getByTestId('run-speech')).toHaveText(
    `Said (${(probed.durationMs / 1000).toFixed(1)} s): ${SAID}`,
  );
  expect(problems).toEqual([]);
  await page.context().close();
});

test('Esc cancels: nothing is transcribed, nothing runs', async () => {
  const page = await microphonePage();
  await openDashboard(page, served.host, '#/record?skill=translate');
  await expect(page.getByTestId('recording-page')).toHaveAttribute('data-phase', 'recording');
  await expect.poll(() => clockSeconds(page)).toBeGreaterThanOrEqual(1);
  await page.keyboard.press('Escape');
  await expect(page.getByText('Cancelled: nothing was sent or run.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Record again' })).toBeVisible();
  expect(stt.requests).toHaveLength(0);
  expect(served.llm.requests).toHaveLength(0);
  await page.context().close();
});

test('no permission for the microphone, and silence: each said, nothing sent', async () => {
  const denied = await microphonePage(browser, false);
  await openDashboard(denied, served.host, '#/record?skill=translate');
  await expect(denied.getByTestId('recording-error')).toContainText('Skilldeck may not use the microphone');
  await denied.context().close();

  const quiet = await launchWithMicrophone(silentWav(AUDIO, 'silence', 3));
  try {
    const page = await microphonePage(quiet);
    await openDashboard(page, served.host, '#/record?skill=translate');
    await expect.poll(() => clockSeconds(page)).toBeGreaterThanOrEqual(1);
    await page.getByRole('button', { name: 'Stop' }).click();
    await expect(page.getByTestId('recording-error')).toHaveText(
      'No speech was heard — speak closer to the microphone, or check that it is not muted',
    );
  } finally {
    await quiet.close();
  }
  expect(stt.requests).toHaveLength(0);
});

test('the run sheet’s mic button: say the instruction, edit it if need be, run', async () => {
  const page = await microphonePage();
  const problems = watchForPageErrors(page);
  await openDashboard(page, served.host, '#/skills');
  await page.getByTestId('skill-card-translate').getByRole('button', { name: /^Run/ }).click();
  const sheet = page.getByTestId('run-sheet');
  await sheet.getByRole('button', { name: 'Say it instead of typing (records from the microphone)' }).click();
  await expect(sheet.getByTestId('mic-strip')).toContainText('Recording 0:01', { timeout: 10_000 });
  await sheet.getByRole('button', { name: 'Stop recording and use what was said (Enter)' }).click();
  await expect(sheet.getByLabel('Input')).toHaveValue(SAID);
  await sheet.getByRole('button', { name: 'Run', exact: true }).click();
  await expect.poll(() => served.llm.requests.length).toBe(1);
  expect(JSON.stringify(served.llm.requests[0]!.body)).toContain(SAID);
  const { runs } = await served.api.invoke('runs:list', { skillId: 'translate', limit: 1 });
  expect((await served.api.settled(runs[0]!.id)).speech?.transcript).toBe(SAID);
  expect(problems).toEqual([]);
  await page.context().close();
});

test('Settings › Speech: provider, model, limit, kept audio, and test connection with the built-in sample', async () => {
  const page = await microphonePage();
  await openDashboard(page, served.host, '#/settings');
  const section = page.locator('#speech');
  await expect(section.getByRole('heading', { name: 'Speech', exact: true })).toBeVisible();
  await expect(section.getByLabel('Provider')).toHaveValue('stt');
  await section.getByLabel('Model').fill('whisper-1');
  await section.getByLabel('Model').blur();
  await section.getByLabel('Longest recording (minutes)').fill('3');
  await section.getByLabel('Keep the audio of voice runs').check();
  await expect
    .poll(() => served.api.invoke('speech:settings', undefined))
    .toMatchObject({ model: 'whisper-1', maxSeconds: 180, keepAudio: true });

  stt.script({ text: 'Hello from Skilldeck.' });
  await section.getByRole('button', { name: 'Test connection' }).click();
  await expect(section.getByTestId('speech-test')).toContainText(
    'It works: the sample was heard as “Hello from Skilldeck.” (whisper-1,',
  );
  expect((await probeAudio(stt.requests[0]!.file!.bytes, 'sample')).container).toBe('wav');
  stt.script({ status: 401, errorMessage: 'bad key' });
  await section.getByRole('button', { name: 'Test connection' }).click();
  await expect(section.getByTestId('speech-test')).toContainText(
    'Test failed: the provider refused the API key (401)',
  );
  await served.api.invoke('speech:update', { model: 'whisper-large-v3', maxSeconds: 600, keepAudio: false });
  await page.context().close();
});

test('Settings › Speech says when a key could not be bound: another app holds it, or a skill’s hotkey is the same', async () => {
  await served.api.invoke('speech:update', {
    dictateHotkey: 'Control+Alt+V',
    voiceHotkey: { skillId: 'translate', accelerator: 'Control+Alt+P' },
  });
  const page = await microphonePage();
  const problems = watchForPageErrors(page);
  // The desktop app binds these keys (serve has no global keys): its report is written into the host's
  // answers on the wire — the dictate key refused by the OS, translate's voice key now polish's hotkey.
  await page.routeWebSocket(/\/ws/, (ws) => {
    const server = ws.connectToServer();
    const asked = new Map<unknown, string>();
    ws.onMessage((message) => {
      const frame = JSON.parse(String(message)) as { id: unknown; channel: string };
      asked.set(frame.id, frame.channel);
      server.send(message);
    });
    server.onMessage((message) => {
      const frame = JSON.parse(String(message)) as { id?: unknown; result?: { ok: boolean; value?: object } };
      const channel = asked.get(frame.id);
      if (!frame.result?.ok) return ws.send(message);
      if (channel === 'speech:settings' || channel === 'speech:update')
        frame.result.value = {
          ...frame.result.value,
          keyStates: [
            { accelerator: 'Control+Alt+V', skillId: 'dictate', state: 'taken' },
            { accelerator: 'Control+Alt+P', skillId: 'translate', state: 'conflict' },
          ],
        };
      else if (channel === 'hotkeys:status')
        frame.result.value = {
          ...frame.result.value,
          available: true,
          hotkeys: [{ skillId: 'polish', accelerator: 'Control+Alt+P', state: 'registered', message: null }],
        };
      else return ws.send(message);
      ws.send(JSON.stringify(frame));
    });
  });
  await openDashboard(page, served.host, '#/settings');
  const section = page.locator('#speech');
  const dictate = section.locator('.hotkey-recorder').filter({ has: page.getByLabel('Dictate key') });
  await expect(dictate.getByTestId('hotkey-status')).toHaveText(
    'Not working: another application holds this hotkey.',
  );
  const voice = section
    .locator('.hotkey-recorder')
    .filter({ has: page.getByLabel('Voice key of translate') });
  await expect(voice.getByTestId('hotkey-conflict')).toHaveText(
    'Not working: this is also the hotkey of “polish” — choose another key, or change that one.',
  );
  await expect(voice.getByLabel('Voice key of translate')).toHaveAttribute('aria-invalid', 'true');
  await shootSizesAndSchemes(page, 'speech-keys', dictate);
  await page.getByLabel('Language', { exact: true }).selectOption('zh-CN');
  const dictateZh = section.locator('.hotkey-recorder').filter({ has: page.getByLabel('听写键') });
  const voiceZh = section.locator('.hotkey-recorder').filter({ has: page.getByLabel('translate 的语音键') });
  await expect(dictateZh.getByTestId('hotkey-status')).toContainText('另一个应用');
  await expect(voiceZh.getByTestId('hotkey-conflict')).toHaveText(
    '未生效：这也是“polish”的快捷键——请换一个键，或修改那个快捷键。',
  );
  if (SHOTS) {
    await dictateZh.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/speech-keys-zh-CN.png` });
  }
  await page.getByLabel('语言', { exact: true }).selectOption('en');
  expect(problems).toEqual([]);
  await served.api.invoke('speech:update', {
    dictateHotkey: null,
    voiceHotkey: { skillId: 'translate', accelerator: null },
  });
  await page.context().close();
});

test('the command bar’s mic button: what was said lands in the instruction box, in the app’s language', async ({
  page,
}) => {
  const { openShellPage } = await import('./helpers/shell-page');
  const { createDesktopI18n } = await import('../electron/core/i18n/desktop-text');
  const problems = watchForPageErrors(page);
  const bar = await openShellPage(page, 'command-bar');
  for (const lang of ['en', 'zh-CN'] as const) {
    const { t } = createDesktopI18n(lang);
    await bar.deliver({
      title: 'Reply',
      placeholder: t('commandBar.withSelection'),
      captured: { method: 'primary', preview: 'Are you coming?', chars: 15 },
      labels: {
        lang,
        instruction: t('commandBar.instruction'),
        captured: 'x',
        dictate: t('commandBar.dictate'),
      },
    });
    const mic = page.getByRole('button', { name: t('commandBar.dictate') });
    await expect(mic).toBeVisible();
    await mic.click();
    expect(await bar.calls()).toContain('dictate');
    await bar.dictated({ state: 'listening' });
    await expect(mic).toHaveAttribute('aria-pressed', 'true');
    await page.screenshot({ path: test.info().outputPath(`command-bar-mic-${lang}.png`) });
    await bar.dictated({ state: 'heard', text: 'say yes, at noon' });
    await bar.dictated({ state: 'ended' });
    const box = page.getByRole('textbox', { name: t('commandBar.instruction') });
    await expect(box).toHaveValue('say yes, at noon');
    await expect(mic).toHaveAttribute('aria-pressed', 'false');
    await expect(box).toBeFocused();
    await page.keyboard.press('Enter');
    expect(await bar.calls()).toContainEqual(['submit', 'say yes, at noon']);
    await page.locator('#instruction').fill('');
    await bar.clear();
  }
  // no recording indicator in this host: no mic
  await bar.deliver({
    title: 'Reply',
    placeholder: 'p',
    captured: { method: 'none', preview: '', chars: 0 },
    labels: { lang: 'en', instruction: 'Instruction', captured: '' },
  });
  await expect(page.locator('#mic')).toBeHidden();
  expect(problems).toEqual([]);
});

test('the floating card’s follow-up mic: what was said lands in the follow-up box', async ({ page }) => {
  const { openShellPage } = await import('./helpers/shell-page');
  const { createDesktopI18n } = await import('../electron/core/i18n/desktop-text');
  const { blankCardView, cardLabels } = await import('../electron/main/windows/shell-words');
  const problems = watchForPageErrors(page);
  await page.setViewportSize({ width: 440, height: 320 });
  const card = await openShellPage(page, 'card');
  for (const lang of ['en', 'zh-CN'] as const) {
    const { t } = createDesktopI18n(lang);
    await card.deliver({
      ...blankCardView('run_abcdefg'),
      title: 'Translate',
      text: 'Bonjour à tous.',
      pending: false,
      can: { insert: true, continue: true, retry: true, memo: true },
      labels: { ...cardLabels(t), dictate: t('card.dictate') },
    });
    const mic = page.getByRole('button', { name: t('card.dictate') });
    await expect(mic).toBeVisible();
    await mic.click();
    expect(await card.calls()).toContain('dictate');
    await card.dictated({ state: 'listening' });
    await expect(mic).toHaveAttribute('aria-pressed', 'true');
    await page.screenshot({ path: test.info().outputPath(`card-mic-${lang}.png`) });
    await card.dictated({ state: 'heard', text: 'and in Spanish?' });
    await card.dictated({ state: 'ended' });
    await expect(page.getByRole('textbox', { name: t('card.followUp') })).toHaveValue('and in Spanish?');
    await page.getByRole('button', { name: t('card.send') }).click();
    expect(await card.calls()).toContainEqual(['continue', 'and in Spanish?']);
    await card.clear();
  }
  expect(problems).toEqual([]);
});
