// The messages of the floating card and the command bar, both ways, as zod schemas keyed like their
// channel names (names.ts: CARD_CHANNELS, COMMAND_BAR_CHANNELS; a key missing on either side fails to
// compile). The main process checks what it receives and what it sends against them; the preloads import
// only the names, so they stay free of zod.
import { z } from 'zod';
import type { CARD_CHANNELS, COMMAND_BAR_CHANNELS } from './names';

export const CARD_ACTIONS = ['copy', 'insert', 'pin', 'close'] as const;
export const CardAction = z.enum(CARD_ACTIONS);
export type CardAction = z.infer<typeof CardAction>;

/** What the card page renders. */
export const CardView = z.object({
  runId: z.string(),
  title: z.string(),
  text: z.string(),
  pending: z.boolean(),
  error: z.string().nullable(),
  pinned: z.boolean(),
  /** A short line under the text: "Copied", or why Insert did not paste. */
  notice: z.string().nullable(),
});
export type CardView = z.infer<typeof CardView>;

/** The card's buttons and their tooltips, in the app's language (`lang`: its code, for the page). */
export const CardLabels = z.object({
  lang: z.string(),
  copy: z.string(),
  copyHint: z.string(),
  insert: z.string(),
  insertHint: z.string(),
  pin: z.string(),
  pinned: z.string(),
  pinHint: z.string(),
  close: z.string(),
  closeHint: z.string(),
});
export type CardLabels = z.infer<typeof CardLabels>;

/** What the main process sends the card page: the view and the words of its buttons. */
export const CardMessage = CardView.extend({ labels: CardLabels });
export type CardMessage = z.infer<typeof CardMessage>;

/** What the command bar page renders: never the whole selection, only its first 80 characters. */
export const CommandBarContext = z.object({
  title: z.string(),
  placeholder: z.string(),
  captured: z.object({ method: z.string(), preview: z.string(), chars: z.number() }),
  /** In the app's language: the input's accessible name, and the line saying what was captured. */
  labels: z.object({ lang: z.string(), instruction: z.string(), captured: z.string() }),
});
export type CommandBarContext = z.infer<typeof CommandBarContext>;

/** Each card channel's message. */
export const cardMessages = {
  update: CardMessage,
  action: CardAction,
} satisfies Record<keyof typeof CARD_CHANNELS, z.ZodType>;

/** Each command bar channel's message; the main process cuts an instruction at 100,000 characters. */
export const commandBarMessages = {
  context: CommandBarContext,
  submit: z.string(),
  /** Sent without arguments. */
  cancel: z.undefined(),
} satisfies Record<keyof typeof COMMAND_BAR_CHANNELS, z.ZodType>;
