// The floating card's buttons and keys wired to a real core (SQLite, executor, the wire-format model
// server) through a fake Electron: what the page sends reaches the right channel, and the card shows
// what comes back (the follow-up thread, the retry, the models, the notices).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MemoryPorts } from '../../core/memory-ports';
import type { TestCore } from '../../core/test-support';
import { startLlmServer, type LlmServer, type RecordedRequest } from '../../core/testing/llm-server';
import { CARD_CHANNELS } from '../../../shared/ipc/names';
import type { CardModels, CardView } from '../../../shared/ipc/shell';
import { createDesktopI18n } from '../../core/i18n/desktop-text';
import { CARD_URL, FloatingCards } from './card-window';
import { FakeBrowserWindow, resetFakes, sendFromPage } from './test-electron';
import { editor, fakeCardDeps, startCardCore } from './card-test-support';

vi.mock('electron', () => import('./test-electron').then((m) => m.fakeElectron()));

let server: LlmServer;
let t: TestCore;
let ports: MemoryPorts;
let dir: string;
let cards: FloatingCards;
let unbind: () => void;
let deps: ReturnType<typeof fakeCardDeps>;

beforeEach(async () => {
  resetFakes();
  server = await startLlmServer();
  ({ t, ports } = await startCardCore([{ name: 'local', server, model: 'small' }]));
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skilldeck-card-'));
  deps = fakeCardDeps(dir);
  cards = new FloatingCards(deps);
  cards.attach(t.core);
  unbind = cards.bind();
});
afterEach(async () => {
  unbind();
  await t.dispose();
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const bodyOf = (r: RecordedRequest | undefined) =>
  r!.body as { model: string; messages: { role: string; content: string }[] };

async function cardOfTriggeredRun() {
  const { runId } = await t.client.invoke('trigger:run', { skillId: 'fixer', source: 'hotkey' });
  await t.core.executor.settled(runId!);
  await cards.show({ runId: runId!, title: 'fixer', text: 'The cat.', pending: false });
  const window = FakeBrowserWindow.created.at(-1)!;
  window.webContents.load(CARD_URL);
  const last = () => (window.webContents.received(CARD_CHANNELS.update) as CardView[]).at(-1)!;
  await vi.waitFor(() =>
    expect(last().can).toEqual({ insert: true, continue: true, retry: true, memo: true }),
  );
  const press = (action: unknown) => sendFromPage(CARD_CHANNELS.action, window.webContents, [action]);
  return { runId: runId!, window, last, press };
}

describe('the card wired to the core', () => {
  it('Continue streams the answer under the result; Copy and Insert then take that answer', async () => {
    server.script({ text: 'The cat.' }, { text: 'Cat.' });
    const { last, press } = await cardOfTriggeredRun();
    press({ type: 'continue', message: 'Shorter' });
    await vi.waitFor(() =>
      expect(last().turns).toEqual([{ message: 'Shorter', text: 'Cat.', pending: false, error: null }]),
    );
    expect(bodyOf(server.requests[1]).messages.map((m) => m.role)).toEqual([
      'system',
      'user',
      'assistant',
      'user',
    ]);
    press('copy');
    await vi.waitFor(() => expect(deps.clipboard.writeText).toHaveBeenCalledWith('Cat.'));
    // Insert goes through the core's insertion transaction into the window the run came from
    press('insert');
    await vi.waitFor(() => expect(ports.inserted.at(-1)).toBe('Cat.'));
    expect(deps.inserter.insert).not.toHaveBeenCalled();
  });

  it('Save as memo, Retry and the models of Retry with… go through the core', async () => {
    server.script({ text: 'The cat.' }, { text: 'A cat.' });
    const { runId, window, last, press } = await cardOfTriggeredRun();
    press('memo');
    await vi.waitFor(() => expect(last().notice).toBe('Saved as a memo'));
    expect((await t.client.invoke('memos:list', {})).items).toHaveLength(1);

    press('models');
    await vi.waitFor(() =>
      expect(window.webContents.received(CARD_CHANNELS.models) as CardModels[]).toEqual([
        { providers: [{ name: 'local', models: expect.arrayContaining(['small']) as string[] }] },
      ]),
    );

    press('retry');
    await vi.waitFor(() =>
      expect(last()).toMatchObject({ text: 'A cat.', attempt: 'Attempt 2', pending: false }),
    );
    const attempts = (await t.client.invoke('runs:get', { runId })).attempts;
    expect(attempts).toHaveLength(2);
    // the retry's own output (a card of the new run) lands in this card, not in a second one
    const opened = FakeBrowserWindow.created.length;
    await cards.show({
      runId: attempts[1]!.id,
      title: 'fixer',
      text: 'A cat.',
      pending: false,
      notice: 'Shown here',
    });
    expect(FakeBrowserWindow.created).toHaveLength(opened);
    expect(last()).toMatchObject({ text: 'A cat.', notice: 'Shown here', attempt: 'Attempt 2' });
    // a malformed action does nothing
    press({ type: 'retryWith', provider: '' });
    press({ type: 'continue', message: '   ' });
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(2);
  });

  it("says why Insert did not paste in the app's language: the focus moved away from the window", async () => {
    server.script({ text: 'The cat.' });
    unbind();
    cards = new FloatingCards({ ...deps, text: createDesktopI18n('zh-CN').t });
    cards.attach(t.core);
    unbind = cards.bind();
    const { last, press } = await cardOfTriggeredRun();
    ports.focused = { ...editor, id: '0x200', title: 'other' };
    press('insert');
    await vi.waitFor(() =>
      expect(last().notice).toBe('“notes.txt”已不再拥有键盘焦点：请回到该窗口后再插入，或复制回答'),
    );
    expect(ports.inserted).toEqual([]);
  });

  it('a paste the app did not take: offers another paste key for it, remembers the next key, inserts again', async () => {
    server.script({ text: 'The cat.' });
    const keys: unknown[] = [];
    ports.inserter.insert = (text, options) => {
      keys.push(options?.pasteKey);
      if (options?.pasteKey === 'ctrl+shift+v') {
        ports.inserted.push(text);
        return Promise.resolve({ inserted: true });
      }
      return Promise.resolve({
        inserted: false,
        keepInCard: true,
        reason: '"notes.txt" did not take the text (ctrl+v) — kept in the card',
        notTaken: { app: 'gedit', pasteKey: 'ctrl+v' as const },
      });
    };
    const { last, press } = await cardOfTriggeredRun();
    expect(last().otherPasteKey).toBeNull();
    press('insert');
    await vi.waitFor(() => expect(last().otherPasteKey).toBe('Use another paste key for gedit'));
    expect(last().notice).toMatch(/did not take the text/);
    press('otherPasteKey');
    await vi.waitFor(() => expect(ports.inserted).toEqual(['The cat.']));
    expect(keys).toEqual([undefined, 'ctrl+shift+v']);
    const rules = await t.client.invoke('apps:list', undefined);
    expect(rules.rules.find((r) => r.app === 'gedit')).toMatchObject({
      origin: 'user',
      pasteKey: 'ctrl+shift+v',
    });
  });
});
