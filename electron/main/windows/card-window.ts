import { CardDictation } from './card-dictation';
import type { InstructionRecorder } from './command-bar-window';
import fs from 'node:fs/promises';
import path from 'node:path';
import { ipcMain, screen, type BrowserWindow, type IpcMainEvent, type Rectangle } from 'electron';
import { writeFileAtomic } from '../../core/fs/atomic-write';
import { englishText, type DesktopText } from '../../core/i18n/desktop-text';
import type {
  Card,
  CardNotShown,
  CardPresenterPort,
  ClipboardPort,
  PasteKeyName,
  TextInserterPort,
} from '../../core/platform';
import { APP_ORIGIN } from '../protocol/app-origin';
import { openLockedDownWindow } from './locked-down-window';
import { floatAbove, floatingWindowOptions } from './float-above';
import { checkSender, type SenderFrame } from '../ipc/sender';
import { CARD_CHANNELS } from '../../../shared/ipc/names';
import { cardMessages, type CardAction, type CardMessage, type CardView } from '../../../shared/ipc/shell';
import { receiveShellMessage, sendShellMessage } from '../ipc/shell-messages';
import { blankCardView, cardLabels } from './shell-words';
import {
  type NotTaken,
  notTakenOf,
  pasteKeyWords,
  providerModels,
  threadAction,
  withThread,
} from './card-actions';
import { CardActionError, CardThread, cardErrorText, type CardCore } from './card-thread';

export const CARD_URL = `${APP_ORIGIN}/card.html`;

export interface Size {
  width: number;
  height: number;
}
export interface Point {
  x: number;
  y: number;
}

export const DEFAULT_CARD_SIZE: Size = { width: 440, height: 340 };
const MIN_CARD_SIZE: Size = { width: 260, height: 140 };
/** Below and to the right of the pointer, so the card does not cover what was just selected. */
const CURSOR_OFFSET: Point = { x: 16, y: 20 };

/**
 * Where the card goes: beside the pointer, flipped to the other side when it would leave the work area,
 * then clamped into it (the work area excludes taskbars and docks). The size shrinks to fit first.
 */
export function placeNearCursor(cursor: Point, wanted: Size, workArea: Rectangle): Rectangle {
  const width = Math.min(Math.max(wanted.width, MIN_CARD_SIZE.width), workArea.width);
  const height = Math.min(Math.max(wanted.height, MIN_CARD_SIZE.height), workArea.height);
  let x = cursor.x + CURSOR_OFFSET.x;
  let y = cursor.y + CURSOR_OFFSET.y;
  if (x + width > workArea.x + workArea.width) x = cursor.x - CURSOR_OFFSET.x - width;
  if (y + height > workArea.y + workArea.height) y = cursor.y - CURSOR_OFFSET.y - height;
  x = Math.min(Math.max(x, workArea.x), workArea.x + workArea.width - width);
  y = Math.min(Math.max(y, workArea.y), workArea.y + workArea.height - height);
  return { x: Math.round(x), y: Math.round(y), width, height };
}

/** The remembered card size (`<userData>/card-window.json`); the default when missing or unreadable. */
export async function readCardSize(file: string): Promise<Size> {
  try {
    const parsed = JSON.parse(await fs.readFile(file, 'utf8')) as Partial<Size>;
    const ok = (n: unknown): n is number =>
      typeof n === 'number' && Number.isFinite(n) && n > 0 && n < 20_000;
    if (ok(parsed.width) && ok(parsed.height))
      return { width: Math.round(parsed.width), height: Math.round(parsed.height) };
  } catch {
    // first run, or a file someone broke: the default size
  }
  return { ...DEFAULT_CARD_SIZE };
}

export async function writeCardSize(file: string, size: Size): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  await writeFileAtomic(file, `${JSON.stringify({ width: size.width, height: size.height })}\n`);
}

export interface FloatingCardsDeps {
  preloadFile: string;
  /** `<userData>/card-window.json`. */
  sizeFile: string;
  clipboard: ClipboardPort;
  inserter: TextInserterPort;
  /**
   * Gives the keyboard back before a paste where hiding the card is not enough (none today: on macOS
   * the inserter gives it back to the run's window itself).
   */
  yieldFocus?: () => void;
  /** How long to wait for the focus to move back before pasting (ms, default 150). */
  focusDelayMs?: number;
  /** Debounce of size saves while the user drags the edge (ms, default 400). */
  saveDelayMs?: number;
  /** The app's words in its language (default English). */
  text?: DesktopText;
  /** Where it runs (default process.platform): macOS floats cards over full-screen apps. */
  platform?: NodeJS.Platform;
}

