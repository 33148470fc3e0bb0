import type { BrowserWindow } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { CARD_CHANNELS } from '../../../shared/ipc/names';
import { CardDictation } from './card-dictation';
import { FakeBrowserWindow } from './test-electron';

vi.mock('electron', () => import('./test-electron').then((m) => m.fakeElectron()));

describe('the card’s follow-up mic', () => {
  it('records once at a time through the indicator and hands what was heard to the card that asked', () => {
    const ended: (() => void)[] = [];
    let heard: ((text: string) => void) | null = null;
    const recorder = {
      active: false,
      start: vi.fn((purpose: { returnText: (text: string) => void }) => {
        heard = purpose.returnText;
        recorder.active = true;
        return true;
      }),
      stop: vi.fn(),
      cancel: vi.fn(),
      onEnded: (listener: () => void) => void ended.push(listener),
    };
    const dictation = new CardDictation(recorder);
    const card = new FakeBrowserWindow({});
    const other = new FakeBrowserWindow({});
    dictation.start(card as unknown as BrowserWindow);
    dictation.start(other as unknown as BrowserWindow); // one recording at a time
    expect(recorder.start).toHaveBeenCalledTimes(1);
    heard!('and in Spanish?');
    recorder.active = false;
    for (const listener of ended) listener();
    expect(card.webContents.received(CARD_CHANNELS.dictated)).toEqual([
      { state: 'listening' },
      { state: 'heard', text: 'and in Spanish?' },
      { state: 'ended' },
    ]);
    expect(other.webContents.received(CARD_CHANNELS.dictated)).toEqual([]);
    // the next press records again
    dictation.start(other as unknown as BrowserWindow);
    expect(recorder.start).toHaveBeenCalledTimes(2);
  });
});
