// The card, command bar and selection toolbar preloads, loaded against a fake Electron: they listen and send on the shared
// channel names (shared/ipc/names.ts) and expose nothing but their few functions.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { CARD_CHANNELS, COMMAND_BAR_CHANNELS, TOOLBAR_CHANNELS } from '../../../shared/ipc/names';

const fake = vi.hoisted(() => ({
  exposed: {} as Record<string, Record<string, (...args: unknown[]) => void>>,
  listeners: {} as Record<string, (event: unknown, payload: unknown) => void>,
  sent: [] as unknown[][],
}));

vi.mock('electron', () => ({
  contextBridge: {
    exposeInMainWorld: (key: string, api: Record<string, (...args: unknown[]) => void>) => {
      fake.exposed[key] = api;
    },
  },
  ipcRenderer: {
    on: (channel: string, listener: (event: unknown, payload: unknown) => void) => {
      fake.listeners[channel] = listener;
    },
    send: (...args: unknown[]) => void fake.sent.push(args),
  },
}));

beforeAll(async () => {
  await import('../../preload/card');
  await import('../../preload/command-bar');
  await import('../../preload/toolbar');
});

describe('the card preload', () => {
  it('exposes onCard, copy, insert, pin and close on the main channels', () => {
    const api = fake.exposed.skilldeckCard!;
    expect(Object.keys(api).sort()).toEqual([
      'close',
      'continue',
      'copy',
      'dictate',
      'insert',
      'memo',
      'models',
      'onCard',
      'onDictated',
      'onModels',
      'otherPasteKey',
      'pin',
      'retry',
      'retryWith',
    ]);
    fake.sent = [];
    api.copy!();
    api.insert!();
    api.pin!();
    api.close!();
    api.memo!();
    api.retry!();
    api.models!();
    api.otherPasteKey!();
    api.retryWith!('local', 'm2');
    api.retryWith!({ provider: 'x' }, 'm');
    api.continue!('and in Spanish?');
    api.continue!(42);
    expect(fake.sent).toEqual([
      ...['copy', 'insert', 'pin', 'close', 'memo', 'retry', 'models', 'otherPasteKey'].map((action) => [
        CARD_CHANNELS.action,
        action,
      ]),
      [CARD_CHANNELS.action, { type: 'retryWith', provider: 'local', model: 'm2' }],
      [CARD_CHANNELS.action, { type: 'continue', message: 'and in Spanish?' }],
    ]);
    const models: unknown[] = [];
    api.onModels!((m: unknown) => models.push(m));
    fake.listeners[CARD_CHANNELS.models]!({ sender: 'hidden' }, { providers: [] });
    expect(models).toEqual([{ providers: [] }]);

    const seen: unknown[] = [];
    fake.listeners[CARD_CHANNELS.update]!({ sender: 'hidden' }, { text: 'early' });
    api.onCard!((card: unknown) => seen.push(card));
    fake.listeners[CARD_CHANNELS.update]!({ sender: 'hidden' }, { text: 'late' });
    expect(seen).toEqual([{ text: 'early' }, { text: 'late' }]); // the IPC event never reaches the page
  });
});

describe('the command bar preload', () => {
  it('exposes submit, cancel and onContext on the main channels', () => {
    const api = fake.exposed.skilldeckCommandBar!;
    expect(Object.keys(api).sort()).toEqual([
      'cancel',
      'choose',
      'compact',
      'dictate',
      'onContext',
      'onDictated',
      'onSkills',
      'query',
      'submit',
    ]);
    fake.sent = [];
    api.submit!('into French');
    api.submit!({ not: 'text' });
    api.cancel!();
    expect(fake.sent).toEqual([[COMMAND_BAR_CHANNELS.submit, 'into French'], [COMMAND_BAR_CHANNELS.cancel]]);
    fake.sent = [];
    api.dictate!();
    expect(fake.sent).toEqual([[COMMAND_BAR_CHANNELS.dictate]]);
    const dictations: unknown[] = [];
    api.onDictated!((d: unknown) => dictations.push(d));
    fake.listeners[COMMAND_BAR_CHANNELS.dictated]!({ sender: 'hidden' }, { state: 'listening' });
    expect(dictations).toEqual([{ state: 'listening' }]);
    const seen: unknown[] = [];
    api.onContext!((context: unknown) => seen.push(context));
    fake.listeners[COMMAND_BAR_CHANNELS.context]!({}, { title: 'T' });
    expect(seen).toEqual([{ title: 'T' }]);
  });

  it("as the launcher: sends the query and the choice, hands the list to the page's listener", () => {
    const api = fake.exposed.skilldeckCommandBar!;
    fake.sent = [];
    api.query!('pol');
    api.query!(42);
    api.choose!('polish');
    api.choose!('ask', 'why?');
    api.choose!({ skillId: 'x' });
    api.compact!();
    expect(fake.sent).toEqual([
      [COMMAND_BAR_CHANNELS.query, 'pol'],
      [COMMAND_BAR_CHANNELS.choose, { skillId: 'polish' }],
      [COMMAND_BAR_CHANNELS.choose, { skillId: 'ask', instruction: 'why?' }],
      [COMMAND_BAR_CHANNELS.compact],
    ]);
    const lists: unknown[] = [];
    api.onSkills!((list: unknown) => lists.push(list));
    fake.listeners[COMMAND_BAR_CHANNELS.skills]!({ sender: 'hidden' }, { query: 'p', skills: [] });
    expect(lists).toEqual([{ query: 'p', skills: [] }]);
  });
});

describe('the selection toolbar preload', () => {
  it('exposes onView, run, more and copy on the toolbar channels, and nothing else', () => {
    const api = fake.exposed.skilldeckToolbar!;
    expect(Object.keys(api).sort()).toEqual(['copy', 'fit', 'more', 'onView', 'run']);
    fake.sent = [];
    api.run!('polish');
    api.run!({ id: 'polish' });
    api.more!();
    api.copy!();
    api.fit!(212);
    api.fit!('wide');
    expect(fake.sent).toEqual([
      [TOOLBAR_CHANNELS.run, 'polish'],
      [TOOLBAR_CHANNELS.more],
      [TOOLBAR_CHANNELS.copy],
      [TOOLBAR_CHANNELS.fit, 212],
    ]);
    const seen: unknown[] = [];
    fake.listeners[TOOLBAR_CHANNELS.view]!({ sender: 'hidden' }, { skills: ['early'] });
    api.onView!((view: unknown) => seen.push(view));
    fake.listeners[TOOLBAR_CHANNELS.view]!({ sender: 'hidden' }, { skills: ['late'] });
    expect(seen).toEqual([{ skills: ['early'] }, { skills: ['late'] }]);
  });
});
