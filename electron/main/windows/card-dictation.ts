// The card's follow-up mic: the follow-up said instead of typed, through the recording indicator (the
// same one the dictate key opens); the card is told how the recording goes and gets what was heard.
import type { BrowserWindow } from 'electron';
import { CARD_CHANNELS } from '../../../shared/ipc/names';
import { cardMessages, type Dictation } from '../../../shared/ipc/shell';
import { sendShellMessage } from '../ipc/shell-messages';
import type { InstructionRecorder } from './command-bar-window';

export class CardDictation {
  /** The card whose mic is recording, if one is. */
  private window: BrowserWindow | null = null;

  constructor(private readonly recorder: InstructionRecorder) {
    recorder.onEnded(() => {
      const window = this.window;
      this.window = null;
      this.tell(window, { state: 'ended' });
    });
  }

  /** The mic pressed in `window`'s card: a recording starts unless one is already on. */
  start(window: BrowserWindow): void {
    if (this.window || this.recorder.active) return;
    const started = this.recorder.start({
      returnText: (text) => this.tell(window, { state: 'heard', text: text.slice(0, 100_000) }),
    });
    if (!started) return;
    this.window = window;
    this.tell(window, { state: 'listening' });
  }

  private tell(window: BrowserWindow | null, message: Dictation) {
    if (window && !window.isDestroyed())
      sendShellMessage(window.webContents, CARD_CHANNELS.dictated, cardMessages.dictated, message);
  }
}