interface OpenCard {
  window: BrowserWindow;
  view: CardView;
  loaded: boolean;
  /** The run's attempts and follow-ups, once the core is attached. */
  thread: CardThread | null;
  /** The last paste the app did not take (the app and the key): "use another paste key" acts on it. */
  notTaken: NotTaken | null;
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The floating cards (CardPresenterPort). A run's card is updated in place while it streams; a new run
 * reuses a finished, unpinned card (two runs streaming at once get a card each), a pinned one stays as
 * it is until closed. Cards appear without taking the
 * keyboard (showInactive), so the application the user was in keeps the focus for a paste.
 */
export class FloatingCards implements CardPresenterPort {
  private readonly cards = new Set<OpenCard>();
  private size: Size | null = null;
  private saveTimer: NodeJS.Timeout | null = null;
  /** Runs whose card the user closed (or pasted from): their later updates do not bring it back. */
  private readonly dismissed = new Set<string>();
  /** Updates one at a time: two quick first updates of a run must not open two cards. */
  private queue: Promise<void> = Promise.resolve();
  /** The core, for the actions that go through it (attached once it exists). */
  private core: CardCore | null = null;
  /** The follow-up box's mic, once the app has a recording indicator. */
  private dictation: CardDictation | null = null;

  constructor(private readonly deps: FloatingCardsDeps) {}

  useRecorder(recorder: InstructionRecorder): void {
    this.dictation = new CardDictation(recorder);
  }

  /** The core the card's Retry, Continue, Insert and Save as memo go through. */
  attach(core: CardCore): void {
    this.core = core;
  }

  private get t(): DesktopText {
    return this.deps.text ?? englishText;
  }

  show(card: Card): Promise<CardNotShown | undefined> {
    const next = this.queue.then(() => this.update(card));
    this.queue = next.then(
      () => undefined,
      () => undefined,
    );
    return next;
  }

  private async update(card: Card): Promise<CardNotShown | undefined> {
    // closed by the user: not brought back; the core notifies where a final result is instead
    if (this.dismissed.has(card.runId)) return { shown: false };
    // a retry started from a card shows in that card (its output tool may show it too)
    const retried = this.find(
      (open) => open.thread?.state().runId === card.runId && open.view.runId !== card.runId,
    );
    if (retried) {
      if (card.notice) retried.view = { ...retried.view, notice: card.notice };
      this.send(retried);
      return;
    }
    const existing = this.find((open) => open.view.runId === card.runId);
    const target =
      existing ?? this.find((open) => !open.view.pinned && !open.view.pending) ?? (await this.open());
    const fresh = target.view.runId !== card.runId;
    if (fresh || card.notTaken) this.offerPasteKey(target, card.notTaken ?? null);
    if (fresh) {
      target.thread?.dispose();
      target.thread = this.core ? new CardThread(this.core, card.runId, () => this.send(target)) : null;
    }
    target.view = {
      ...(fresh ? blankCardView() : target.view),
      runId: card.runId,
      title: card.title,
      text: card.text,
      pending: card.pending,
      error: card.error ?? null,
      pinned: fresh ? false : target.view.pinned,
      // what the trigger captured and how, until a button's notice replaces it
      notice: card.notice ?? (fresh ? (card.captured ?? null) : target.view.notice),
      otherPasteKey: target.view.otherPasteKey,
    };
    if (fresh && target.loaded) this.moveNearCursor(target.window); // a reused card follows the pointer
    this.send(target);
    if (!target.window.isVisible() && target.loaded) target.window.showInactive();
  }

  /** Binds the card buttons; returns the undo. */
  bind(): () => void {
    const listener = (event: IpcMainEvent, action: unknown) => void this.onAction(event, action);
    ipcMain.on(CARD_CHANNELS.action, listener);
    return () => {
      ipcMain.removeListener(CARD_CHANNELS.action, listener);
    };
  }

  /** Sends the open cards again, with their buttons in the language just chosen. */
  relabel(): void {
    for (const open of this.cards) this.send(open);
  }

  closeAll(): void {
    for (const open of [...this.cards]) if (!open.window.isDestroyed()) open.window.close();
    this.cards.clear();
  }

