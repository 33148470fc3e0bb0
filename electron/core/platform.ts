// What the core needs from the desktop, as ports. Electron implements them in electron/main (issue 6);
// the CLI and tests use the Node implementations in electron/cli/node-ports.ts.
import type { CaptureRule, PasteKeyName } from '../../shared/types/app-rules';

export type { CaptureRule, PasteKeyName };

export interface ClipboardPort {
  readText(): Promise<string>;
  writeText(text: string): Promise<void>;
}

/** The window that had the keyboard focus (at trigger time, or now). */
export interface FocusedWindow {
  /** The OS's id of the window (X11 window id, HWND, AXUIElement pid:window…). */
  id: string;
  /** The application, e.g. `chromium`, `xterm`, `code` (WM_CLASS on X11). */
  app: string;
  title: string;
  /** A browser tab's address where the platform tells it (macOS: Safari's AXDocument); absent otherwise. */
  url?: string;
  /** A terminal: paste with Ctrl+Shift+V / Shift+Insert, never send Ctrl+C to copy. */
  isTerminal: boolean;
}

export interface FocusPort {
  /** The focused window, or null when there is none (or no display). */
  current(): Promise<FocusedWindow | null>;
}

export type CaptureMethod = 'accessibility' | 'primary' | 'copy' | 'none';

export interface CapturedSelection {
  /** The selected text ('' when nothing was captured). */
  text: string;
  /** How: UI Automation / Accessibility, the X11 PRIMARY selection, the copy-key fallback, or nothing. */
  method: CaptureMethod;
}

/** Reads what is selected in the focused application. */
export interface SelectionPort {
  /**
   * `copyFallback`: when the direct way finds nothing, send the copy key (not in terminals) with the
   * clipboard snapshotted and restored.
   */
  capture(options: {
    focus: FocusedWindow | null;
    copyFallback: boolean;
    /**
     * The app's capture rule (apps/app-rules.ts): `copy` sends the copy key before trying the direct way;
     * `never`, `primary` and `accessibility` send no key (copyFallback is then false). Absent: `auto`.
     */
    rule?: CaptureRule;
  }): Promise<CapturedSelection>;
}

/** The small frameless window that asks for an instruction. Resolves null when dismissed (Esc). */
export interface CommandBarPort {
  ask(request: {
    skillId: string;
    title: string;
    /** e.g. the skill's argument-hint, or why it asks ("nothing was selected"). */
    placeholder: string;
    captured: CapturedSelection;
    /** Text already in the field (a link's instruction, to confirm). */
    initial?: string;
    /** The window the run started from: the keyboard goes back to it when the bar closes (macOS). */
    target?: FocusedWindow | null;
  }): Promise<string | null>;
}

/** What the launcher lists (shared/types/desktop.ts LauncherSkill). */
export interface LauncherEntry {
  id: string;
  name: string;
  description: string;
  emoji: string;
  color: string;
  hotkey: string | null;
  /** Choosing it opens the instruction box first (it takes arguments, or nothing was selected). */
  asks: boolean;
}

/** The command bar as a launcher: the user filters the skills, picks one, maybe types an instruction. */
export interface LauncherPort {
  /** Resolves the choice, or null when dismissed (Esc, clicking elsewhere). */
  choose(request: {
    /** The skills for an empty filter, best first. */
    skills: LauncherEntry[];
    /** The skills for what is typed (the palette's rule), best first. */
    filter(query: string): LauncherEntry[];
    captured: CapturedSelection;
    /** The window the launcher was opened from: the keyboard goes back to it when the bar closes. */
    target?: FocusedWindow | null;
  }): Promise<{ skillId: string; instruction?: string } | null>;
}

/** Puts text where the user's cursor is (the desktop does it as a paste transaction). */
export interface TextInserterPort {
  /**
   * `target`: the window focused when the run was triggered; the desktop refuses to paste into another
   * one (`reason` says so) so the result is kept in the card instead. `after`: the selection stays and
   * the text goes after it — the selection is collapsed to its end (the Right key) before the paste;
   * never in a terminal, whose selection is not where its cursor is.
   */
  insert(text: string, options?: InsertOptions): Promise<InsertResult>;
}

export interface InsertOptions {
  target?: FocusedWindow | null;
  after?: boolean;
  /** The app rule's paste key (absent: the port's own choice — Ctrl+V, Ctrl+Shift+V in terminals). */
  pasteKey?: PasteKeyName;
  /** The app rule's restore delay where the OS cannot say when the paste was read (restore-plan.ts). */
  restoreDelayMs?: number | null;
}

export interface InsertResult {
  inserted: boolean;
  reason?: string;
  keepInCard?: boolean;
  /**
   * The key was sent but the app never took the text (no read of the clipboard seen): another paste key
   * may work there (the card offers one). `app`: the app, `pasteKey`: the key that did not work.
   */
  notTaken?: { app: string; pasteKey: PasteKeyName };
  /**
   * With `inserted`: true when the window was seen reading the text (X11 counts its clipboard
   * requests), false when the key was sent but nothing tells whether the app took it.
   */
  confirmed?: boolean;
}

export interface Card {
  runId: string;
  title: string;
  text: string;
  /** Still streaming. */
  pending: boolean;
  error?: string;
  /** What the trigger captured and how, e.g. "19 characters selected (X11 PRIMARY)". */
  captured?: string;
  /** Where the result went, in the user's words ("Inserted at the cursor", "Copied to the clipboard"). */
  notice?: string;
  /** The paste was sent but the app never took it: the card offers "use another paste key for <app>". */
  notTaken?: { app: string; pasteKey: PasteKeyName };
}

/** What a presenter says about a card it could not show. */
export interface CardNotShown {
  /** The user already closed this run's card: its later updates do not bring it back. */
  shown: false;
}

/** The floating card that shows a run's result near the cursor. */
export interface CardPresenterPort {
  /** Resolves `{ shown: false }` when the card is not on screen (closed by the user). */
  show(card: Card): Promise<CardNotShown | undefined>;
}

export interface NotifierPort {
  notify(title: string, body: string): Promise<void>;
}

/** API keys and other secrets: OS keychain in the app, environment variables in the CLI. Never logged. */
export interface SecretStorePort {
  /**
   * Where keys go: the OS's keyring or secure storage (kept across restarts), this process's memory only
   * (`session`), or the environment (the CLI's `--api-key-env`, read-only). Absent: `session`.
   */
  readonly kind?: 'system' | 'session' | 'environment';
  get(name: string): Promise<string | null>;
  set(name: string, value: string): Promise<void>;
  delete(name: string): Promise<void>;
}

export interface PlatformPorts {
  clipboard: ClipboardPort;
  inserter: TextInserterPort;
  focus: FocusPort;
  selection: SelectionPort;
  commandBar: CommandBarPort & LauncherPort;
  card: CardPresenterPort;
  notifier: NotifierPort;
  secrets: SecretStorePort;
}
