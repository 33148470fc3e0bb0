import { ipcMain, screen, type BrowserWindow, type IpcMainEvent, type Rectangle } from 'electron';
import type { CommandBarPort, FocusedWindow, LauncherPort } from '../../core/platform';
import type { ReturnFocus } from '../ports/focus-return';
import { englishText, type DesktopText } from '../../core/i18n/desktop-text';
import { APP_ORIGIN } from '../protocol/app-origin';
import { openLockedDownWindow } from './locked-down-window';
import { floatAbove, floatingWindowOptions } from './float-above';
import { checkSender, type SenderFrame } from '../ipc/sender';
import { COMMAND_BAR_CHANNELS } from '../../../shared/ipc/names';
import { commandBarMessages, type CommandBarContext, type Dictation } from '../../../shared/ipc/shell';
import { receiveShellMessage, sendShellMessage } from '../ipc/shell-messages';
import { captureLine, describeCapture } from './shell-words';

export const COMMAND_BAR_URL = `${APP_ORIGIN}/command-bar.html`;
const BAR_SIZE = { width: 620, height: 132 };
/** The launcher's height: the filter, about seven skills and the key hints. */
export const LAUNCHER_HEIGHT = 430;
/** The line under the field that says what a prefilled instruction is for (a link's confirmation). */
const PROMPT_LINE = 28;
/** The contract's limit for an instruction (shared/types/desktop.ts TriggerInput). */
const MAX_INSTRUCTION = 100_000;

type AskRequest = Parameters<CommandBarPort['ask']>[0];
type ChooseRequest = Parameters<LauncherPort['choose']>[0];
type Choice = { skillId: string; instruction?: string };
/** How many skills the launcher page is sent at once. */
const LISTED = 50;

/** Centred horizontally on the work area of the display under the pointer, a quarter of the way down. */
export function placeCommandBar(workArea: Rectangle, height = BAR_SIZE.height): Rectangle {
  const width = Math.min(BAR_SIZE.width, workArea.width);
  const tall = Math.min(height, workArea.height);
  return {
    x: Math.round(workArea.x + (workArea.width - width) / 2),
    y: Math.round(workArea.y + Math.min(workArea.height / 4, workArea.height - tall)),
    width,
    height: tall,
  };
}

type Pending = { window: BrowserWindow; target: FocusedWindow | null } & (
  | { kind: 'ask'; resolve: (answer: string | null) => void }
  | { kind: 'launcher'; resolve: (answer: Choice | null) => void; request: ChooseRequest }
);

/**
 * The command bar (CommandBarPort): a small frameless window that takes the keyboard. Enter answers with
 * the text, Esc, closing it or clicking elsewhere answers null. One at a time: a new question dismisses
 * the open one.
 */
/** The recording indicator as the command bar uses it (windows/recorder-window.ts). */
export interface InstructionRecorder {
  readonly active: boolean;
  start(purpose: { returnText: (text: string) => void }): boolean;
  stop(): void;
  cancel(): void;
  onEnded(listener: () => void): void;
}

export class CommandBar implements CommandBarPort, LauncherPort {
  private pending: Pending | null = null;
  private recorder: InstructionRecorder | null = null;
  /** The bar whose mic button is recording, if one is. */
  private dictating: BrowserWindow | null = null;

  constructor(
    private readonly deps: {
      preloadFile: string;
      focusApp?: () => void;
      /**
       * macOS: once the user answered or pressed Esc, gives the keyboard back to the window the bar was
       * opened from (it took it) and waits until that has it, before the answer is acted on.
       */
      returnFocus?: ReturnFocus | undefined;
      text?: DesktopText;
      /** Where it runs (default process.platform): macOS floats it over full-screen apps. */
      platform?: NodeJS.Platform;
    },
  ) {}

  /** The mic button records through this (the desktop app has one once it started). */
  useRecorder(recorder: InstructionRecorder): void {
    this.recorder = recorder;
    recorder.onEnded(() => this.dictation(this.dictating, { state: 'ended' }));
  }

  /** Tells the bar that asked how its recording goes; `ended` also forgets it. */
  private dictation(window: BrowserWindow | null, message: Dictation): void {
    if (message.state === 'ended' && window === this.dictating) this.dictating = null;
    if (!window || window.isDestroyed()) return;
    sendShellMessage(window.webContents, COMMAND_BAR_CHANNELS.dictated, commandBarMessages.dictated, message);
  }

