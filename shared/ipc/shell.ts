// The messages of the floating card and the command bar, both ways, as zod schemas keyed like their
// channel names (names.ts: CARD_CHANNELS, COMMAND_BAR_CHANNELS; a key missing on either side fails to
// compile). The main process checks what it receives and what it sends against them; the preloads import
// only the names, so they stay free of zod.
import { z } from 'zod';
import { LauncherSkill } from '../types/desktop';
import type { CARD_CHANNELS, COMMAND_BAR_CHANNELS, TOOLBAR_CHANNELS } from './names';

export const CARD_ACTIONS = [
  'copy',
  'insert',
  'pin',
  'close',
  'memo',
  'retry',
  'models',
  'otherPasteKey',
  /** The follow-up box's mic: say the follow-up (what was heard comes back as `dictated`). */
  'dictate',
] as const;
/**
 * A button or key of the card: the plain ones by name (`models`: the Retry with… picker opened, send the
 * providers and their models; `otherPasteKey`: the app did not take the paste — move its rule on to the
 * next paste key and insert again), and the two that carry what the user typed or picked.
 */
export const CardAction = z.union([
  z.enum(CARD_ACTIONS),
  z
    .object({
      type: z.literal('retryWith'),
      provider: z.string().trim().min(1).max(64),
      model: z.string().trim().max(200),
    })
    .strict(),
  z.object({ type: z.literal('continue'), message: z.string().trim().min(1).max(100_000) }).strict(),
]);
export type CardAction = z.infer<typeof CardAction>;

/** A follow-up as the card shows it: the message and its answer (streaming, or why it failed). */
export const CardTurn = z.object({
  message: z.string(),
  text: z.string(),
  pending: z.boolean(),
  error: z.string().nullable(),
});

/** The providers Retry with… offers, each with its models (the default first). */
export const CardModels = z.object({
  providers: z.array(z.object({ name: z.string(), models: z.array(z.string()) })),
});
export type CardModels = z.infer<typeof CardModels>;

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
  /** The follow-ups, in order. */
  turns: z.array(CardTurn),
  /** Which actions can work now (Insert: the run came from another app's window; Continue: it answered). */
  can: z.object({ insert: z.boolean(), continue: z.boolean(), retry: z.boolean(), memo: z.boolean() }),
  /** "Attempt 2", once retried; the provider and model that answered, when known. */
  attempt: z.string().nullable(),
  model: z.string().nullable(),
  /** After a paste the app did not take: the words of the "use another paste key for <app>" button. */
  otherPasteKey: z.string().nullable(),
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
  memo: z.string(),
  memoHint: z.string(),
  retry: z.string(),
  retryHint: z.string(),
  retryWith: z.string(),
  retryWithHint: z.string(),
  followUp: z.string(),
  send: z.string(),
  provider: z.string(),
  model: z.string(),
  run: z.string(),
  you: z.string(),
  /** The key hints line. */
  keys: z.string(),
  /** The follow-up box's mic button (absent: no recording indicator here, no mic). */
  dictate: z.string().optional(),
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
  labels: z.object({
    lang: z.string(),
    instruction: z.string(),
    captured: z.string(),
    /** The mic button's name (absent: no recording indicator in this host, no mic button). */
    dictate: z.string().optional(),
  }),
  /**
   * Text already in the field (a skilldeck:// link's instruction, to confirm or edit); the placeholder,
   * hidden behind it, is then shown as a line under the field.
   */
  initial: z.string().max(100_000).optional(),
  /** Present when the bar is the launcher: the skills for an empty filter and its own words. */
  launcher: z
    .object({
      skills: z.array(LauncherSkill),
      labels: z.object({
        search: z.string(),
        /** Shown when nothing matches. */
        none: z.string(),
        /** The instruction box's placeholder once a skill is chosen, with `{{name}}` filled in. */
        instructionFor: z.string(),
        /** The key hints under the list. */
        hints: z.string(),
      }),
    })
    .optional(),
});
export type CommandBarContext = z.infer<typeof CommandBarContext>;

/** The launcher's list for what is typed. */
export const LauncherList = z.object({ query: z.string(), skills: z.array(LauncherSkill) });
export type LauncherList = z.infer<typeof LauncherList>;

/** The launcher's choice. */
export const LauncherChoice = z
  .object({ skillId: z.string().min(1).max(200), instruction: z.string().optional() })
  .strict();
export type LauncherChoice = z.infer<typeof LauncherChoice>;

/**
 * The mic button's recording, as the page shows it: `listening` (the indicator is recording), `heard`
 * (with what was said, for the instruction box), `ended` (cancelled or nothing heard: the box is as it was).
 */
export const Dictation = z.discriminatedUnion('state', [
  z.object({ state: z.literal('listening') }),
  z.object({ state: z.literal('heard'), text: z.string().max(100_000) }),
  z.object({ state: z.literal('ended') }),
]);
export type Dictation = z.infer<typeof Dictation>;

/** Each card channel's message. */
export const cardMessages = {
  update: CardMessage,
  action: CardAction,
  models: CardModels,
  dictated: Dictation,
} satisfies Record<keyof typeof CARD_CHANNELS, z.ZodType>;

/** Each command bar channel's message; the main process cuts an instruction at 100,000 characters. */
export const commandBarMessages = {
  context: CommandBarContext,
  submit: z.string(),
  /** Sent without arguments. */
  cancel: z.undefined(),
  query: z.string().max(200),
  skills: LauncherList,
  choose: LauncherChoice,
  /** Sent without arguments. */
  compact: z.undefined(),
  /** Sent without arguments. */
  dictate: z.undefined(),
  dictated: Dictation,
} satisfies Record<keyof typeof COMMAND_BAR_CHANNELS, z.ZodType>;

/** A pinned skill as the selection toolbar shows it. */
export const ToolbarSkill = z.object({
  id: z.string(),
  name: z.string(),
  emoji: z.string(),
  /** The tooltip: "Run Polish on the selection" (with its hotkey when it has one). */
  hint: z.string(),
});
export type ToolbarSkill = z.infer<typeof ToolbarSkill>;

/** What the selection toolbar page renders (never the selected text: the main process keeps it). */
export const ToolbarView = z.object({
  skills: z.array(ToolbarSkill),
  labels: z.object({
    lang: z.string(),
    /** The toolbar's accessible name. */
    toolbar: z.string(),
    more: z.string(),
    copy: z.string(),
    copyHint: z.string(),
  }),
});
export type ToolbarView = z.infer<typeof ToolbarView>;

/** Each toolbar channel's message. */
export const toolbarMessages = {
  view: ToolbarView,
  run: z.string().min(1).max(200),
  /** Sent without arguments. */
  more: z.undefined(),
  /** Sent without arguments. */
  copy: z.undefined(),
  /** The width in CSS pixels the page's buttons need. */
  fit: z.number().int().min(40).max(4000),
} satisfies Record<keyof typeof TOOLBAR_CHANNELS, z.ZodType>;