  trustedMainFrames(): readonly SenderFrame[] {
    return [...this.cards].filter((c) => !c.window.isDestroyed()).map((c) => c.window.webContents.mainFrame);
  }

  private find(predicate: (open: OpenCard) => boolean): OpenCard | undefined {
    for (const open of this.cards) if (!open.window.isDestroyed() && predicate(open)) return open;
    return undefined;
  }

  private async open(): Promise<OpenCard> {
    this.size ??= await readCardSize(this.deps.sizeFile);
    const bounds = this.boundsNearCursor(this.size);
    const window = openLockedDownWindow(
      {
        ...bounds,
        minWidth: MIN_CARD_SIZE.width,
        minHeight: MIN_CARD_SIZE.height,
        title: 'Skilldeck',
        show: false,
        frame: false,
        alwaysOnTop: true,
        skipTaskbar: true,
        fullscreenable: false,
        minimizable: false,
        maximizable: false,
        resizable: true,
        ...floatingWindowOptions(this.deps.platform ?? process.platform),
      },
      this.deps.preloadFile,
    );
    const open: OpenCard = { window, loaded: false, view: blankCardView(), thread: null, notTaken: null };
    this.cards.add(open);
    floatAbove(window, this.deps.platform ?? process.platform, 'floating');
    window.webContents.on('did-finish-load', () => {
      open.loaded = true;
      this.send(open);
      if (!window.isDestroyed() && !window.isVisible()) window.showInactive();
    });
    window.webContents.on('before-input-event', (event, input) => {
      if (input.type === 'keyDown' && input.key === 'Escape') {
        event.preventDefault();
        window.close();
      }
    });
    window.on('resize', () => this.rememberSize(window));
    window.on('closed', () => {
      this.cards.delete(open);
      if (open.view.runId) this.dismiss(open.view.runId);
      const attempt = open.thread?.state().runId;
      if (attempt && attempt !== open.view.runId) this.dismiss(attempt);
      open.thread?.dispose();
    });
    void window.loadURL(CARD_URL).catch((error: unknown) => {
      console.error('[skilldeck] the floating card failed to load:', error);
    });
    return open;
  }

  private dismiss(runId: string): void {
    this.dismissed.add(runId);
    if (this.dismissed.size > 200) this.dismissed.delete(this.dismissed.values().next().value!);
  }

  private boundsNearCursor(size: Size): Rectangle {
    const cursor = screen.getCursorScreenPoint();
    return placeNearCursor(cursor, size, screen.getDisplayNearestPoint(cursor).workArea);
  }

  private moveNearCursor(window: BrowserWindow): void {
    const [width = DEFAULT_CARD_SIZE.width, height = DEFAULT_CARD_SIZE.height] = window.getSize();
    window.setBounds(this.boundsNearCursor({ width, height }));
  }

  private rememberSize(window: BrowserWindow): void {
    if (window.isDestroyed()) return;
    const [width, height] = window.getSize();
    if (width === undefined || height === undefined) return;
    this.size = { width, height };
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = setTimeout(() => {
      this.saveTimer = null;
      writeCardSize(this.deps.sizeFile, { width, height }).catch((error: unknown) => {
        console.error('[skilldeck] could not remember the card size:', error);
      });
    }, this.deps.saveDelayMs ?? 400);
  }

  private send(open: OpenCard): void {
    if (!open.loaded || open.window.isDestroyed()) return;
    const view = withThread(open.view, open.thread?.state(), this.t);
    const dictate = this.dictation ? { dictate: this.t('card.dictate') } : {};
    const message: CardMessage = { ...view, labels: { ...cardLabels(this.t), ...dictate } };
    sendShellMessage(open.window.webContents, CARD_CHANNELS.update, cardMessages.update, message);
  }

  private async onAction(event: IpcMainEvent, action: unknown): Promise<void> {
    const open = this.find((c) => c.window.webContents.id === event.sender.id);
    const checked = receiveShellMessage(cardMessages.action, action);
    if (!open || checked === null) return;
    let verdict;
    try {
      verdict = checkSender(event.senderFrame, [open.window.webContents.mainFrame]);
    } catch {
      return; // the frame went away mid-call
    }
    if (!verdict.ok) return;
    try {
      await this.perform(open, checked);
    } catch (error) {
      this.notice(open, cardErrorText(error, this.t));
    }
  }

