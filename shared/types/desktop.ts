import { z } from 'zod';
import { RunId } from './run';
import { SkillId } from './skill';

/** `trigger:run`: what a hotkey does, from the dashboard, a deep link or the headless host. */
export const TriggerInput = z
  .object({
    skillId: SkillId,
    /** What the command bar would ask for; given, the command bar is not shown (except for links). */
    instruction: z.string().max(100_000).optional(),
    /**
     * Where the trigger came from. `link` (a skilldeck:// URL, which any web page can open) never runs
     * unattended: the command bar shows it, its instruction filled in, for the user to confirm.
     */
    source: z.enum(['hotkey', 'link', 'cli', 'dashboard']).default('dashboard'),
  })
  .strict();

export const TriggerResult = z.object({
  /** null when no run started (the command bar was dismissed). */
  runId: RunId.nullable(),
  /** How the selection was captured, and how much. */
  captured: z.object({
    method: z.enum(['accessibility', 'primary', 'copy', 'none']),
    chars: z.number().int().nonnegative(),
  }),
  /** The application focused at trigger time. */
  app: z.string().nullable(),
});

export const HotkeyState = z.enum(['registered', 'invalid', 'conflict', 'paused', 'unsupported']);

export const HotkeyStatus = z.object({
  skillId: z.string(),
  accelerator: z.string(),
  state: HotkeyState,
  /** Why it is not registered (e.g. "taken by another application"), and what to do (English). */
  message: z.string().nullable(),
  /** `conflict` with another skill: that skill's id (absent: the OS or another application refused it). */
  conflictWith: z.string().nullable().optional(),
});
export type HotkeyStatus = z.infer<typeof HotkeyStatus>;

export const HotkeysOverview = z.object({
  /** Global hotkeys exist in this host (false in the headless host and the CLI). */
  available: z.boolean(),
  paused: z.boolean(),
  /** e.g. "Wayland without the GlobalShortcuts portal: bind skilldeck://run/<skill> in your desktop settings". */
  note: z.string().nullable(),
  /** What the note is about, for a dashboard that says it in its own language. */
  noteKind: z.enum(['wayland', 'headless']).nullable().optional(),
  hotkeys: z.array(HotkeyStatus),
});
export type HotkeysOverview = z.infer<typeof HotkeysOverview>;
export type TriggerResult = z.infer<typeof TriggerResult>;
export type TriggerInput = z.input<typeof TriggerInput>;

/** `card:show`: the floating card's state, for hosts whose card is the dashboard (the headless host). */
export const CardState = z.object({
  runId: z.string(),
  title: z.string(),
  text: z.string(),
  pending: z.boolean(),
  error: z.string().optional(),
  captured: z.string().optional(),
  /** Where the result went, in the user's words ("Inserted at the cursor"). */
  notice: z.string().optional(),
});