  ask(request: AskRequest): Promise<string | null> {
    this.finish(null);
    const context: CommandBarContext = {
      ...this.context(request.title, request.placeholder, request.captured),
      // a link's instruction, shown to confirm (or edit) before anything runs
      ...(request.initial ? { initial: request.initial.slice(0, MAX_INSTRUCTION) } : {}),
    };
    return new Promise((resolve) => {
      const window = this.open(context, BAR_SIZE.height + (context.initial ? PROMPT_LINE : 0));
      this.pending = { kind: 'ask', window, resolve, target: request.target ?? null };
    });
  }

  /** The bar as the launcher: the skills filtered as the user types; resolves the choice or null. */
  choose(request: ChooseRequest): Promise<Choice | null> {
    this.finish(null);
    const t = this.deps.text ?? englishText;
    const context: CommandBarContext = {
      ...this.context(t('commandBar.launcher.title'), t('commandBar.launcher.search'), request.captured),
      launcher: {
        skills: request.skills.slice(0, LISTED),
        labels: {
          search: t('commandBar.launcher.search'),
          none: t('commandBar.launcher.none'),
          instructionFor: t('commandBar.launcher.instructionFor'),
          hints: t('commandBar.launcher.hints'),
        },
      },
    };
    return new Promise((resolve) => {
      const window = this.open(context, LAUNCHER_HEIGHT);
      this.pending = { kind: 'launcher', window, resolve, request, target: request.target ?? null };
    });
  }

  private get platform(): NodeJS.Platform {
    return this.deps.platform ?? process.platform;
  }

  private context(title: string, placeholder: string, captured: AskRequest['captured']): CommandBarContext {
    const t = this.deps.text ?? englishText;
    const described = describeCapture(captured);
    return {
      title,
      placeholder,
      captured: described,
      labels: {
        lang: t('lang'),
        instruction: t('commandBar.instruction'),
        captured: captureLine(described, t),
        ...(this.recorder ? { dictate: t('commandBar.dictate') } : {}),
      },
    };
  }

  private open(context: CommandBarContext, height: number): BrowserWindow {
    const cursor = screen.getCursorScreenPoint();
    const window = openLockedDownWindow(
      {
        ...placeCommandBar(screen.getDisplayNearestPoint(cursor).workArea, height),
        title: 'Skilldeck',
        show: false,
        frame: false,
        alwaysOnTop: true,
        skipTaskbar: true,
        resizable: false,
        fullscreenable: false,
        minimizable: false,
        maximizable: false,
        ...floatingWindowOptions(this.platform),
      },
      this.deps.preloadFile,
    );
    floatAbove(window, this.platform, 'pop-up-menu');
    window.webContents.on('did-finish-load', () => {
      if (window.isDestroyed()) return;
      sendShellMessage(window.webContents, COMMAND_BAR_CHANNELS.context, commandBarMessages.context, context);
      this.deps.focusApp?.();
      window.show();
      window.focus();
    });
    window.webContents.on('before-input-event', (event, input) => {
      if (input.type !== 'keyDown') return;
      // while its mic records: Esc cancels the recording (the bar stays), Enter stops it
      if (this.dictating === window && (input.key === 'Escape' || input.key === 'Enter')) {
        event.preventDefault();
        if (input.key === 'Escape') this.recorder?.cancel();
        else this.recorder?.stop();
        return;
      }
      if (input.key === 'Escape') {
        event.preventDefault();
        if (this.pending?.window === window) this.finish(null, 'give back');
      }
    });
    window.on('blur', () => this.finishFrom(window, null));
    window.on('closed', () => this.finishFrom(window, null));
    void window.loadURL(COMMAND_BAR_URL).catch((error: unknown) => {
      console.error('[skilldeck] the command bar failed to load:', error);
      this.finishFrom(window, null);
    });
    return window;
  }