  private async perform(open: OpenCard, action: CardAction): Promise<void> {
    const { window, thread } = open;
    switch (action) {
      case 'close':
        window.close();
        return;
      case 'pin':
        open.view = { ...open.view, pinned: !open.view.pinned };
        this.send(open);
        return;
      case 'copy':
        await this.deps.clipboard.writeText(this.answer(open));
        this.notice(open, this.t('card.copied'));
        return;
      case 'insert':
        return this.insert(open);
      case 'otherPasteKey':
        return this.useOtherPasteKey(open);
      case 'dictate':
        return this.dictation?.start(window);
      case 'models': {
        if (!this.core || window.isDestroyed()) return;
        const models = await providerModels(this.core);
        if (models.providers.length === 0) this.notice(open, this.t('card.noProviders'));
        if (!window.isDestroyed())
          sendShellMessage(window.webContents, CARD_CHANNELS.models, cardMessages.models, models);
        return;
      }
      default: {
        if (!thread) return;
        const notice = await threadAction(thread, action, this.t);
        if (notice) this.notice(open, notice);
        else this.send(open);
      }
    }
  }

  /** What Copy and Insert act on: the last answer of the thread, else the text shown. */
  private answer(open: OpenCard): string {
    return open.thread?.lastAnswer().text || withThread(open.view, open.thread?.state(), this.t).text;
  }

  private async insert(open: OpenCard): Promise<void> {
    const { window, thread } = open;
    const text = this.answer(open);
    if (text === '') return;
    // The card steps aside so the application the user was in gets the keyboard back, then the paste
    // goes there: through the core's insertion transaction (its focus check) when the run has a window,
    // else straight through the inserter (the user chose to paste).
    window.hide();
    let result: { inserted: boolean; reason?: string; said?: string; notTaken?: NotTaken | null } = {
      inserted: false,
    };
    try {
      this.deps.yieldFocus?.();
      await delay(this.deps.focusDelayMs ?? 150);
      if (thread?.state().canInsert) {
        // the core's words say why, whole ("“gedit” no longer has the keyboard focus: …")
        result = await thread.deliver('insert').then(
          () => ({ inserted: true }),
          (error: unknown) => ({
            inserted: false,
            said: cardErrorText(error, this.t),
            notTaken: notTakenOf(error),
          }),
        );
      } else result = await this.deps.inserter.insert(text);
    } catch (error) {
      // the inserter threw after the card hid: say so in the card, never leave it hidden (§7.10)
      result = { inserted: false, said: cardErrorText(error, this.t) };
    } finally {
      if (!window.isDestroyed()) {
        if (result.inserted && !open.view.pinned) window.close();
        else window.showInactive();
      }
    }
    if (!window.isDestroyed()) this.offerPasteKey(open, result.inserted ? null : (result.notTaken ?? null));
    if (window.isDestroyed() || (result.inserted && !open.view.pinned)) return;
    this.notice(
      open,
      result.inserted
        ? this.t('card.inserted')
        : (result.said ??
            this.t('card.notInserted', { reason: result.reason ?? this.t('card.unknownReason') })),
    );
  }

  /** Shows (or takes away) "use another paste key for <app>" after a paste the app did not take. */
  private offerPasteKey(open: OpenCard, notTaken: NotTaken | null): void {
    open.notTaken = notTaken;
    open.view = {
      ...open.view,
      otherPasteKey: notTaken ? this.t('card.otherPasteKey', { app: notTaken.app }) : null,
    };
  }

  /** The app's rule moves on to the next paste key (remembered for next time), then Insert again. */
  private async useOtherPasteKey(open: OpenCard): Promise<void> {
    if (!open.notTaken || !this.core) return;
    const { app, pasteKey } = open.notTaken;
    const answer = await this.core.dispatch('apps:nextPasteKey', { app, tried: pasteKey });
    if (!answer.ok) throw new CardActionError(answer.error.message, answer.error.words);
    const rule = answer.value as { pasteKey: PasteKeyName };
    this.offerPasteKey(open, null);
    this.notice(open, this.t('card.pasteKeyNow', { app, key: pasteKeyWords(rule.pasteKey, this.t) }));
    await this.insert(open);
  }

  private notice(open: OpenCard, notice: string): void {
    if (open.window.isDestroyed()) return;
    open.view = { ...open.view, notice };
    this.send(open);
  }
}
