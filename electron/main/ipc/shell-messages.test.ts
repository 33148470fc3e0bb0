import { describe, expect, it, vi } from 'vitest';
import { CARD_CHANNELS, COMMAND_BAR_CHANNELS } from '../../../shared/ipc/names';
import { cardMessages, commandBarMessages, type CardMessage } from '../../../shared/ipc/shell';
import { englishText } from '../../core/i18n/desktop-text';
import { cardLabels } from '../windows/shell-words';
import { receiveShellMessage, sendShellMessage } from './shell-messages';

const labels = cardLabels(englishText);
const card: CardMessage = {
  runId: 'r1',
  title: 'Translate',
  text: 'Bonjour',
  pending: false,
  error: null,
  pinned: false,
  notice: null,
  turns: [],
  can: { insert: true, continue: false, retry: false, memo: false },
  attempt: null,
  model: null,
  otherPasteKey: null,
  labels,
};

describe('receiveShellMessage', () => {
  it('passes what matches the schema and turns the rest into null', () => {
    expect(receiveShellMessage(cardMessages.action, 'insert')).toBe('insert');
    expect(receiveShellMessage(cardMessages.action, { type: 'continue', message: 'and?' })).toEqual({
      type: 'continue',
      message: 'and?',
    });
    for (const forged of [
      { type: 'continue', message: '  ' },
      { type: 'retryWith', model: 'm' },
    ])
      expect(receiveShellMessage(cardMessages.action, forged)).toBeNull();
    for (const forged of ['delete', 42, null, { action: 'copy' }])
      expect(receiveShellMessage(cardMessages.action, forged)).toBeNull();
    expect(receiveShellMessage(commandBarMessages.submit, 'into French')).toBe('into French');
    expect(receiveShellMessage(commandBarMessages.submit, { text: 'x' })).toBeNull();
    expect(receiveShellMessage(commandBarMessages.cancel, undefined)).toBeUndefined();
    expect(receiveShellMessage(commandBarMessages.cancel, 'x')).toBeNull();
  });
});

describe('sendShellMessage', () => {
  it('sends a message that matches its schema, and only its declared fields', () => {
    const send = vi.fn();
    expect(sendShellMessage({ send }, CARD_CHANNELS.update, cardMessages.update, card)).toBe(true);
    const extra = { ...card, secret: 'not for the page' } as CardMessage;
    sendShellMessage({ send }, CARD_CHANNELS.update, cardMessages.update, extra);
    expect(send.mock.calls).toEqual([
      [CARD_CHANNELS.update, card],
      [CARD_CHANNELS.update, card],
    ]);
  });

  it('logs and drops a message that does not match', () => {
    const send = vi.fn();
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const broken = { ...card, labels: undefined } as unknown as CardMessage;
    expect(sendShellMessage({ send }, CARD_CHANNELS.update, cardMessages.update, broken)).toBe(false);
    expect(send).not.toHaveBeenCalled();
    expect(quiet.mock.calls[0]![0]).toContain(CARD_CHANNELS.update);
    quiet.mockRestore();
  });

  it('covers every channel of both windows', () => {
    expect(Object.keys(cardMessages).sort()).toEqual(Object.keys(CARD_CHANNELS).sort());
    expect(Object.keys(commandBarMessages).sort()).toEqual(Object.keys(COMMAND_BAR_CHANNELS).sort());
  });
});