  /** Binds the page's submit, cancel, and the launcher's query and choice; returns the undo. */
  bind(): () => void {
    const submit = (event: IpcMainEvent, payload: unknown) => {
      const text = receiveShellMessage(commandBarMessages.submit, payload);
      if (text === null || !this.fromOpenBar(event) || this.pending?.kind !== 'ask') return;
      this.finish(text.slice(0, MAX_INSTRUCTION), 'give back');
    };
    const cancel = (event: IpcMainEvent, payload: unknown) => {
      if (receiveShellMessage(commandBarMessages.cancel, payload) === null) return;
      if (this.fromOpenBar(event)) this.finish(null, 'give back');
    };
    const query = (event: IpcMainEvent, payload: unknown) => {
      const typed = receiveShellMessage(commandBarMessages.query, payload);
      const pending = this.pending;
      if (typed === null || !this.fromOpenBar(event) || pending?.kind !== 'launcher') return;
      const skills = pending.request.filter(typed).slice(0, LISTED);
      sendShellMessage(pending.window.webContents, COMMAND_BAR_CHANNELS.skills, commandBarMessages.skills, {
        query: typed,
        skills,
      });
    };
    const choose = (event: IpcMainEvent, payload: unknown) => {
      const choice = receiveShellMessage(commandBarMessages.choose, payload);
      if (choice === null || !this.fromOpenBar(event) || this.pending?.kind !== 'launcher') return;
      this.finish(
        {
          skillId: choice.skillId,
          ...(choice.instruction !== undefined
            ? { instruction: choice.instruction.slice(0, MAX_INSTRUCTION) }
            : {}),
        },
        'give back',
      );
    };
    const compact = (event: IpcMainEvent, payload: unknown) => {
      if (receiveShellMessage(commandBarMessages.compact, payload) === null || !this.fromOpenBar(event))
        return;
      const window = this.pending?.window;
      if (this.pending?.kind !== 'launcher' || !window || window.isDestroyed()) return;
      window.setBounds({ ...window.getBounds(), height: BAR_SIZE.height });
    };
    const dictate = (event: IpcMainEvent, payload: unknown) => {
      if (receiveShellMessage(commandBarMessages.dictate, payload) === null || !this.fromOpenBar(event))
        return;
      const window = this.pending?.window;
      const recorder = this.recorder;
      if (!window || !recorder || this.dictating) return;
      const started = recorder.start({
        returnText: (text) =>
          this.dictation(window, { state: 'heard', text: text.slice(0, MAX_INSTRUCTION) }),
      });
      if (!started) return;
      this.dictating = window;
      this.dictation(window, { state: 'listening' });
    };
    const listeners = { submit, cancel, query, choose, compact, dictate } as const;
    for (const [name, listener] of Object.entries(listeners))
      ipcMain.on(COMMAND_BAR_CHANNELS[name as keyof typeof listeners], listener);
    return () => {
      for (const [name, listener] of Object.entries(listeners))
        ipcMain.removeListener(COMMAND_BAR_CHANNELS[name as keyof typeof listeners], listener);
      this.finish(null);
    };
  }

  trustedMainFrames(): readonly SenderFrame[] {
    const window = this.pending?.window;
    return window && !window.isDestroyed() ? [window.webContents.mainFrame] : [];
  }

  private fromOpenBar(event: IpcMainEvent): boolean {
    try {
      return checkSender(event.senderFrame, this.trustedMainFrames()).ok;
    } catch {
      return false; // the frame went away mid-call
    }
  }

  private finishFrom(window: BrowserWindow, answer: null): void {
    if (this.pending?.window === window) this.finish(answer);
  }

  /**
   * Answers the open bar (a string for a question, a choice for the launcher, null: dismissed). `give
   * back`: the user answered or pressed Esc in the bar, which has the keyboard — it goes back first (not
   * when the bar lost the focus: the user already went elsewhere).
   */
  private finish(answer: string | Choice | null, focus: 'give back' | 'leave' = 'leave'): void {
    const pending = this.pending;
    if (!pending) return;
    this.pending = null;
    // the bar goes: its recording, if any, is dropped
    if (this.dictating === pending.window) this.recorder?.cancel();
    if (!pending.window.isDestroyed()) pending.window.close();
    const settle = () => {
      if (pending.kind === 'ask') pending.resolve(typeof answer === 'string' ? answer : null);
      else pending.resolve(typeof answer === 'object' ? answer : null);
    };
    const returnFocus = focus === 'give back' ? this.deps.returnFocus : undefined;
    if (!returnFocus) return settle();
    void returnFocus(pending.target)
      .catch((error: unknown) => console.warn('[skilldeck] could not give the focus back:', error))
      .finally(settle);
  }
}
