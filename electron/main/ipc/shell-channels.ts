// The IPC channels of the floating card and the command bar. They are not contract channels: these
// windows never reach the core, only the main process, which checks the sender is that very window.
// The preloads spell the names again (a sandboxed preload cannot load a shared chunk);
// shell-channels.test.ts checks they agree.

export const CARD_CHANNELS = {
  /** main → card: the card to show (`CardView`). */
  update: 'skilldeck-card:update',
  /** card → main: 'copy' | 'insert' | 'pin' | 'close'. */
  action: 'skilldeck-card:action',
} as const;

export const COMMAND_BAR_CHANNELS = {
  /** main → command bar: what it asks and what was captured (`CommandBarContext`). */
  context: 'skilldeck-command-bar:context',
  /** command bar → main: the instruction typed. */
  submit: 'skilldeck-command-bar:submit',
  /** command bar → main: dismissed. */
  cancel: 'skilldeck-command-bar:cancel',
} as const;

export const CARD_ACTIONS = ['copy', 'insert', 'pin', 'close'] as const;
export type CardAction = (typeof CARD_ACTIONS)[number];

export function isCardAction(value: unknown): value is CardAction {
  return typeof value === 'string' && (CARD_ACTIONS as readonly string[]).includes(value);
}

/** What the card page renders. */
export interface CardView {
  runId: string;
  title: string;
  text: string;
  pending: boolean;
  error: string | null;
  pinned: boolean;
  /** A short line under the text: "Copied", or why Insert did not paste. */
  notice: string | null;
}

/** The card's buttons and their tooltips, in the app's language (`lang`: its code, for the page). */
export interface CardLabels {
  lang: string;
  copy: string;
  copyHint: string;
  insert: string;
  insertHint: string;
  pin: string;
  pinned: string;
  pinHint: string;
  close: string;
  closeHint: string;
}

/** What the main process sends the card page: the view and the words of its buttons. */
export interface CardMessage extends CardView {
  labels: CardLabels;
}

/** What the command bar page renders: never the whole selection, only its first 80 characters. */
export interface CommandBarContext {
  title: string;
  placeholder: string;
  captured: { method: string; preview: string; chars: number };
  /** In the app's language: the input's accessible name, and the line saying what was captured. */
  labels: { lang: string; instruction: string; captured: string };
}
